/* cuda_device_runtime_api.h - kept because CUDA code includes it by name.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. NVIDIA's header declares the runtime API
 * that device code may call (dynamic parallelism), which Drawbridge does not support yet;
 * including it gives the host runtime API, as cuda_runtime_api.h does.
 */
#ifndef __DRAWBRIDGE_CUDA_DEVICE_RUNTIME_API_H__
#define __DRAWBRIDGE_CUDA_DEVICE_RUNTIME_API_H__

#include "cuda_runtime_api.h"

#endif /* __DRAWBRIDGE_CUDA_DEVICE_RUNTIME_API_H__ */
