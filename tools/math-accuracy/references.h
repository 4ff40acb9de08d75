// references.h - correctly rounded values of the functions MPFR has no direct form of.
//
// Part of tools/math-accuracy. Each reference sets r (kPrecision bits) to the function's value
// at x (and y, z) and returns 0: computed in several steps, it carries no ternary value.
#pragma once

#include <mpfr.h>

#include <cmath>

constexpr mpfr_prec_t kPrecision = 192;

namespace {

int ref_rcbrt(mpfr_t r, mpfr_t x) {
  mpfr_cbrt(r, x, MPFR_RNDN);
  mpfr_ui_div(r, 1, r, MPFR_RNDN);
  return 0;
}
int ref_rhypot(mpfr_t r, mpfr_t x, mpfr_t y) {
  mpfr_hypot(r, x, y, MPFR_RNDN);
  mpfr_ui_div(r, 1, r, MPFR_RNDN);
  return 0;
}
// sqrt(x^2 + y^2 + z^2 (+ w^2)) or its reciprocal; infinite when any argument is.
int ref_norm(mpfr_t r, mpfr_t x, mpfr_t y, mpfr_t z, bool fourth, bool reciprocal) {
  if (mpfr_inf_p(x) || mpfr_inf_p(y) || mpfr_inf_p(z)) {
    mpfr_set_inf(r, 1);
  } else {
    mpfr_t t;
    mpfr_init2(t, kPrecision);
    mpfr_sqr(r, x, MPFR_RNDN);
    mpfr_sqr(t, y, MPFR_RNDN);
    mpfr_add(r, r, t, MPFR_RNDN);
    mpfr_sqr(t, z, MPFR_RNDN);
    mpfr_add(r, r, t, MPFR_RNDN);
    if (fourth) { // the fourth argument is x again (see functions.def)
      mpfr_sqr(t, x, MPFR_RNDN);
      mpfr_add(r, r, t, MPFR_RNDN);
    }
    mpfr_sqrt(r, r, MPFR_RNDN);
    mpfr_clear(t);
  }
  if (reciprocal)
    mpfr_ui_div(r, 1, r, MPFR_RNDN);
  return 0;
}
// Solves f(x) = y by Newton steps from a starting point (erfinv and erfcinv).
template <typename F, typename Slope>
void solve(mpfr_t r, mpfr_t y, double start, F f, Slope slope) {
  mpfr_t value, d;
  mpfr_inits2(kPrecision, value, d, (mpfr_ptr)0);
  mpfr_set_d(r, start, MPFR_RNDN);
  for (int i = 0; i < 40; ++i) {
    f(value, r);
    mpfr_sub(value, value, y, MPFR_RNDN);
    slope(d, r);
    if (mpfr_zero_p(d))
      break;
    mpfr_div(value, value, d, MPFR_RNDN);
    mpfr_sub(r, r, value, MPFR_RNDN);
    if (mpfr_zero_p(value) || mpfr_get_exp(value) < mpfr_get_exp(r) - kPrecision + 8)
      break;
  }
  mpfr_clears(value, d, (mpfr_ptr)0);
}
// d/dx erf(x) = 2/sqrt(pi) e^(-x^2)
void erfSlope(mpfr_t d, mpfr_t x) {
  mpfr_t t;
  mpfr_init2(t, kPrecision);
  mpfr_sqr(d, x, MPFR_RNDN);
  mpfr_neg(d, d, MPFR_RNDN);
  mpfr_exp(d, d, MPFR_RNDN);
  mpfr_const_pi(t, MPFR_RNDN);
  mpfr_sqrt(t, t, MPFR_RNDN);
  mpfr_div(d, d, t, MPFR_RNDN);
  mpfr_mul_ui(d, d, 2, MPFR_RNDN);
  mpfr_clear(t);
}
// A starting point for the Newton steps: erfc(x) = target by bisection in double.
double erfcStart(double target) {
  double lo = -27, hi = 27;
  for (int i = 0; i < 200; ++i) {
    double mid = 0.5 * (lo + hi);
    (std::erfc(mid) > target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}
int ref_erfcinv(mpfr_t r, mpfr_t y);
int ref_erfinv(mpfr_t r, mpfr_t y) {
  double v = mpfr_get_d(y, MPFR_RNDN);
  if (std::isnan(v) || std::fabs(v) > 1) {
    mpfr_set_nan(r);
  } else if (std::fabs(v) == 1) {
    mpfr_set_inf(r, v > 0 ? 1 : -1);
  } else if (std::fabs(v) > 0.5) { // erf is flat there: solve erfc(x) = 1 - |y| instead
    mpfr_t c;
    mpfr_init2(c, kPrecision);
    mpfr_ui_sub(c, 1, y, MPFR_RNDN);
    if (v < 0)
      mpfr_set_d(c, 1.0, MPFR_RNDN), mpfr_add(c, c, y, MPFR_RNDN);
    ref_erfcinv(r, c);
    if (v < 0)
      mpfr_neg(r, r, MPFR_RNDN);
    mpfr_clear(c);
  } else {
    solve(
        r, y, v * 0.88622692545275801, // erf(x) ~ 2x / sqrt(pi) near 0
        [](mpfr_t out, mpfr_t x) { mpfr_erf(out, x, MPFR_RNDN); }, erfSlope);
  }
  return 0;
}
int ref_erfcinv(mpfr_t r, mpfr_t y) {
  double v = mpfr_get_d(y, MPFR_RNDN);
  if (std::isnan(v) || v < 0 || v > 2) {
    mpfr_set_nan(r);
  } else if (v == 0 || v == 2) {
    mpfr_set_inf(r, v == 0 ? 1 : -1);
  } else {
    solve(
        r, y, erfcStart(v), [](mpfr_t out, mpfr_t x) { mpfr_erfc(out, x, MPFR_RNDN); },
        [](mpfr_t d, mpfr_t x) {
          erfSlope(d, x);
          mpfr_neg(d, d, MPFR_RNDN);
        });
  }
  return 0;
}
int ref_erfcx(mpfr_t r, mpfr_t x) {
  if (mpfr_cmp_ui(x, 1u << 16) > 0) {
    // exp(x^2) overflows and erfc(x) underflows even in MPFR's range: the asymptotic series
    // 1/(x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k, whose terms fall below 2^-192 at once.
    mpfr_t u, term, sum;
    mpfr_inits2(kPrecision, u, term, sum, (mpfr_ptr)0);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_ui(u, u, 2, MPFR_RNDN);
    mpfr_ui_div(u, 1, u, MPFR_RNDN);
    mpfr_set_ui(term, 1, MPFR_RNDN);
    mpfr_set_ui(sum, 1, MPFR_RNDN);
    for (unsigned long k = 1; k < 20; ++k) {
      mpfr_mul(term, term, u, MPFR_RNDN);
      mpfr_mul_si(term, term, -(long)(2 * k - 1), MPFR_RNDN);
      mpfr_add(sum, sum, term, MPFR_RNDN);
    }
    mpfr_const_pi(u, MPFR_RNDN);
    mpfr_sqrt(u, u, MPFR_RNDN);
    mpfr_mul(u, u, x, MPFR_RNDN);
    mpfr_div(r, sum, u, MPFR_RNDN);
    mpfr_clears(u, term, sum, (mpfr_ptr)0);
    return 0;
  }
  mpfr_t t;
  mpfr_init2(t, kPrecision);
  mpfr_erfc(r, x, MPFR_RNDN);
  mpfr_sqr(t, x, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_mul(r, r, t, MPFR_RNDN);
  if (mpfr_inf_p(x) && mpfr_sgn(x) > 0)
    mpfr_set_zero(r, 1);
  mpfr_clear(t);
  return 0;
}
int ref_normcdf(mpfr_t r, mpfr_t x) { // erfc(-x / sqrt(2)) / 2
  mpfr_t s;
  mpfr_init2(s, kPrecision);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_div(r, x, s, MPFR_RNDN);
  mpfr_neg(r, r, MPFR_RNDN);
  mpfr_erfc(r, r, MPFR_RNDN);
  mpfr_div_ui(r, r, 2, MPFR_RNDN);
  mpfr_clear(s);
  return 0;
}
int ref_normcdfinv(mpfr_t r, mpfr_t p) { // -sqrt(2) erfcinv(2p)
  mpfr_t twice, s;
  mpfr_inits2(kPrecision, twice, s, (mpfr_ptr)0);
  mpfr_mul_ui(twice, p, 2, MPFR_RNDN);
  ref_erfcinv(r, twice);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_mul(r, r, s, MPFR_RNDN);
  mpfr_neg(r, r, MPFR_RNDN);
  mpfr_clears(twice, s, (mpfr_ptr)0);
  return 0;
}
int ref_lgamma(mpfr_t r, mpfr_t x) {
  int sign;
  return mpfr_lgamma(r, &sign, x, MPFR_RNDN);
}
// I_n(x) = sum_k (x/2)^(2k+n) / (k! (k+n)!), summed until the terms vanish.
int ref_bessel_i(mpfr_t r, mpfr_t x, int order) {
  if (mpfr_nan_p(x) || mpfr_inf_p(x)) {
    mpfr_abs(r, x, MPFR_RNDN);
    if (order && mpfr_inf_p(x))
      mpfr_set(r, x, MPFR_RNDN);
    return 0;
  }
  mpfr_t q, term;
  mpfr_inits2(kPrecision, q, term, (mpfr_ptr)0);
  mpfr_div_ui(q, x, 2, MPFR_RNDN);
  if (order)
    mpfr_set(term, q, MPFR_RNDN);
  else
    mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_sqr(q, q, MPFR_RNDN);
  mpfr_set(r, term, MPFR_RNDN);
  for (unsigned long k = 1; k < 100000; ++k) {
    mpfr_mul(term, term, q, MPFR_RNDN);
    mpfr_div_ui(term, term, k * (k + order), MPFR_RNDN);
    mpfr_add(r, r, term, MPFR_RNDN);
    if (mpfr_zero_p(term) || mpfr_get_exp(term) < mpfr_get_exp(r) - kPrecision)
      break;
  }
  mpfr_clears(q, term, (mpfr_ptr)0);
  return 0;
}

// CUDA's __saturatef: x clamped to [0, 1], NaN to +0.
int ref_saturate(mpfr_t r, mpfr_t x) {
  if (mpfr_nan_p(x) || mpfr_cmp_ui(x, 0) <= 0)
    mpfr_set_zero(r, 1);
  else if (mpfr_cmp_ui(x, 1) >= 0)
    mpfr_set_ui(r, 1, MPFR_RNDN);
  else
    mpfr_set(r, x, MPFR_RNDN);
  return 0;
}
// Functions whose result is a double operation on the arguments (nextafter, ilogb, frexp,
// modf, remquo): the host C library's value, which is exact.
int ref_exact(mpfr_t r, double value) {
  mpfr_set_d(r, value, MPFR_RNDN);
  return 0;
}
double fraction_of(double x) {
  double integral;
  return std::modf(x, &integral);
}
double mantissa_of(double x) {
  int exponent;
  return std::frexp(x, &exponent);
}

} // namespace
