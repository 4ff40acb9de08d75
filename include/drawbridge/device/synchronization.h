/* drawbridge/device/synchronization.h - barriers and memory fences.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. These map to the NVVM barrier and fence
 * builtins; each Drawbridge back end gives those their CUDA meaning (on the CPU, barriers
 * split the kernel into thread-loop regions).
 */
#ifndef __DRAWBRIDGE_DEVICE_SYNCHRONIZATION_H__
#define __DRAWBRIDGE_DEVICE_SYNCHRONIZATION_H__

#include "common.h"

/* __syncthreads() is a clang builtin in device code; the host side only needs to see it. */
__device__ void __syncthreads(void);

__DRAWBRIDGE_DEVICE int __syncthreads_count(int predicate) { return __nvvm_bar0_popc(predicate); }
__DRAWBRIDGE_DEVICE int __syncthreads_and(int predicate) { return __nvvm_bar0_and(predicate); }
__DRAWBRIDGE_DEVICE int __syncthreads_or(int predicate) { return __nvvm_bar0_or(predicate); }
__DRAWBRIDGE_DEVICE void __syncwarp(unsigned int mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
__DRAWBRIDGE_DEVICE void __barrier_sync(unsigned int id) { __nvvm_barrier_sync(id); }

__DRAWBRIDGE_DEVICE void __threadfence_block(void) { __nvvm_membar_cta(); }
__DRAWBRIDGE_DEVICE void __threadfence(void) { __nvvm_membar_gl(); }
__DRAWBRIDGE_DEVICE void __threadfence_system(void) { __nvvm_membar_sys(); }

#endif /* __DRAWBRIDGE_DEVICE_SYNCHRONIZATION_H__ */
