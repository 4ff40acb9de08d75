/* cuda_runtime_api.h - the C interface of the CUDA Runtime API.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Usable from C, from C++ and from CUDA code.
 * The declarations come from drawbridge/cuda_runtime_api.def, the one list of entry points
 * (with each one's support status). Code built with --default-stream per-thread gets
 * CUDA_API_PER_THREAD_DEFAULT_STREAM defined and calls the per-thread-stream variants.
 */
#ifndef __DRAWBRIDGE_CUDA_RUNTIME_API_H__
#define __DRAWBRIDGE_CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

/* The CUDA release whose runtime API this header follows: 12.8. */
#define CUDART_VERSION 12080
#define __CUDART_API_VERSION 12080

#include "builtin_types.h"
#include "host_defines.h"

#include <stddef.h>

#if defined(__cplusplus)
#define __dv(v) = v
#else
#define __dv(v)
#endif

__DRAWBRIDGE_BEGIN_EXTERN_C
#define CUDA_API(status, ret, name, params) extern __host__ ret CUDARTAPI name params;
#define CUDA_API_PER_THREAD(ret, name, params, args)                                               \
  extern __host__ ret CUDARTAPI name##_ptsz params;
#include "drawbridge/cuda_runtime_api.def"
__DRAWBRIDGE_END_EXTERN_C

#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#include "drawbridge/per_thread_default_stream.h"
#endif

#endif /* __DRAWBRIDGE_CUDA_RUNTIME_API_H__ */
