/* drawbridge/device/c_library.h - the C library functions device code can call.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. printf (with clang's device lowering),
 * malloc and free on the device heap, memcpy/memset, and the Bessel functions, as CUDA
 * provides them.
 */
#ifndef __DRAWBRIDGE_DEVICE_C_LIBRARY_H__
#define __DRAWBRIDGE_DEVICE_C_LIBRARY_H__

#include "common.h"

#include <stddef.h>

__DRAWBRIDGE_BEGIN_EXTERN_C
__device__ int printf(const char *format, ...);
__device__ int vprintf(const char *format, const char *packed_arguments);
__device__ void *malloc(size_t size) __attribute__((nothrow));
__device__ void free(void *pointer) __attribute__((nothrow));
/* Memory from the device heap aligned to align (a power of two), released with free(). */
__device__ void *__nv_aligned_device_malloc(size_t size, size_t align) __attribute__((nothrow));
__device__ void *memcpy(void *destination, const void *source, size_t count)
    __attribute__((nothrow));
__device__ void *memset(void *destination, int value, size_t count) __attribute__((nothrow));
/* Bessel functions of the first and second kinds, which CUDA's Math API shares with the C
 * library (j0, j1, y0 and y1 are refined in math_refined.h). */
__device__ double jn(int n, double x) __attribute__((nothrow));
__device__ double yn(int n, double x) __attribute__((nothrow));
__DRAWBRIDGE_END_EXTERN_C

#endif /* __DRAWBRIDGE_DEVICE_C_LIBRARY_H__ */
