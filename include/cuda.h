/* cuda.h - the CUDA driver API: the subset Drawbridge's libcuda implements.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Programs include this header for the driver
 * API's types (CUresult, CUdevice, CUdeviceptr, CUstream, ...) and link with -lcuda. libcuda
 * is built on the runtime library: devices, contexts, memory, copies, fills, streams and
 * events work, and share their handles and memory with the runtime API. Module loading and
 * kernel launch through the driver API are not available; those functions are not declared,
 * so using one is a compile error that names it. The entry points are listed, with their
 * signatures, in drawbridge/cuda_driver_api.def. The header is valid C and C++.
 */
#ifndef __DRAWBRIDGE_CUDA_H__
#define __DRAWBRIDGE_CUDA_H__
/* The conventional guard name, which some code tests for. */
#define __cuda_cuda_h__

/* The types, and CUDA_VERSION (12080), which that header explains. */
#include "drawbridge/cuda_driver_types.h"

/* Code calls entry points by their plain names; NVIDIA's driver exports the current version of
   some under a suffixed name (_v2), and code built with --default-stream per-thread (which
   defines CUDA_API_PER_THREAD_DEFAULT_STREAM) calls the per-thread-stream variants. */
#if defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define __DRAWBRIDGE_CU_PTDS(name) name##_ptds
#define __DRAWBRIDGE_CU_PTSZ(name) name##_ptsz
#define cuMemcpy __DRAWBRIDGE_CU_PTDS(cuMemcpy)
#define cuMemcpyAsync __DRAWBRIDGE_CU_PTSZ(cuMemcpyAsync)
#define cuMemsetD8Async __DRAWBRIDGE_CU_PTSZ(cuMemsetD8Async)
#define cuMemsetD16Async __DRAWBRIDGE_CU_PTSZ(cuMemsetD16Async)
#define cuMemsetD32Async __DRAWBRIDGE_CU_PTSZ(cuMemsetD32Async)
#define cuStreamSynchronize __DRAWBRIDGE_CU_PTSZ(cuStreamSynchronize)
#define cuStreamQuery __DRAWBRIDGE_CU_PTSZ(cuStreamQuery)
#define cuStreamWaitEvent __DRAWBRIDGE_CU_PTSZ(cuStreamWaitEvent)
#define cuEventRecord __DRAWBRIDGE_CU_PTSZ(cuEventRecord)
#else
#define __DRAWBRIDGE_CU_PTDS(name) name
#define __DRAWBRIDGE_CU_PTSZ(name) name
#endif
#define cuDeviceGetUuid cuDeviceGetUuid_v2
#define cuDeviceTotalMem cuDeviceTotalMem_v2
#define cuDevicePrimaryCtxRelease cuDevicePrimaryCtxRelease_v2
#define cuCtxCreate cuCtxCreate_v2
#define cuCtxDestroy cuCtxDestroy_v2
#define cuCtxPushCurrent cuCtxPushCurrent_v2
#define cuCtxPopCurrent cuCtxPopCurrent_v2
#define cuMemGetInfo cuMemGetInfo_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuMemFree cuMemFree_v2
#define cuMemAllocHost cuMemAllocHost_v2
#define cuMemcpyHtoD __DRAWBRIDGE_CU_PTDS(cuMemcpyHtoD_v2)
#define cuMemcpyDtoH __DRAWBRIDGE_CU_PTDS(cuMemcpyDtoH_v2)
#define cuMemcpyDtoD __DRAWBRIDGE_CU_PTDS(cuMemcpyDtoD_v2)
#define cuMemcpyHtoDAsync __DRAWBRIDGE_CU_PTSZ(cuMemcpyHtoDAsync_v2)
#define cuMemcpyDtoHAsync __DRAWBRIDGE_CU_PTSZ(cuMemcpyDtoHAsync_v2)
#define cuMemcpyDtoDAsync __DRAWBRIDGE_CU_PTSZ(cuMemcpyDtoDAsync_v2)
#define cuMemsetD8 __DRAWBRIDGE_CU_PTDS(cuMemsetD8_v2)
#define cuMemsetD16 __DRAWBRIDGE_CU_PTDS(cuMemsetD16_v2)
#define cuMemsetD32 __DRAWBRIDGE_CU_PTDS(cuMemsetD32_v2)
#define cuStreamDestroy cuStreamDestroy_v2
#define cuEventDestroy cuEventDestroy_v2

#if defined(__cplusplus)
extern "C" {
#endif

#define CU_API(name, params) CUresult CUDAAPI name params;
#define CU_API_PTDS(name, params)                                                                  \
  CUresult CUDAAPI name params;                                                                    \
  CUresult CUDAAPI name##_ptds params;
#define CU_API_PTSZ(name, params)                                                                  \
  CUresult CUDAAPI name params;                                                                    \
  CUresult CUDAAPI name##_ptsz params;
#include "drawbridge/cuda_driver_api.def"

#if defined(__cplusplus)
}
#endif

#endif /* __DRAWBRIDGE_CUDA_H__ */
