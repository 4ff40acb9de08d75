/* cuda_profiler_api.h - profiler control for the CUDA runtime API.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Programs bracket the region they want a
 * profiler to record with cudaProfilerStart() and cudaProfilerStop(). Both are declared with
 * the rest of the runtime API (drawbridge/cuda_runtime_api.def); with no profiler attached they
 * succeed and do nothing, as NVIDIA's do.
 */
#ifndef __DRAWBRIDGE_CUDA_PROFILER_API_H__
#define __DRAWBRIDGE_CUDA_PROFILER_API_H__
/* The conventional guard name, which some code tests for. */
#define __CUDA_PROFILER_API_H__

#include "cuda_runtime_api.h"

#endif /* __DRAWBRIDGE_CUDA_PROFILER_API_H__ */
