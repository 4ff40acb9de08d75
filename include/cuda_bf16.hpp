/* cuda_bf16.hpp - kept because CUDA code includes it by name.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. NVIDIA's toolkit defines the functions
 * declared in cuda_bf16.h in this file; Drawbridge defines them in cuda_bf16.h itself, and
 * including this name gives the same.
 */
#ifndef __DRAWBRIDGE_CUDA_BF16_HPP__
#define __DRAWBRIDGE_CUDA_BF16_HPP__
#define __CUDA_BF16_HPP__

#include "cuda_bf16.h"

#endif /* __DRAWBRIDGE_CUDA_BF16_HPP__ */
