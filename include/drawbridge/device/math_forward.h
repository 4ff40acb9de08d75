/* drawbridge/device/math_forward.h - device math functions declared before the C++ library.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. libstdc++'s <cmath> gives mixed-type calls
 * (fmax(x, 0) with a double x, atan2(1, y), pow(2, 3)) templates that convert the arguments to
 * double and call the double function by its plain name. That name is looked up where the
 * template is written, so the device overload must already be declared there, or device code
 * finds only the host function. cuda_device.h includes this before any standard header; the
 * definitions are in math.h.
 */
#ifndef __DRAWBRIDGE_DEVICE_MATH_FORWARD_H__
#define __DRAWBRIDGE_DEVICE_MATH_FORWARD_H__

#include "common.h"

#if defined(__cplusplus)
__DRAWBRIDGE_DEVICE double atan2(double x, double y);
__DRAWBRIDGE_DEVICE double copysign(double x, double y);
__DRAWBRIDGE_DEVICE double fdim(double x, double y);
__DRAWBRIDGE_DEVICE double fma(double x, double y, double z);
__DRAWBRIDGE_DEVICE double fmax(double x, double y);
__DRAWBRIDGE_DEVICE double fmin(double x, double y);
__DRAWBRIDGE_DEVICE double fmod(double x, double y);
__DRAWBRIDGE_DEVICE double hypot(double x, double y);
__DRAWBRIDGE_DEVICE double nextafter(double x, double y);
__DRAWBRIDGE_DEVICE double pow(double x, double y);
__DRAWBRIDGE_DEVICE double remainder(double x, double y);
__DRAWBRIDGE_DEVICE double remquo(double x, double y, int *quotient);
#endif

#endif /* __DRAWBRIDGE_DEVICE_MATH_FORWARD_H__ */
