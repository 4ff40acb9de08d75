/* cuda_device_runtime_api.h - the device runtime's launch API, declared.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. NVIDIA's header declares the runtime API
 * that device code may call to launch kernels (dynamic parallelism). CUB and Thrust refer to
 * it in functions they compile for both sides, so it is declared here (cuda_runtime.h
 * includes this header, as NVIDIA's does); Drawbridge does not support dynamic parallelism
 * yet, and device code that really calls one of these functions is a compile error naming it.
 * Including this header by name also gives the host runtime API, as cuda_runtime_api.h does.
 */
#ifndef __DRAWBRIDGE_CUDA_DEVICE_RUNTIME_API_H__
#define __DRAWBRIDGE_CUDA_DEVICE_RUNTIME_API_H__

#include "cuda_runtime_api.h"

#if defined(__CUDACC__)
__DRAWBRIDGE_BEGIN_EXTERN_C
__device__ void *cudaGetParameterBuffer(size_t alignment, size_t size);
__device__ void *cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension,
                                          unsigned int sharedMemSize);
__device__ cudaError_t cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                                        dim3 blockDimension, unsigned int sharedMemSize,
                                        cudaStream_t stream);
__device__ cudaError_t cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream);
__device__ cudaError_t __cudaDeviceSynchronizeDeprecationAvoidance(void);
__DRAWBRIDGE_END_EXTERN_C
#endif

#endif /* __DRAWBRIDGE_CUDA_DEVICE_RUNTIME_API_H__ */
