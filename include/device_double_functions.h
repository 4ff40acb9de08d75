/* device_double_functions.h - kept because CUDA code includes it by name.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. The functions NVIDIA's toolkit declares in
 * this header come with cuda_runtime.h in Drawbridge; including it directly gives the same.
 */
#ifndef __DRAWBRIDGE_DEVICE_DOUBLE_FUNCTIONS_H__
#define __DRAWBRIDGE_DEVICE_DOUBLE_FUNCTIONS_H__

#include "cuda_runtime.h"

#endif /* __DRAWBRIDGE_DEVICE_DOUBLE_FUNCTIONS_H__ */
