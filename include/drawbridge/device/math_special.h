/* drawbridge/device/math_special.h - CUDA's special functions without a C library twin.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API's list:
 * inverse error functions (erfinv, erfcinv), the standard normal distribution (normcdf,
 * normcdfinv), the scaled complementary error function (erfcx), reciprocal and multi-
 * dimensional norms (rhypot, norm3d, rnorm3d, norm4d, rnorm4d, norm, rnorm), fdivide,
 * and modified Bessel functions of order 0 and 1 (cyl_bessel_i0, cyl_bessel_i1); the Bessel
 * functions j0, j1, jn, y0, y1, yn are in math_refined.h and c_library.h. Float versions
 * compute in double and round once. Double versions avoid the cancellations that would cost
 * accuracy: inverses refine by Newton steps on whichever of erf and erfc is well conditioned,
 * normcdf carries x/sqrt(2) in two parts, erfcx carries x*x in two parts, and norms scale by a
 * power of two before summing squares.
 */
#ifndef __DRAWBRIDGE_DEVICE_MATH_SPECIAL_H__
#define __DRAWBRIDGE_DEVICE_MATH_SPECIAL_H__

#include "math.h"

#if defined(__cplusplus)

#define __DRAWBRIDGE_TWO_OVER_SQRT_PI 1.1283791670955125738961589031215452
#define __DRAWBRIDGE_SQRT_PI 1.7724538509055160272981674833411452

/* erfc(y) = target near x0, by Newton steps on erfc (well conditioned for small targets). */
__DRAWBRIDGE_DEVICE double __drawbridge_erfc_solve(double target, double x) {
  for (int i = 0; i < 60; ++i) {
    double slope = -__DRAWBRIDGE_TWO_OVER_SQRT_PI * exp(-x * x);
    if (slope == 0.0)
      break;
    double step = (erfc(x) - target) / slope;
    x -= step;
    if (fabs(step) <= 1e-17 * fabs(x))
      break;
  }
  return x;
}

/* erf(x) = target for |target| <= 0.5, by Newton steps on erf. */
__DRAWBRIDGE_DEVICE double __drawbridge_erf_solve(double target) {
  double x = target * (__DRAWBRIDGE_SQRT_PI / 2);
  for (int i = 0; i < 20; ++i) {
    double step = (erf(x) - target) / (__DRAWBRIDGE_TWO_OVER_SQRT_PI * exp(-x * x));
    x -= step;
    if (fabs(step) <= 1e-17 * fabs(x))
      break;
  }
  return x;
}

/* erfcinv for 0 < y <= 0.5: start from the asymptotic x^2 ~ -log(y x sqrt(pi)). */
__DRAWBRIDGE_DEVICE double __drawbridge_erfcinv_small(double y) {
  double t = sqrt(-log(y));
  double x = sqrt(fmax(-log(y * __DRAWBRIDGE_SQRT_PI * t), 0.0));
  return __drawbridge_erfc_solve(y, x > 0.3 ? x : 0.3);
}

/* erfc(x) = y for 0 < y < 2; symmetric about y = 1 (erfc(-x) = 2 - erfc(x), exactly
 * representable differences there). */
__DRAWBRIDGE_DEVICE double erfcinv(double y) {
  if (__builtin_isnan(y) || y < 0.0 || y > 2.0)
    return __builtin_nan("");
  if (y == 0.0)
    return __builtin_inf();
  if (y == 2.0)
    return -__builtin_inf();
  if (y > 1.0)
    return -erfcinv(2.0 - y);
  if (y >= 0.5)
    return __drawbridge_erf_solve(1.0 - y);
  return __drawbridge_erfcinv_small(y);
}

__DRAWBRIDGE_DEVICE double erfinv(double y) {
  if (__builtin_isnan(y) || fabs(y) > 1.0)
    return __builtin_nan("");
  if (fabs(y) <= 0.5)
    return __drawbridge_erf_solve(y);
  /* Near +-1, erf is flat: solve erfc(x) = 1 - |y| (exact for |y| >= 0.5) instead. */
  return __builtin_copysign(erfcinv(1.0 - fabs(y)), y);
}

