/* crt/common_functions.h - kept because CUDA code includes it by this path.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. NVIDIA's toolkit keeps part of its headers
 * under crt/; in Drawbridge what this one declares comes with cuda_runtime.h.
 */
#ifndef __DRAWBRIDGE_CRT_COMMON_FUNCTIONS_H__
#define __DRAWBRIDGE_CRT_COMMON_FUNCTIONS_H__

#include "../cuda_runtime.h"

#endif /* __DRAWBRIDGE_CRT_COMMON_FUNCTIONS_H__ */
