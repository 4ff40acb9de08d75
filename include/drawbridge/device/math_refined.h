/* drawbridge/device/math_refined.h - double-precision functions refined past the C library.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Where the C library's double function misses
 * the CUDA Programming Guide's error bound (cbrt and exp10 by a few ulps; j0 and j1 near their
 * zeros, where any formula that loses a few bits shows them as large relative errors), the
 * device function corrects it with double-double arithmetic (a value carried as hi + lo):
 *   cbrt, rcbrt  one Newton step y + (x - y^3) / 3y^2 with y^3 formed exactly by FMA
 *   exp10        exp(x ln 10) with x ln 10 carried in two parts
 *   j0, j1       the power series for |x| < 8, summed in double-double (the alternating terms
 *                cancel to the small values near the zeros); the C library's beyond, where
 *                the Guide's bound is absolute
 * tools/math-accuracy measures the result against MPFR.
 */
#ifndef __DRAWBRIDGE_DEVICE_MATH_REFINED_H__
#define __DRAWBRIDGE_DEVICE_MATH_REFINED_H__

#include "common.h"

#if defined(__cplusplus)

extern "C" {
/* The C library's Bessel functions, by their symbol names (the device overloads below take
 * the plain names). */
__device__ double __drawbridge_libm_j0(double) __asm__("j0") __attribute__((nothrow));
__device__ double __drawbridge_libm_j1(double) __asm__("j1") __attribute__((nothrow));
}

/* A double-double value hi + lo, |lo| <= ulp(hi) / 2. */
struct __drawbridge_dd {
  double hi, lo;
};
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_add(__drawbridge_dd a, __drawbridge_dd b) {
  double s = a.hi + b.hi, bb = s - a.hi, e = (a.hi - (s - bb)) + (b.hi - bb) + a.lo + b.lo;
  double hi = s + e;
  return {hi, e - (hi - s)};
}
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_mul(__drawbridge_dd a, __drawbridge_dd b) {
  double p = a.hi * b.hi;
  double e = __builtin_fma(a.hi, b.hi, -p) + (a.hi * b.lo + a.lo * b.hi);
  double hi = p + e;
  return {hi, e - (hi - p)};
}
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_scale(__drawbridge_dd a, double d) {
  /* a / d for an exactly representable integer d */
  double hi = a.hi / d, r = __builtin_fma(-hi, d, a.hi) + a.lo;
  double lo = r / d, s = hi + lo;
  return {s, lo - (s - hi)};
}

/* The cube root as hi + lo: the C library's value and one Newton correction, for finite
 * nonzero x in the normal range of y^3. */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_cbrt_dd(double x) {
  double y = __builtin_cbrt(x);
  double y2 = y * y, y2_lo = __builtin_fma(y, y, -y2);
  double y3 = y2 * y, y3_lo = __builtin_fma(y2, y, -y3) + y2_lo * y;
  double residual = (x - y3) - y3_lo; /* x - y3 is exact: y3 is within a factor 2 of x */
  return {y, residual / (3.0 * y2)};
}

__DRAWBRIDGE_DEVICE double cbrt(double x) {
  if (!__builtin_isfinite(x) || x == 0)
    return x;
  /* Scale by 2^+-300 (exact, and a cube) so that y^3 and its residual stay normal. */
  double scale = __builtin_fabs(x) < 0x1p-900  ? 0x1p300
                 : __builtin_fabs(x) > 0x1p900 ? 0x1p-300
                                               : 1;
  __drawbridge_dd c = __drawbridge_cbrt_dd(x * scale);
  return (c.hi + c.lo) * (scale == 1 ? 1 : scale > 1 ? 0x1p-100 : 0x1p100);
}

__DRAWBRIDGE_DEVICE double rcbrt(double x) {
  if (__builtin_isnan(x))
    return x;
  if (x == 0)
    return __builtin_copysign(__builtin_inf(), x);
  if (__builtin_isinf(x))
    return __builtin_copysign(0.0, x);
  double scale = __builtin_fabs(x) < 0x1p-900  ? 0x1p300
                 : __builtin_fabs(x) > 0x1p900 ? 0x1p-300
                                               : 1;
  __drawbridge_dd c = __drawbridge_cbrt_dd(x * scale);
  double r = 1.0 / c.hi;
  double e = __builtin_fma(-r, c.hi, 1.0) - r * c.lo; /* 1 - r (hi + lo) */
  double result = __builtin_fma(r, e, r);
  return result * (scale == 1 ? 1 : scale > 1 ? 0x1p100 : 0x1p-100);
}

__DRAWBRIDGE_DEVICE double exp10(double x) {
  const double ln10_hi = 2.302585092994045901, ln10_lo = -2.1707562233822494e-16;
  double hi = x * ln10_hi;
  if (!__builtin_isfinite(hi))
    return __builtin_exp(hi);
  double lo = __builtin_fma(x, ln10_hi, -hi) + x * ln10_lo;
  double e = __builtin_exp(hi);
  return __builtin_isinf(e) || e == 0 ? e : __builtin_fma(e, lo, e);
}

/* J0 and J1 by their power series in q = x^2 / 4, in double-double:
 *   J0(x) = sum (-q)^k / (k!)^2,   J1(x) = (x / 2) sum (-q)^k / (k! (k+1)!). */
__DRAWBRIDGE_DEVICE double __drawbridge_bessel_j_series(int order, double x) {
  double h = 0.5 * x;
  double q_hi = h * h;
  __drawbridge_dd q = {-q_hi, -__builtin_fma(h, h, -q_hi)}; /* -q */
  __drawbridge_dd term = {1.0, 0.0}, sum = {1.0, 0.0};
  for (int k = 1; k < 60; ++k) {
    term = __drawbridge_dd_scale(__drawbridge_dd_mul(term, q), (double)k * (k + order));
    sum = __drawbridge_dd_add(sum, term);
    if (__builtin_fabs(term.hi) < 1e-34 * __builtin_fabs(sum.hi) + 1e-300)
      break;
  }
  if (order == 0)
    return sum.hi + sum.lo;
  __drawbridge_dd half = {h, 0.0};
  __drawbridge_dd r = __drawbridge_dd_mul(sum, half);
  return r.hi + r.lo;
}

__DRAWBRIDGE_DEVICE double j0(double x) {
  return __builtin_fabs(x) < 8.0 ? __drawbridge_bessel_j_series(0, x) : __drawbridge_libm_j0(x);
}
__DRAWBRIDGE_DEVICE double j1(double x) {
  return __builtin_fabs(x) < 8.0 ? __drawbridge_bessel_j_series(1, x) : __drawbridge_libm_j1(x);
}

#endif /* __cplusplus */
#endif /* __DRAWBRIDGE_DEVICE_MATH_REFINED_H__ */