__DRAWBRIDGE_DEVICE float erfinvf(float y) { return (float)erfinv((double)y); }
__DRAWBRIDGE_DEVICE float erfcinvf(float y) { return (float)erfcinv((double)y); }

/* normcdf(x) = erfc(-x / sqrt(2)) / 2, with -x / sqrt(2) = hi + lo so that the rounding of the
 * argument (magnified about 2 z^2 times by erfc) does not show. */
__DRAWBRIDGE_DEVICE double normcdf(double x) {
  if (__builtin_isinf(x))
    return x > 0 ? 1.0 : 0.0;
  const double inv_sqrt2_hi = 0.70710678118654757, inv_sqrt2_lo = -4.8336466567264567e-17;
  double hi = -x * inv_sqrt2_hi;
  double lo = __builtin_fma(-x, inv_sqrt2_hi, -hi) - x * inv_sqrt2_lo;
  double value = erfc(hi);
  return 0.5 * (value - lo * __DRAWBRIDGE_TWO_OVER_SQRT_PI * exp(-hi * hi));
}
__DRAWBRIDGE_DEVICE float normcdff(float x) {
  return (float)(0.5 * erfc(-(double)x * 0.70710678118654752440));
}

__DRAWBRIDGE_DEVICE double normcdfinv(double p) {
  if (__builtin_isnan(p) || p < 0.0 || p > 1.0)
    return __builtin_nan("");
  return -1.4142135623730951 * erfcinv(2.0 * p);
}
__DRAWBRIDGE_DEVICE float normcdfinvf(float p) { return (float)normcdfinv((double)p); }

/* erfcx(x) = exp(x^2) erfc(x). Below 26, exp(x^2) with x^2 = hi + lo exactly (erfc has not
 * underflowed yet); above, the asymptotic series in 1/(2x^2); far below 0, 2 exp(x^2)
 * overflows. */
__DRAWBRIDGE_DEVICE double erfcx(double x) {
  if (__builtin_isnan(x))
    return x;
  if (x < 26.0) {
    if (x < -26.7)
      return __builtin_inf();
    double hi = x * x, lo = __builtin_fma(x, x, -hi);
    return exp(hi) * (1.0 + lo) * erfc(x);
  }
  if (__builtin_isinf(x))
    return 0.0;
  double u = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
  for (int k = 1; k < 20; ++k) {
    term *= -(2 * k - 1) * u;
    sum += term;
    if (fabs(term) < 1e-17 * sum)
      break;
  }
  return sum / x / __DRAWBRIDGE_SQRT_PI; /* x * sqrt(pi) could overflow */
}
__DRAWBRIDGE_DEVICE float erfcxf(float x) { return (float)erfcx((double)x); }

__DRAWBRIDGE_DEVICE double rhypot(double x, double y) { return 1.0 / hypot(x, y); }
__DRAWBRIDGE_DEVICE float rhypotf(float x, float y) {
  return (float)(1.0 / hypot((double)x, (double)y));
}

/* sqrt(sum of squares) of n values, scaled by a power of two (exact) so that no square
 * overflows or underflows; an infinite value gives +inf even beside a NaN, as hypot does. */
