/* host_defines.h - CUDA's execution-space, memory-space and function qualifiers.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Under Drawbridge's nvcc (clang in CUDA
 * mode) the qualifiers are clang's CUDA attributes; under a plain C or C++ compiler, which may
 * include the runtime headers to call the host API, they expand to nothing so that the same
 * declarations still parse.
 */
#ifndef __DRAWBRIDGE_HOST_DEFINES_H__
#define __DRAWBRIDGE_HOST_DEFINES_H__
#define __HOST_DEFINES_H__

#if defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* Clang's CUDA mode has no managed variables; Drawbridge marks them as device variables that
   the runtime makes share storage with their host side (see RedirectManagedVariablesPass). */
#define __managed__ __attribute__((device)) __attribute__((annotate("drawbridge.managed")))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
/* Only the device side knows grid_constant; the host side would warn that it ignores it. */
#if defined(__CUDA_ARCH__)
#define __grid_constant__ __attribute__((grid_constant))
#else
#define __grid_constant__
#endif
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#define __grid_constant__
#endif

/* Accepted for source compatibility; they tune NVIDIA's register allocator and cluster
   scheduler, which the CPU target does not have. */
#define __maxnreg__(n)
#define __cluster_dims__(...)

#define __forceinline__ __inline__ __attribute__((always_inline))
/* __noinline__ is a keyword of clang's CUDA mode (libstdc++ uses __attribute__((__noinline__)),
   which a macro would break), so it is not defined here. */
#define __inline_hint__
#define __align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __import__
#define __export__
#define __cdecl
#define __annotate__(a) __attribute__((a))
#define __location__(a) __annotate__(a)
#define __no_return__ __attribute__((noreturn))
#define __nv_pure__ __attribute__((pure))
#define __builtin_align__(a) __align__(a)
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __specialization_static
#define CUDARTAPI
#define CUDARTAPI_CDECL
#ifndef CUDART_CB
#define CUDART_CB
#endif

#if defined(__cplusplus)
#define __DRAWBRIDGE_EXTERN_C extern "C"
#define __DRAWBRIDGE_BEGIN_EXTERN_C extern "C" {
#define __DRAWBRIDGE_END_EXTERN_C }
#else
#define __DRAWBRIDGE_EXTERN_C extern
#define __DRAWBRIDGE_BEGIN_EXTERN_C
#define __DRAWBRIDGE_END_EXTERN_C
#endif

#endif /* __DRAWBRIDGE_HOST_DEFINES_H__ */
