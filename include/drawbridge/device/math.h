/* drawbridge/device/math.h - the common math functions in device code.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Device code calls the C library's names
 * (sinf, exp, ...) and C++'s overloads (sin(float), std::exp, ...), which on the host are
 * host-only functions. This header adds device overloads of the same names (clang lets host
 * and device functions share a name), each written with clang's target-neutral math builtins,
 * and re-exports them into namespace std. CUDA's own additions (rsqrtf, sincospif, exp10,
 * min/max for every integer type, ...) follow the CUDA Math API. The full Math API with
 * measured accuracy is the math library's job; this is the everyday subset.
 */
#ifndef __DRAWBRIDGE_DEVICE_MATH_H__
#define __DRAWBRIDGE_DEVICE_MATH_H__

#include "common.h"

#if defined(__cplusplus)
#include <cmath>
#include <cstdlib>
#else
#include <math.h>
#include <stdlib.h>
#endif

/* One-argument functions: name (double), name##f (float), and the float overload of name. */
#define __DRAWBRIDGE_MATH_UNARY(name)                                                              \
  __DRAWBRIDGE_DEVICE double name(double x) { return __builtin_##name(x); }                        \
  __DRAWBRIDGE_DEVICE float name##f(float x) { return __builtin_##name##f(x); }                    \
  __DRAWBRIDGE_DEVICE float name(float x) { return __builtin_##name##f(x); }
/* The float forms only: the double one is in math_refined.h. */
#define __DRAWBRIDGE_MATH_UNARY_FLOAT(name)                                                        \
  __DRAWBRIDGE_DEVICE float name##f(float x) { return __builtin_##name##f(x); }                    \
  __DRAWBRIDGE_DEVICE float name(float x) { return __builtin_##name##f(x); }
#define __DRAWBRIDGE_MATH_BINARY(name)                                                             \
  __DRAWBRIDGE_DEVICE double name(double x, double y) { return __builtin_##name(x, y); }           \
  __DRAWBRIDGE_DEVICE float name##f(float x, float y) { return __builtin_##name##f(x, y); }        \
  __DRAWBRIDGE_DEVICE float name(float x, float y) { return __builtin_##name##f(x, y); }

__DRAWBRIDGE_MATH_UNARY(sin)
__DRAWBRIDGE_MATH_UNARY(cos)
__DRAWBRIDGE_MATH_UNARY(tan)
__DRAWBRIDGE_MATH_UNARY(asin)
__DRAWBRIDGE_MATH_UNARY(acos)
__DRAWBRIDGE_MATH_UNARY(atan)
__DRAWBRIDGE_MATH_UNARY(sinh)
__DRAWBRIDGE_MATH_UNARY(cosh)
__DRAWBRIDGE_MATH_UNARY_FLOAT(tanh)
__DRAWBRIDGE_MATH_UNARY(asinh)
__DRAWBRIDGE_MATH_UNARY(acosh)
__DRAWBRIDGE_MATH_UNARY(atanh)
__DRAWBRIDGE_MATH_UNARY(exp)
__DRAWBRIDGE_MATH_UNARY(exp2)
__DRAWBRIDGE_MATH_UNARY_FLOAT(exp10)
__DRAWBRIDGE_MATH_UNARY(expm1)
__DRAWBRIDGE_MATH_UNARY(log)
__DRAWBRIDGE_MATH_UNARY(log2)
__DRAWBRIDGE_MATH_UNARY_FLOAT(log10)
__DRAWBRIDGE_MATH_UNARY(log1p)
__DRAWBRIDGE_MATH_UNARY(logb)
__DRAWBRIDGE_MATH_UNARY(sqrt)
__DRAWBRIDGE_MATH_UNARY_FLOAT(cbrt)
__DRAWBRIDGE_MATH_UNARY(fabs)
__DRAWBRIDGE_MATH_UNARY(floor)
__DRAWBRIDGE_MATH_UNARY(ceil)
__DRAWBRIDGE_MATH_UNARY(trunc)
__DRAWBRIDGE_MATH_UNARY(round)
__DRAWBRIDGE_MATH_UNARY(rint)
__DRAWBRIDGE_MATH_UNARY(nearbyint)
__DRAWBRIDGE_MATH_UNARY(erf)
__DRAWBRIDGE_MATH_UNARY(erfc)
__DRAWBRIDGE_MATH_UNARY(lgamma)
__DRAWBRIDGE_MATH_UNARY(tgamma)
__DRAWBRIDGE_MATH_BINARY(pow)
__DRAWBRIDGE_MATH_BINARY(atan2)
__DRAWBRIDGE_MATH_BINARY(hypot)
__DRAWBRIDGE_MATH_BINARY(fmod)
__DRAWBRIDGE_MATH_BINARY(remainder)
__DRAWBRIDGE_MATH_BINARY(copysign)
__DRAWBRIDGE_MATH_BINARY(fmin)
__DRAWBRIDGE_MATH_BINARY(fmax)
__DRAWBRIDGE_MATH_BINARY(fdim)
__DRAWBRIDGE_MATH_BINARY(nextafter)
#undef __DRAWBRIDGE_MATH_UNARY
#undef __DRAWBRIDGE_MATH_UNARY_FLOAT

/* The C library's classification functions by their glibc names, which the Math API also
 * declares for device code (isnan and friends are macros or templates over them). */
__DRAWBRIDGE_DEVICE int __isnan(double x) { return __builtin_isnan(x); }
__DRAWBRIDGE_DEVICE int __isnanf(float x) { return __builtin_isnan(x); }
__DRAWBRIDGE_DEVICE int __isinf(double x) { return __builtin_isinf_sign(x); }
__DRAWBRIDGE_DEVICE int __isinff(float x) { return __builtin_isinf_sign(x); }
__DRAWBRIDGE_DEVICE int __finite(double x) { return __builtin_isfinite(x); }
__DRAWBRIDGE_DEVICE int __finitef(float x) { return __builtin_isfinite(x); }
__DRAWBRIDGE_DEVICE int __signbit(double x) { return __builtin_signbit(x); }
__DRAWBRIDGE_DEVICE int __signbitf(float x) { return __builtin_signbit(x); }
#undef __DRAWBRIDGE_MATH_BINARY

__DRAWBRIDGE_DEVICE double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
__DRAWBRIDGE_DEVICE float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__DRAWBRIDGE_DEVICE float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__DRAWBRIDGE_DEVICE double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
__DRAWBRIDGE_DEVICE float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
__DRAWBRIDGE_DEVICE float ldexp(float x, int e) { return __builtin_ldexpf(x, e); }
__DRAWBRIDGE_DEVICE double scalbn(double x, int e) { return __builtin_scalbn(x, e); }
__DRAWBRIDGE_DEVICE float scalbnf(float x, int e) { return __builtin_scalbnf(x, e); }
__DRAWBRIDGE_DEVICE float scalbn(float x, int e) { return __builtin_scalbnf(x, e); }
__DRAWBRIDGE_DEVICE double scalbln(double x, long e) { return __builtin_scalbln(x, e); }
__DRAWBRIDGE_DEVICE float scalblnf(float x, long e) { return __builtin_scalblnf(x, e); }
__DRAWBRIDGE_DEVICE double frexp(double x, int *e) { return __builtin_frexp(x, e); }
__DRAWBRIDGE_DEVICE float frexpf(float x, int *e) { return __builtin_frexpf(x, e); }
__DRAWBRIDGE_DEVICE float frexp(float x, int *e) { return __builtin_frexpf(x, e); }
__DRAWBRIDGE_DEVICE double modf(double x, double *i) { return __builtin_modf(x, i); }
__DRAWBRIDGE_DEVICE float modff(float x, float *i) { return __builtin_modff(x, i); }
__DRAWBRIDGE_DEVICE float modf(float x, float *i) { return __builtin_modff(x, i); }
__DRAWBRIDGE_DEVICE double remquo(double x, double y, int *q) { return __builtin_remquo(x, y, q); }
__DRAWBRIDGE_DEVICE float remquof(float x, float y, int *q) { return __builtin_remquof(x, y, q); }
__DRAWBRIDGE_DEVICE float remquo(float x, float y, int *q) { return __builtin_remquof(x, y, q); }
__DRAWBRIDGE_DEVICE int ilogb(double x) { return __builtin_ilogb(x); }
__DRAWBRIDGE_DEVICE int ilogbf(float x) { return __builtin_ilogbf(x); }
__DRAWBRIDGE_DEVICE int ilogb(float x) { return __builtin_ilogbf(x); }
__DRAWBRIDGE_DEVICE long lround(double x) { return __builtin_lround(x); }
__DRAWBRIDGE_DEVICE long lroundf(float x) { return __builtin_lroundf(x); }
__DRAWBRIDGE_DEVICE long lround(float x) { return __builtin_lroundf(x); }
__DRAWBRIDGE_DEVICE long long llround(double x) { return __builtin_llround(x); }
__DRAWBRIDGE_DEVICE long long llroundf(float x) { return __builtin_llroundf(x); }
__DRAWBRIDGE_DEVICE long long llround(float x) { return __builtin_llroundf(x); }
__DRAWBRIDGE_DEVICE long lrint(double x) { return __builtin_lrint(x); }
__DRAWBRIDGE_DEVICE long lrintf(float x) { return __builtin_lrintf(x); }
__DRAWBRIDGE_DEVICE long lrint(float x) { return __builtin_lrintf(x); }
__DRAWBRIDGE_DEVICE long long llrint(double x) { return __builtin_llrint(x); }
__DRAWBRIDGE_DEVICE long long llrintf(float x) { return __builtin_llrintf(x); }
__DRAWBRIDGE_DEVICE long long llrint(float x) { return __builtin_llrintf(x); }
__DRAWBRIDGE_DEVICE double nan(const char *tag) { return __builtin_nan(tag); }
__DRAWBRIDGE_DEVICE float nanf(const char *tag) { return __builtin_nanf(tag); }
__DRAWBRIDGE_DEVICE void sincos(double x, double *s, double *c) {
  *s = __builtin_sin(x);
  *c = __builtin_cos(x);
}
__DRAWBRIDGE_DEVICE void sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
__DRAWBRIDGE_DEVICE double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
__DRAWBRIDGE_DEVICE float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
__DRAWBRIDGE_DEVICE double rcbrt(double x);
/* Through the refined double rcbrt: 1.0f / cbrtf(x) rounds twice. */
__DRAWBRIDGE_DEVICE float rcbrtf(float x) { return (float)rcbrt((double)x); }

#include "math_refined.h"

/* sinpi/cospi: reduce x exactly modulo 2, then fold into [0, 1/4] with the exact symmetries
   sin(pi(1 - r)) = sin(pi r) and sin(pi(1/2 - r)) = cos(pi r), so that sin and cos only see
   arguments up to pi/4 and results keep their relative accuracy near integers and halves. */
__DRAWBRIDGE_DEVICE double __drawbridge_sinpi_folded(double r) { /* 0 <= r <= 1/2 */
  const double pi = 3.141592653589793238462643383279502884;
  return r <= 0.25 ? __builtin_sin(pi * r) : __builtin_cos(pi * (0.5 - r));
}
__DRAWBRIDGE_DEVICE double sinpi(double x) {
  if (__builtin_isinf(x))
    return __builtin_nan("");
  double r = __builtin_remainder(x, 2.0); /* exact, in [-1, 1] */
  double magnitude = __builtin_fabs(r);
  if (magnitude > 0.5)
    magnitude = 1.0 - magnitude; /* exact */
  if (magnitude == 0.0) /* x is an integer: the zero takes x's sign, as IEEE 754 sinPi does */
    return __builtin_copysign(0.0, x);
  return __builtin_copysign(__drawbridge_sinpi_folded(magnitude), r);
}
__DRAWBRIDGE_DEVICE double cospi(double x) {
  if (__builtin_isinf(x))
    return __builtin_nan("");
  double r = __builtin_fabs(__builtin_remainder(x, 2.0)); /* exact, in [0, 1] */
  double sign = 1.0;
  if (r > 0.5) {
    r = 1.0 - r;
    sign = -1.0;
  }
  if (r == 0.5)
    return 0.0;
  /* cos(pi r) = sin(pi (1/2 - r)) with 1/2 - r in [0, 1/2]. */
  return sign * __drawbridge_sinpi_folded(0.5 - r);
}
__DRAWBRIDGE_DEVICE float sinpif(float x) { return (float)sinpi((double)x); }
__DRAWBRIDGE_DEVICE float cospif(float x) { return (float)cospi((double)x); }
__DRAWBRIDGE_DEVICE void sincospi(double x, double *s, double *c) {
  *s = sinpi(x);
  *c = cospi(x);
}
__DRAWBRIDGE_DEVICE void sincospif(float x, float *s, float *c) {
  *s = sinpif(x);
  *c = cospif(x);
}
/* The C++ float overloads of the functions above. */
__DRAWBRIDGE_DEVICE float sinpi(float x) { return sinpif(x); }
__DRAWBRIDGE_DEVICE float cospi(float x) { return cospif(x); }
__DRAWBRIDGE_DEVICE void sincospi(float x, float *s, float *c) { sincospif(x, s, c); }
__DRAWBRIDGE_DEVICE void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
__DRAWBRIDGE_DEVICE float rsqrt(float x) { return rsqrtf(x); }
__DRAWBRIDGE_DEVICE float rcbrt(float x) { return rcbrtf(x); }

/* pow with an integer exponent, as CUDA overloads it (also reached through std::pow). */
__DRAWBRIDGE_DEVICE double pow(double x, int n) { return __builtin_pow(x, (double)n); }
__DRAWBRIDGE_DEVICE float pow(float x, int n) { return __builtin_powf(x, (float)n); }
__DRAWBRIDGE_DEVICE double powi(double x, int n) { return __builtin_pow(x, (double)n); }
__DRAWBRIDGE_DEVICE float powif(float x, int n) { return __builtin_powf(x, (float)n); }

/* Integer absolute values, with C++'s overloads. */
__DRAWBRIDGE_DEVICE int abs(int x) { return x < 0 ? -x : x; }
__DRAWBRIDGE_DEVICE long abs(long x) { return x < 0 ? -x : x; }
__DRAWBRIDGE_DEVICE long long abs(long long x) { return x < 0 ? -x : x; }
__DRAWBRIDGE_DEVICE long labs(long x) { return x < 0 ? -x : x; }
__DRAWBRIDGE_DEVICE long long llabs(long long x) { return x < 0 ? -x : x; }

/* CUDA's min and max: host and device, for every integer type and both float types; mixed
   signed/unsigned arguments compare as unsigned, as CUDA documents. */
#define __DRAWBRIDGE_MIN_MAX(type_a, type_b, result)                                               \
  __DRAWBRIDGE_HOST_DEVICE result min(type_a a, type_b b) {                                        \
    return (result)a < (result)b ? (result)a : (result)b;                                          \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE result max(type_a a, type_b b) {                                        \
    return (result)a > (result)b ? (result)a : (result)b;                                          \
  }
__DRAWBRIDGE_MIN_MAX(int, int, int)
__DRAWBRIDGE_MIN_MAX(unsigned int, unsigned int, unsigned int)
__DRAWBRIDGE_MIN_MAX(int, unsigned int, unsigned int)
__DRAWBRIDGE_MIN_MAX(unsigned int, int, unsigned int)
__DRAWBRIDGE_MIN_MAX(long, long, long)
__DRAWBRIDGE_MIN_MAX(unsigned long, unsigned long, unsigned long)
__DRAWBRIDGE_MIN_MAX(long, unsigned long, unsigned long)
__DRAWBRIDGE_MIN_MAX(unsigned long, long, unsigned long)
__DRAWBRIDGE_MIN_MAX(long long, long long, long long)
__DRAWBRIDGE_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
__DRAWBRIDGE_MIN_MAX(long long, unsigned long long, unsigned long long)
__DRAWBRIDGE_MIN_MAX(unsigned long long, long long, unsigned long long)
#undef __DRAWBRIDGE_MIN_MAX
__DRAWBRIDGE_HOST_DEVICE float min(float a, float b) { return __builtin_fminf(a, b); }
__DRAWBRIDGE_HOST_DEVICE float max(float a, float b) { return __builtin_fmaxf(a, b); }
__DRAWBRIDGE_HOST_DEVICE double min(double a, double b) { return __builtin_fmin(a, b); }
__DRAWBRIDGE_HOST_DEVICE double max(double a, double b) { return __builtin_fmax(a, b); }
__DRAWBRIDGE_HOST_DEVICE double min(float a, double b) { return __builtin_fmin(a, b); }
__DRAWBRIDGE_HOST_DEVICE double max(float a, double b) { return __builtin_fmax(a, b); }
__DRAWBRIDGE_HOST_DEVICE double min(double a, float b) { return __builtin_fmin(a, b); }
__DRAWBRIDGE_HOST_DEVICE double max(double a, float b) { return __builtin_fmax(a, b); }
__DRAWBRIDGE_DEVICE unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
__DRAWBRIDGE_DEVICE unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
__DRAWBRIDGE_DEVICE long long llmin(long long a, long long b) { return a < b ? a : b; }
__DRAWBRIDGE_DEVICE long long llmax(long long a, long long b) { return a > b ? a : b; }
__DRAWBRIDGE_DEVICE unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return a < b ? a : b;
}
__DRAWBRIDGE_DEVICE unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return a > b ? a : b;
}

#if defined(__cplusplus)
/* std:: versions of the device overloads: libstdc++ imported the C names into std before
   these existed, so import them again. */
namespace std {
using ::abs;
using ::acos;
using ::acosh;
using ::asin;
using ::asinh;
using ::atan;
using ::atan2;
using ::atanh;
using ::cbrt;
using ::ceil;
using ::copysign;
using ::cos;
using ::cosh;
using ::erf;
using ::erfc;
using ::exp;
using ::exp2;
using ::expm1;
using ::fabs;
using ::fdim;
using ::floor;
using ::fma;
using ::fmax;
using ::fmin;
using ::fmod;
using ::frexp;
using ::hypot;
using ::ilogb;
using ::labs;
using ::ldexp;
using ::lgamma;
using ::llabs;
using ::llrint;
using ::llround;
using ::log;
using ::log10;
using ::log1p;
using ::log2;
using ::logb;
using ::lrint;
using ::lround;
using ::modf;
using ::nan;
using ::nearbyint;
using ::nextafter;
using ::pow;
using ::remainder;
using ::remquo;
using ::rint;
using ::round;
using ::scalbln;
using ::scalbn;
using ::sin;
using ::sinh;
using ::sqrt;
using ::tan;
using ::tanh;
using ::tgamma;
using ::trunc;
} // namespace std
#endif

#endif /* __DRAWBRIDGE_DEVICE_MATH_H__ */