__DRAWBRIDGE_DEVICE double __drawbridge_norm(int n, const double *v, bool reciprocal) {
  double largest = 0.0;
  bool infinite = false, nan = false;
  for (int i = 0; i < n; ++i) {
    infinite |= __builtin_isinf(v[i]) != 0;
    nan |= __builtin_isnan(v[i]) != 0;
    largest = fmax(largest, fabs(v[i]));
  }
  if (infinite)
    return reciprocal ? 0.0 : __builtin_inf();
  if (nan)
    return __builtin_nan("");
  if (largest == 0.0)
    return reciprocal ? __builtin_inf() : 0.0;
  int e = ilogb(largest);
  /* The sum of squares as hi + lo (each square exact by FMA, the sum by TwoSum). */
  double sum = 0.0, sum_lo = 0.0;
  for (int i = 0; i < n; ++i) {
    double s = ldexp(v[i], -e), square = s * s, square_lo = __builtin_fma(s, s, -square);
    double t = sum + square, bb = t - sum;
    sum_lo += (sum - (t - bb)) + (square - bb) + square_lo;
    sum = t;
  }
  if (!reciprocal) {
    double root = sqrt(sum);
    /* one Newton step: root + (sum - root^2) / (2 root) */
    double residual = __builtin_fma(-root, root, sum) + sum_lo;
    return ldexp(root + residual / (2.0 * root), e);
  }
  double r = 1.0 / sqrt(sum);
  /* one Newton step for 1/sqrt: r + r (1 - (sum + lo) r^2) / 2 */
  double a = r * sum, a_lo = __builtin_fma(r, sum, -a) + r * sum_lo;
  double c = __builtin_fma(-a, r, 1.0) - a_lo * r;
  return ldexp(__builtin_fma(0.5 * r, c, r), -e);
}

__DRAWBRIDGE_DEVICE double norm3d(double a, double b, double c) {
  double v[3] = {a, b, c};
  return __drawbridge_norm(3, v, false);
}
__DRAWBRIDGE_DEVICE double rnorm3d(double a, double b, double c) {
  double v[3] = {a, b, c};
  return __drawbridge_norm(3, v, true);
}
__DRAWBRIDGE_DEVICE double norm4d(double a, double b, double c, double d) {
  double v[4] = {a, b, c, d};
  return __drawbridge_norm(4, v, false);
}
__DRAWBRIDGE_DEVICE double rnorm4d(double a, double b, double c, double d) {
  double v[4] = {a, b, c, d};
  return __drawbridge_norm(4, v, true);
}
__DRAWBRIDGE_DEVICE double norm(int dim, const double *p) {
  return __drawbridge_norm(dim, p, false);
}
__DRAWBRIDGE_DEVICE double rnorm(int dim, const double *p) {
  return __drawbridge_norm(dim, p, true);
}

/* Float norms: squares summed in double cannot overflow for float inputs. */
__DRAWBRIDGE_DEVICE float __drawbridge_normf(int n, const float *v, bool reciprocal) {
  double sum = 0.0;
  bool infinite = false;
  for (int i = 0; i < n; ++i) {
    infinite |= __builtin_isinf(v[i]) != 0;
    sum += (double)v[i] * v[i];
  }
  if (infinite)
    return reciprocal ? 0.0f : __builtin_inff();
  return (float)(reciprocal ? 1.0 / sqrt(sum) : sqrt(sum));
}
__DRAWBRIDGE_DEVICE float norm3df(float a, float b, float c) {
  float v[3] = {a, b, c};
  return __drawbridge_normf(3, v, false);
}
__DRAWBRIDGE_DEVICE float rnorm3df(float a, float b, float c) {
  float v[3] = {a, b, c};
  return __drawbridge_normf(3, v, true);
}
__DRAWBRIDGE_DEVICE float norm4df(float a, float b, float c, float d) {
  float v[4] = {a, b, c, d};
  return __drawbridge_normf(4, v, false);
}
__DRAWBRIDGE_DEVICE float rnorm4df(float a, float b, float c, float d) {
  float v[4] = {a, b, c, d};
  return __drawbridge_normf(4, v, true);
}
__DRAWBRIDGE_DEVICE float normf(int dim, const float *p) {
  return __drawbridge_normf(dim, p, false);
}
__DRAWBRIDGE_DEVICE float rnormf(int dim, const float *p) {
  return __drawbridge_normf(dim, p, true);
}

__DRAWBRIDGE_DEVICE double fdivide(double x, double y) { return x / y; }

/* Modified Bessel functions of the first kind, orders 0 and 1: the power series while its
 * terms stay few (|x| <= 20), the asymptotic expansion e^x / sqrt(2 pi x) (1 - (4n^2-1)/(8x)
 * + ...) beyond. */
