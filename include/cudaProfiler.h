/* cudaProfiler.h - profiler control for the CUDA driver API.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuProfilerStart() and cuProfilerStop()
 * bracket the region a profiler should record; cuda.h declares them with the rest of libcuda's
 * entry points. With no profiler attached they succeed and do nothing, as NVIDIA's do.
 */
#ifndef __DRAWBRIDGE_CUDA_PROFILER_H__
#define __DRAWBRIDGE_CUDA_PROFILER_H__

#include "cuda.h"

#endif /* __DRAWBRIDGE_CUDA_PROFILER_H__ */
