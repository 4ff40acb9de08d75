/* drawbridge/device/atomics.h - CUDA's atomic functions.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Every atomic is relaxed, as CUDA's are,
 * and built on clang's scoped atomic builtins: the plain form is device-scoped, _block is
 * block-scoped and _system system-scoped. atomicInc/atomicDec wrap as CUDA documents
 * ((old >= val) ? 0 : old + 1, and ((old == 0) || (old > val)) ? val : old - 1).
 */
#ifndef __DRAWBRIDGE_DEVICE_ATOMICS_H__
#define __DRAWBRIDGE_DEVICE_ATOMICS_H__

#include "common.h"

#include "../../vector_types.h"

/* Functions NVIDIA provides from some compute capability on are declared from that capability
   on here too (the host pass sees them all): code that supplies its own version for older
   GPUs, a common pattern for atomicAdd on double, must not collide with ours. */
#define __DRAWBRIDGE_ATOMIC_RMW(name, builtin, type)                                               \
  __DRAWBRIDGE_DEVICE type name(type *address, type val) {                                         \
    return builtin(address, val, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);                         \
  }
/* The _block and _system forms (compute capability 6.0 on). */
#define __DRAWBRIDGE_ATOMIC_RMW_SCOPED(name, builtin, type)                                        \
  __DRAWBRIDGE_DEVICE type name##_block(type *address, type val) {                                 \
    return builtin(address, val, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);                         \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE type name##_system(type *address, type val) {                                \
    return builtin(address, val, __ATOMIC_RELAXED, __MEMORY_SCOPE_SYSTEM);                         \
  }

#define __DRAWBRIDGE_ATOMIC_RMW_ALL(X)                                                             \
  X(atomicAdd, __scoped_atomic_fetch_add, int)                                                     \
  X(atomicAdd, __scoped_atomic_fetch_add, unsigned int)                                            \
  X(atomicAdd, __scoped_atomic_fetch_add, unsigned long long int)                                  \
  X(atomicAdd, __scoped_atomic_fetch_add, float)                                                   \
  X(atomicSub, __scoped_atomic_fetch_sub, int)                                                     \
  X(atomicSub, __scoped_atomic_fetch_sub, unsigned int)                                            \
  X(atomicExch, __scoped_atomic_exchange_n, int)                                                   \
  X(atomicExch, __scoped_atomic_exchange_n, unsigned int)                                          \
  X(atomicExch, __scoped_atomic_exchange_n, unsigned long long int)                                \
  X(atomicMin, __scoped_atomic_fetch_min, int)                                                     \
  X(atomicMin, __scoped_atomic_fetch_min, unsigned int)                                            \
  X(atomicMin, __scoped_atomic_fetch_min, long long int)                                           \
  X(atomicMin, __scoped_atomic_fetch_min, unsigned long long int)                                  \
  X(atomicMax, __scoped_atomic_fetch_max, int)                                                     \
  X(atomicMax, __scoped_atomic_fetch_max, unsigned int)                                            \
  X(atomicMax, __scoped_atomic_fetch_max, long long int)                                           \
  X(atomicMax, __scoped_atomic_fetch_max, unsigned long long int)                                  \
  X(atomicAnd, __scoped_atomic_fetch_and, int)                                                     \
  X(atomicAnd, __scoped_atomic_fetch_and, unsigned int)                                            \
  X(atomicAnd, __scoped_atomic_fetch_and, unsigned long long int)                                  \
  X(atomicAnd, __scoped_atomic_fetch_and, long long int)                                           \
  X(atomicOr, __scoped_atomic_fetch_or, int)                                                       \
  X(atomicOr, __scoped_atomic_fetch_or, unsigned int)                                              \
  X(atomicOr, __scoped_atomic_fetch_or, unsigned long long int)                                    \
  X(atomicOr, __scoped_atomic_fetch_or, long long int)                                             \
  X(atomicXor, __scoped_atomic_fetch_xor, int)                                                     \
  X(atomicXor, __scoped_atomic_fetch_xor, unsigned int)                                            \
  X(atomicXor, __scoped_atomic_fetch_xor, unsigned long long int)                                  \
  X(atomicXor, __scoped_atomic_fetch_xor, long long int)

__DRAWBRIDGE_ATOMIC_RMW_ALL(__DRAWBRIDGE_ATOMIC_RMW)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__DRAWBRIDGE_ATOMIC_RMW(atomicAdd, __scoped_atomic_fetch_add, double)
__DRAWBRIDGE_ATOMIC_RMW_ALL(__DRAWBRIDGE_ATOMIC_RMW_SCOPED)
__DRAWBRIDGE_ATOMIC_RMW_SCOPED(atomicAdd, __scoped_atomic_fetch_add, double)
#endif
#undef __DRAWBRIDGE_ATOMIC_RMW_ALL
#undef __DRAWBRIDGE_ATOMIC_RMW_SCOPED
#undef __DRAWBRIDGE_ATOMIC_RMW

/* atomicAdd on float2 and float4 (compute capability 9.0 on): each element is added
 * atomically on its own, as CUDA documents, not the vector as a whole. */
