/* drawbridge/device/runtime_services.h - printf, assert, malloc, clocks, traps, __ldg and the
 * address-space predicates.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Device printf uses clang's CUDA lowering
 * (arguments packed into a buffer for vprintf), which every Drawbridge runtime implements.
 * A failed device assert reports the thread and block and then stops the kernel with
 * cudaErrorAssert, as CUDA does.
 */
#ifndef __DRAWBRIDGE_DEVICE_RUNTIME_SERVICES_H__
#define __DRAWBRIDGE_DEVICE_RUNTIME_SERVICES_H__

#include "common.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__cplusplus)
#include <new>
#endif

__DRAWBRIDGE_BEGIN_EXTERN_C
__device__ void __drawbridge_assert_fail(const char *expression, const char *file,
                                         unsigned int line, const char *function,
                                         unsigned int tid_x, unsigned int tid_y, unsigned int tid_z)
    __attribute__((noreturn));
__DRAWBRIDGE_END_EXTERN_C

/* glibc's assert() calls __assert_fail; device code gets this overload instead. */
static __device__ __attribute__((noreturn)) void
__assert_fail(const char *expression, const char *file, unsigned int line, const char *function) {
  __drawbridge_assert_fail(expression, file, line, function, __nvvm_read_ptx_sreg_tid_x(),
                           __nvvm_read_ptx_sreg_tid_y(), __nvvm_read_ptx_sreg_tid_z());
}

__DRAWBRIDGE_DEVICE void __trap(void) { __builtin_trap(); }
__DRAWBRIDGE_DEVICE void __brkpt(void) { __builtin_trap(); }
__DRAWBRIDGE_DEVICE long long int clock64(void) { return __nvvm_read_ptx_sreg_clock64(); }
__DRAWBRIDGE_DEVICE long int clock(void) { return (long int)__nvvm_read_ptx_sreg_clock(); }
__DRAWBRIDGE_DEVICE unsigned long long __globaltimer(void) {
  return __nvvm_read_ptx_sreg_globaltimer();
}
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__DRAWBRIDGE_DEVICE void __nanosleep(unsigned int ns) { __nvvm_nanosleep(ns); }
#endif
__DRAWBRIDGE_DEVICE void __prof_trigger(int counter) { (void)counter; }

/* Address-space predicates: which memory a generic pointer points into. */
__DRAWBRIDGE_DEVICE unsigned int __isGlobal(const void *p) { return __nvvm_isspacep_global(p); }
__DRAWBRIDGE_DEVICE unsigned int __isShared(const void *p) { return __nvvm_isspacep_shared(p); }
__DRAWBRIDGE_DEVICE unsigned int __isLocal(const void *p) { return __nvvm_isspacep_local(p); }
__DRAWBRIDGE_DEVICE unsigned int __isConstant(const void *p) { return __nvvm_isspacep_const(p); }
/* A block is a cluster of one (Drawbridge launches no larger clusters), so the cluster's shared
 * memory is the block's. */
__DRAWBRIDGE_DEVICE unsigned int __isCtaShared(const void *p) { return __nvvm_isspacep_shared(p); }
__DRAWBRIDGE_DEVICE unsigned int __isClusterShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}

/* Address-space conversions. Drawbridge's memory is one flat address space, so an address in
 * any space is the generic address itself, and converting there and back is the identity. */
#define __DRAWBRIDGE_CVTA(space)                                                                   \
  __DRAWBRIDGE_DEVICE size_t __cvta_generic_to_##space(const void *p) { return (size_t)p; }        \
  __DRAWBRIDGE_DEVICE void *__cvta_##space##_to_generic(size_t a) { return (void *)a; }
__DRAWBRIDGE_CVTA(global)
__DRAWBRIDGE_CVTA(shared)
__DRAWBRIDGE_CVTA(constant)
__DRAWBRIDGE_CVTA(local)
#undef __DRAWBRIDGE_CVTA

/* Cache-hinted loads and stores: plain accesses with the same result. The volatile forms
 * (__ldcv: fetch again, __stwt: write through) are plain accesses between compiler barriers,
 * which also works for the vector types, whose copies have no volatile form. */
template <typename T> __DRAWBRIDGE_DEVICE T __ldg(const T *address) { return *address; }
template <typename T> __DRAWBRIDGE_DEVICE T __ldcg(const T *address) { return *address; }
template <typename T> __DRAWBRIDGE_DEVICE T __ldca(const T *address) { return *address; }
template <typename T> __DRAWBRIDGE_DEVICE T __ldcs(const T *address) { return *address; }
template <typename T> __DRAWBRIDGE_DEVICE T __ldlu(const T *address) { return *address; }
template <typename T> __DRAWBRIDGE_DEVICE T __ldcv(const T *address) {
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  T value = *address;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return value;
}
template <typename T> __DRAWBRIDGE_DEVICE void __stwb(T *address, T value) { *address = value; }
template <typename T> __DRAWBRIDGE_DEVICE void __stcg(T *address, T value) { *address = value; }
template <typename T> __DRAWBRIDGE_DEVICE void __stcs(T *address, T value) { *address = value; }
template <typename T> __DRAWBRIDGE_DEVICE void __stwt(T *address, T value) {
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  *address = value;
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
}

#endif /* __DRAWBRIDGE_DEVICE_RUNTIME_SERVICES_H__ */
