/* drawbridge/cuda_device.h - everything CUDA offers inside device code.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuda_runtime.h includes this when compiling
 * CUDA (__CUDACC__); the named headers NVIDIA's toolkit has (device_functions.h,
 * sm_30_intrinsics.h, ...) include the same pieces.
 */
#ifndef __DRAWBRIDGE_CUDA_DEVICE_H__
#define __DRAWBRIDGE_CUDA_DEVICE_H__

#if defined(__CUDACC__)
#include "device/atomics.h"
#include "device/builtin_variables.h"
#include "device/float_intrinsics.h"
#include "device/integer_intrinsics.h"
#include "device/math.h"
#include "device/runtime_services.h"
#include "device/synchronization.h"
#include "device/warp.h"
#endif

#endif /* __DRAWBRIDGE_CUDA_DEVICE_H__ */