#define __DRAWBRIDGE_ATOMIC_ADD_VECTORS(suffix)                                                    \
  __DRAWBRIDGE_DEVICE float2 atomicAdd##suffix(float2 *address, float2 val) {                      \
    float2 old;                                                                                    \
    old.x = atomicAdd##suffix(&address->x, val.x);                                                 \
    old.y = atomicAdd##suffix(&address->y, val.y);                                                 \
    return old;                                                                                    \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float4 atomicAdd##suffix(float4 *address, float4 val) {                      \
    float4 old;                                                                                    \
    old.x = atomicAdd##suffix(&address->x, val.x);                                                 \
    old.y = atomicAdd##suffix(&address->y, val.y);                                                 \
    old.z = atomicAdd##suffix(&address->z, val.z);                                                 \
    old.w = atomicAdd##suffix(&address->w, val.w);                                                 \
    return old;                                                                                    \
  }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__DRAWBRIDGE_ATOMIC_ADD_VECTORS()
__DRAWBRIDGE_ATOMIC_ADD_VECTORS(_block)
__DRAWBRIDGE_ATOMIC_ADD_VECTORS(_system)
#endif
#undef __DRAWBRIDGE_ATOMIC_ADD_VECTORS

/* atomicExch on float exchanges the bits. */
#define __DRAWBRIDGE_ATOMIC_EXCH_FLOAT(suffix)                                                     \
  __DRAWBRIDGE_DEVICE float atomicExch##suffix(float *address, float val) {                        \
    return __builtin_bit_cast(float, atomicExch##suffix((unsigned int *)address,                   \
                                                        __builtin_bit_cast(unsigned int, val)));   \
  }
__DRAWBRIDGE_ATOMIC_EXCH_FLOAT()
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__DRAWBRIDGE_ATOMIC_EXCH_FLOAT(_block)
__DRAWBRIDGE_ATOMIC_EXCH_FLOAT(_system)
#endif
#undef __DRAWBRIDGE_ATOMIC_EXCH_FLOAT

#define __DRAWBRIDGE_ATOMIC_CAS(suffix, scope, type)                                               \
  __DRAWBRIDGE_DEVICE type atomicCAS##suffix(type *address, type compare, type val) {              \
    __scoped_atomic_compare_exchange_n(address, &compare, val, false, __ATOMIC_RELAXED,            \
                                       __ATOMIC_RELAXED, scope);                                   \
    return compare;                                                                                \
  }
#define __DRAWBRIDGE_ATOMIC_CAS_SCOPED(type)                                                       \
  __DRAWBRIDGE_ATOMIC_CAS(_block, __MEMORY_SCOPE_WRKGRP, type)                                     \
  __DRAWBRIDGE_ATOMIC_CAS(_system, __MEMORY_SCOPE_SYSTEM, type)
__DRAWBRIDGE_ATOMIC_CAS(, __MEMORY_SCOPE_DEVICE, int)
__DRAWBRIDGE_ATOMIC_CAS(, __MEMORY_SCOPE_DEVICE, unsigned int)
__DRAWBRIDGE_ATOMIC_CAS(, __MEMORY_SCOPE_DEVICE, unsigned long long int)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__DRAWBRIDGE_ATOMIC_CAS_SCOPED(int)
__DRAWBRIDGE_ATOMIC_CAS_SCOPED(unsigned int)
__DRAWBRIDGE_ATOMIC_CAS_SCOPED(unsigned long long int)
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
__DRAWBRIDGE_ATOMIC_CAS(, __MEMORY_SCOPE_DEVICE, unsigned short int)
__DRAWBRIDGE_ATOMIC_CAS_SCOPED(unsigned short int)
#endif
#undef __DRAWBRIDGE_ATOMIC_CAS_SCOPED
#undef __DRAWBRIDGE_ATOMIC_CAS

#define __DRAWBRIDGE_ATOMIC_WRAP(suffix, scope)                                                    \
  __DRAWBRIDGE_DEVICE unsigned int atomicInc##suffix(unsigned int *address, unsigned int val) {    \
    unsigned int old = __scoped_atomic_load_n(address, __ATOMIC_RELAXED, scope);                   \
    while (!__scoped_atomic_compare_exchange_n(address, &old, old >= val ? 0u : old + 1u, true,    \
                                               __ATOMIC_RELAXED, __ATOMIC_RELAXED, scope)) {       \
    }                                                                                              \
    return old;                                                                                    \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE unsigned int atomicDec##suffix(unsigned int *address, unsigned int val) {    \
    unsigned int old = __scoped_atomic_load_n(address, __ATOMIC_RELAXED, scope);                   \
    while (!__scoped_atomic_compare_exchange_n(address, &old,                                      \
                                               (old == 0u || old > val) ? val : old - 1u, true,    \
                                               __ATOMIC_RELAXED, __ATOMIC_RELAXED, scope)) {       \
    }                                                                                              \
    return old;                                                                                    \
  }
__DRAWBRIDGE_ATOMIC_WRAP(, __MEMORY_SCOPE_DEVICE)
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
__DRAWBRIDGE_ATOMIC_WRAP(_block, __MEMORY_SCOPE_WRKGRP)
__DRAWBRIDGE_ATOMIC_WRAP(_system, __MEMORY_SCOPE_SYSTEM)
#endif
#undef __DRAWBRIDGE_ATOMIC_WRAP

#endif /* __DRAWBRIDGE_DEVICE_ATOMICS_H__ */
