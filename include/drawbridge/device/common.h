/* drawbridge/device/common.h - qualifiers shared by Drawbridge's device function headers.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Device functions are static inline so each
 * translation unit gets its own copy and no symbol ever reaches the linker; host+device
 * helpers likewise.
 */
#ifndef __DRAWBRIDGE_DEVICE_COMMON_H__
#define __DRAWBRIDGE_DEVICE_COMMON_H__

#include "../../host_defines.h"

#define __DRAWBRIDGE_DEVICE static __device__ __forceinline__
#define __DRAWBRIDGE_HOST_DEVICE static __host__ __device__ __forceinline__

#endif /* __DRAWBRIDGE_DEVICE_COMMON_H__ */
