/* drawbridge/device/math_refined.h - double-precision functions refined past the C library.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Where the C library's double function misses
 * the CUDA Programming Guide's error bound (cbrt, exp10, log10 and tanh by a few ulps; the Bessel
 * functions near their zeros, where any formula that loses a few bits shows them as large
 * relative errors), the device function corrects it with double-double arithmetic
 * (double_double.h):
 *   cbrt, rcbrt  one Newton step y + (x - y^3) / 3y^2 with y^3 formed exactly by FMA
 *   exp10        exp(x ln 10) with x ln 10 carried in two parts
 *   log10        ln x / ln 10 in double-double (glibc's log10 is 2 ulp off in places)
 *   j0, j1, y0, y1  their power series for 0 < |x| < 8, summed in double-double (the terms
 *                cancel to the small values near the zeros); the C library's beyond, where
 *                the Guide's bound is absolute
 *   tanh         a fitted odd polynomial near zero, 1 - 2 / (e^2x + 1) in double-double beyond
 * tools/math-accuracy measures the result against MPFR.
 */
#ifndef __DRAWBRIDGE_DEVICE_MATH_REFINED_H__
#define __DRAWBRIDGE_DEVICE_MATH_REFINED_H__

#include "double_double.h"

#if defined(__cplusplus)