__DRAWBRIDGE_DEVICE double __drawbridge_bessel_i(int order, double x) {
  double ax = fabs(x), value;
  if (__builtin_isnan(x))
    return x;
  if (ax > 714.0) /* I0 and I1 overflow from about 713.98 on */
    return order ? __builtin_copysign(__builtin_inf(), x) : __builtin_inf();
  if (ax <= 20.0) {
    /* q = x^2/4 = q_hi + q_lo: every term carries q^k, so the rounding of q is corrected at
     * the end by q_lo/q_hi * sum(k * term_k). */
    double q = 0.25 * ax * ax, q_lo = 0.25 * __builtin_fma(ax, ax, -4.0 * q);
    double term = order ? 0.5 * ax : 1.0, weighted = 0.0;
    value = term;
    for (int k = 1; k < 200; ++k) {
      term *= q / ((double)k * (k + order));
      value += term;
      weighted += k * term;
      if (term < 1e-18 * value)
        break;
    }
    if (q != 0.0)
      value += weighted * (q_lo / q);
  } else {
    double mu = 4.0 * order * order, term = 1.0, sum = 1.0;
    for (int k = 1; k < 40; ++k) {
      double next = -term * (mu - (2 * k - 1) * (2 * k - 1)) / (k * 8.0 * ax);
      if (fabs(next) >= fabs(term))
        break;
      term = next;
      sum += term;
      if (fabs(term) < 1e-17 * fabs(sum))
        break;
    }
    /* e^x / sqrt(2 pi x) = e^(x - log(2 pi x) / 2), with the exponent as hi + lo so that its
     * rounding (an ulp of x, large) does not show: e^hi (1 + lo). */
    double shift = 0.5 * log(6.2831853071795865 * ax);
    double hi = ax - shift, lo = (ax - hi) - shift;
    double scale = exp(hi);
    value = __builtin_isinf(scale) ? scale : __builtin_fma(scale, lo, scale) * sum;
  }
  return order && x < 0.0 ? -value : value;
}
__DRAWBRIDGE_DEVICE double cyl_bessel_i0(double x) { return __drawbridge_bessel_i(0, x); }
__DRAWBRIDGE_DEVICE double cyl_bessel_i1(double x) { return __drawbridge_bessel_i(1, x); }
__DRAWBRIDGE_DEVICE float cyl_bessel_i0f(float x) { return (float)__drawbridge_bessel_i(0, x); }
__DRAWBRIDGE_DEVICE float cyl_bessel_i1f(float x) { return (float)__drawbridge_bessel_i(1, x); }

/* C++ float overloads of CUDA's own functions and of the Bessel functions, as the Math API
 * declares them beside the C names. */
__DRAWBRIDGE_DEVICE float erfinv(float x) { return erfinvf(x); }
__DRAWBRIDGE_DEVICE float erfcinv(float x) { return erfcinvf(x); }
__DRAWBRIDGE_DEVICE float erfcx(float x) { return erfcxf(x); }
__DRAWBRIDGE_DEVICE float normcdf(float x) { return normcdff(x); }
__DRAWBRIDGE_DEVICE float normcdfinv(float x) { return normcdfinvf(x); }
__DRAWBRIDGE_DEVICE float cyl_bessel_i0(float x) { return cyl_bessel_i0f(x); }
__DRAWBRIDGE_DEVICE float cyl_bessel_i1(float x) { return cyl_bessel_i1f(x); }
__DRAWBRIDGE_DEVICE float j0(float x) { return j0f(x); }
__DRAWBRIDGE_DEVICE float j1(float x) { return j1f(x); }
__DRAWBRIDGE_DEVICE float jn(int n, float x) { return jnf(n, x); }
__DRAWBRIDGE_DEVICE float y0(float x) { return y0f(x); }
__DRAWBRIDGE_DEVICE float y1(float x) { return y1f(x); }
__DRAWBRIDGE_DEVICE float yn(int n, float x) { return ynf(n, x); }

#endif /* __cplusplus */
#endif /* __DRAWBRIDGE_DEVICE_MATH_SPECIAL_H__ */
