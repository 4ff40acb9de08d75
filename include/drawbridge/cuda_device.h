/* drawbridge/cuda_device.h - everything CUDA offers inside device code.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuda_runtime.h includes this when compiling
 * CUDA (__CUDACC__); the named headers NVIDIA's toolkit has (device_functions.h,
 * sm_30_intrinsics.h, ...) include the same pieces.
 */
#ifndef __DRAWBRIDGE_CUDA_DEVICE_H__
#define __DRAWBRIDGE_CUDA_DEVICE_H__

#if defined(__CUDACC__)
/* The C library functions device code may call, declared before any standard header: clang's
   own <new> wrapper defines device operator new in terms of malloc. */
#include "device/c_library.h"
/* Device math functions that the C++ library's templates call by name (math_forward.h). */
#include "device/math_forward.h"

/* The standard headers NVIDIA's nvcc includes implicitly with cuda_runtime.h: existing code
   relies on them without including them itself. */
#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__cplusplus)
#include <cmath>
#include <cstdlib>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#endif

#include "device/atomic_builtins.h"
#include "device/atomics.h"
#include "device/builtin_variables.h"
#include "device/directed_rounding.h"
#include "device/float_intrinsics.h"
#include "device/integer_intrinsics.h"
#include "device/math.h"
#include "device/math_special.h"
#include "device/runtime_services.h"
#include "device/simd_intrinsics.h"
#include "device/simd_minmax.h"
#include "device/synchronization.h"
#include "device/texture_fetch.h"
#include "device/warp.h"
#endif

#endif /* __DRAWBRIDGE_CUDA_DEVICE_H__ */