extern "C" {
/* The C library's Bessel functions, by their symbol names (the device overloads below take
 * the plain names). */
__device__ double __drawbridge_libm_j0(double) __asm__("j0") __attribute__((nothrow));
__device__ double __drawbridge_libm_j1(double) __asm__("j1") __attribute__((nothrow));
__device__ double __drawbridge_libm_y0(double) __asm__("y0") __attribute__((nothrow));
__device__ double __drawbridge_libm_y1(double) __asm__("y1") __attribute__((nothrow));
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

__DRAWBRIDGE_DEVICE double log10(double x) {
  if (!(x > 0) || __builtin_isinf(x)) /* NaN, negative, zero, infinity */
    return __builtin_log10(x);
  const __drawbridge_dd inverse_ln10 = {0x1.bcb7b1526e50ep-2, 0x1.95355baaafad3p-57};
  __drawbridge_dd l = __drawbridge_dd_mul(__drawbridge_dd_log(x), inverse_ln10);
  return l.hi + l.lo;
}

/* J0 and J1 by their power series in q = x^2 / 4, in double-double:
 *   J0(x) = sum (-q)^k / (k!)^2,   J1(x) = (x / 2) sum (-q)^k / (k! (k+1)!). */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_bessel_j_series(int order, double x) {
  double h = 0.5 * x;
  __drawbridge_dd q = __drawbridge_dd_neg(__drawbridge_dd_product(h, h));
  __drawbridge_dd term = {1.0, 0.0}, sum = {1.0, 0.0};
  for (int k = 1; k < 80; ++k) {
    term = __drawbridge_dd_scale(__drawbridge_dd_mul(term, q), (double)k * (k + order));
    sum = __drawbridge_dd_add(sum, term);
    if (__builtin_fabs(term.hi) < 1e-34 * __builtin_fabs(sum.hi) + 1e-300)
      break;
  }
  return order == 0 ? sum : __drawbridge_dd_mul(sum, __drawbridge_dd{h, 0.0});
}

__DRAWBRIDGE_DEVICE double j0(double x) {
  if (!(__builtin_fabs(x) < 8.0))
    return __drawbridge_libm_j0(x);
  __drawbridge_dd j = __drawbridge_bessel_j_series(0, x);
  return j.hi + j.lo;
}
__DRAWBRIDGE_DEVICE double j1(double x) {
  if (!(__builtin_fabs(x) < 8.0))
    return __drawbridge_libm_j1(x);
  __drawbridge_dd j = __drawbridge_bessel_j_series(1, x);
  return j.hi + j.lo;
}

/* Euler's constant and 2/pi, 1/pi in two parts. */
#define __DRAWBRIDGE_DD_EULER_GAMMA (__drawbridge_dd{0x1.2788cfc6fb619p-1, -0x1.6cb90701fbfabp-58})
#define __DRAWBRIDGE_DD_TWO_OVER_PI (__drawbridge_dd{0x1.45f306dc9c883p-1, -0x1.6b01ec5417056p-55})
#define __DRAWBRIDGE_DD_ONE_OVER_PI (__drawbridge_dd{0x1.45f306dc9c883p-2, -0x1.6b01ec5417056p-56})

/* Y0 and Y1 below 8 by their series (Abramowitz and Stegun 9.1.13 and 9.1.11), in
 * double-double, so that the cancellation between the logarithmic term and the series near
 * the functions' zeros leaves enough bits:
 *   Y0(x) = (2/pi) [(ln(x/2) + gamma) J0(x) - sum_{k>=1} H_k (-q)^k / (k!)^2]
 *   Y1(x) = (2/pi) ln(x/2) J1(x) - 2 / (pi x)
 *           - (x / 2pi) sum_{k>=0} (H_k + H_{k+1} - 2 gamma) (-q)^k / (k! (k+1)!)
 * with q = x^2 / 4 and H_k the harmonic numbers. */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_log_half(double x) { /* ln(x / 2), x > 0 */
  return __drawbridge_dd_sub(__drawbridge_dd_log(x), __DRAWBRIDGE_DD_LN2);
}
__DRAWBRIDGE_DEVICE double __drawbridge_y0_series(double x) {
  double h = 0.5 * x;
  __drawbridge_dd q = __drawbridge_dd_neg(__drawbridge_dd_product(h, h));
  __drawbridge_dd term = {1.0, 0.0}, harmonic = {0.0, 0.0}, sum = {0.0, 0.0};
  for (int k = 1; k < 80; ++k) {
    term = __drawbridge_dd_scale(__drawbridge_dd_mul(term, q), (double)k * k);
    harmonic = __drawbridge_dd_add(harmonic, __drawbridge_dd_scale({1.0, 0.0}, (double)k));
    __drawbridge_dd t = __drawbridge_dd_mul(term, harmonic);
    sum = __drawbridge_dd_add(sum, t);
    if (__builtin_fabs(t.hi) < 1e-34 * __builtin_fabs(sum.hi) + 1e-300)
      break;
  }
  __drawbridge_dd l = __drawbridge_dd_add(__drawbridge_log_half(x), __DRAWBRIDGE_DD_EULER_GAMMA);
  __drawbridge_dd r =
      __drawbridge_dd_sub(__drawbridge_dd_mul(l, __drawbridge_bessel_j_series(0, x)), sum);
  r = __drawbridge_dd_mul(r, __DRAWBRIDGE_DD_TWO_OVER_PI);
  return r.hi + r.lo;
}
__DRAWBRIDGE_DEVICE double __drawbridge_y1_series(double x) {
  double h = 0.5 * x;
  __drawbridge_dd q = __drawbridge_dd_neg(__drawbridge_dd_product(h, h));
  const __drawbridge_dd gamma = __DRAWBRIDGE_DD_EULER_GAMMA;
  const __drawbridge_dd two_gamma = {2 * gamma.hi, 2 * gamma.lo};
  __drawbridge_dd term = {1.0, 0.0}, h_k = {0.0, 0.0}, h_next = {1.0, 0.0};
  __drawbridge_dd sum = __drawbridge_dd_sub(h_next, two_gamma);
  for (int k = 1; k < 80; ++k) {
    term = __drawbridge_dd_scale(__drawbridge_dd_mul(term, q), (double)k * (k + 1));
    h_k = h_next;
    h_next = __drawbridge_dd_add(h_next, __drawbridge_dd_scale({1.0, 0.0}, (double)(k + 1)));
    __drawbridge_dd t =
        __drawbridge_dd_mul(term, __drawbridge_dd_sub(__drawbridge_dd_add(h_k, h_next), two_gamma));
    sum = __drawbridge_dd_add(sum, t);
    if (__builtin_fabs(t.hi) < 1e-34 * __builtin_fabs(sum.hi) + 1e-300)
      break;
  }
  __drawbridge_dd log_term = __drawbridge_dd_mul(
      __drawbridge_dd_mul(__drawbridge_log_half(x), __drawbridge_bessel_j_series(1, x)),
      __DRAWBRIDGE_DD_TWO_OVER_PI);
  __drawbridge_dd pole = __drawbridge_dd_div(__DRAWBRIDGE_DD_TWO_OVER_PI, {x, 0.0});
  __drawbridge_dd series =
      __drawbridge_dd_mul(__drawbridge_dd_mul(sum, {h, 0.0}), __DRAWBRIDGE_DD_ONE_OVER_PI);
  __drawbridge_dd r = __drawbridge_dd_sub(__drawbridge_dd_sub(log_term, pole), series);
  return r.hi + r.lo;
}

__DRAWBRIDGE_DEVICE double y0(double x) {
  if (x > 0 && x < 8.0)
    return __drawbridge_y0_series(x);
  return __drawbridge_libm_y0(x);
}
__DRAWBRIDGE_DEVICE double y1(double x) {
  if (x > 0 && x < 0x1p-30) /* -2 / (pi x), the rest being below 2^-58 of it */
    return -__DRAWBRIDGE_DD_TWO_OVER_PI.hi / x;
  if (x > 0 && x < 8.0)
    return __drawbridge_y1_series(x);
  return __drawbridge_libm_y1(x);
}

/* The float Bessel functions round the double ones once. */
__DRAWBRIDGE_DEVICE float j0f(float x) { return (float)j0((double)x); }
__DRAWBRIDGE_DEVICE float j1f(float x) { return (float)j1((double)x); }
__DRAWBRIDGE_DEVICE float y0f(float x) { return (float)y0((double)x); }
__DRAWBRIDGE_DEVICE float y1f(float x) { return (float)y1((double)x); }
__DRAWBRIDGE_DEVICE float jnf(int n, float x) { return (float)jn(n, (double)x); }
__DRAWBRIDGE_DEVICE float ynf(int n, float x) { return (float)yn(n, (double)x); }

/* tanh: x + x^3 P(x^2) below 1/4 (P fitted to (tanh(x) - x) / x^3 in Chebyshev's sense,
 * within 2^-59), else 1 - 2 / (e^2|x| + 1) in double-double; 1 from 22 on, where the
 * difference is below half an ulp. */
__DRAWBRIDGE_DEVICE double tanh(double x) {
  double a = __builtin_fabs(x);
  if (!(a < 22.0))
    return a != a ? x : __builtin_copysign(1.0, x);
  if (a < 0.25) {
    const double c[8] = {0x1.17cd5b9306c04p-11, -0x1.7c2ad98792f89p-10, 0x1.d6c9f446c47cbp-9,
                         -0x1.226e22fa6f453p-7, 0x1.664f485d6d4d4p-6,   -0x1.ba1ba1b9f660bp-5,
                         0x1.11111111110a0p-3,  -0x1.5555555555555p-2};
    double z = x * x, p = c[0];
    for (int i = 1; i < 8; ++i)
      p = __builtin_fma(p, z, c[i]);
    return __builtin_fma(x * z, p, x);
  }
  __drawbridge_dd e = __drawbridge_dd_exp({2 * a, 0.0});
  __drawbridge_dd q = __drawbridge_dd_div({2.0, 0.0}, __drawbridge_dd_add(e, {1.0, 0.0}));
  __drawbridge_dd t = __drawbridge_dd_sub({1.0, 0.0}, q);
  return __builtin_copysign(t.hi + t.lo, x);
}

#endif /* __cplusplus */
#endif /* __DRAWBRIDGE_DEVICE_MATH_REFINED_H__ */
