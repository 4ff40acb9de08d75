/* drawbridge/device/double_double.h - double-double arithmetic for the refined math functions.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. A double-double value is an unevaluated sum
 * hi + lo of two doubles with |lo| <= ulp(hi) / 2, about 106 significant bits. The functions
 * that must not lose bits to cancellation (the Bessel functions near their zeros, tanh) carry
 * their intermediate values this way, built from the error-free transformations TwoSum and
 * the FMA residual of a product. exp and log here are accurate to about 2^-100 relative
 * (exp) and absolute (log); they serve those functions, not user code.
 */
#ifndef __DRAWBRIDGE_DEVICE_DOUBLE_DOUBLE_H__
#define __DRAWBRIDGE_DEVICE_DOUBLE_DOUBLE_H__

#include "common.h"

#if defined(__cplusplus)

struct __drawbridge_dd {
  double hi, lo;
};

__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_neg(__drawbridge_dd a) {
  return {-a.hi, -a.lo};
}
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_add(__drawbridge_dd a, __drawbridge_dd b) {
  double s = a.hi + b.hi, bb = s - a.hi, e = (a.hi - (s - bb)) + (b.hi - bb) + a.lo + b.lo;
  double hi = s + e;
  return {hi, e - (hi - s)};
}
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_sub(__drawbridge_dd a, __drawbridge_dd b) {
  return __drawbridge_dd_add(a, __drawbridge_dd_neg(b));
}
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_mul(__drawbridge_dd a, __drawbridge_dd b) {
  double p = a.hi * b.hi;
  double e = __builtin_fma(a.hi, b.hi, -p) + (a.hi * b.lo + a.lo * b.hi);
  double hi = p + e;
  return {hi, e - (hi - p)};
}
/* a / b */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_div(__drawbridge_dd a, __drawbridge_dd b) {
  double q = a.hi / b.hi;
  double r = __builtin_fma(-q, b.hi, a.hi) + a.lo - q * b.lo;
  double lo = r / b.hi, hi = q + lo;
  return {hi, lo - (hi - q)};
}
/* a / d for an exactly representable integer d */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_scale(__drawbridge_dd a, double d) {
  double hi = a.hi / d, r = __builtin_fma(-hi, d, a.hi) + a.lo;
  double lo = r / d, s = hi + lo;
  return {s, lo - (s - hi)};
}
/* The exact product of two doubles (barring underflow). */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_product(double a, double b) {
  double p = a * b;
  return {p, __builtin_fma(a, b, -p)};
}

/* ln 2 in two parts. */
#define __DRAWBRIDGE_DD_LN2 (__drawbridge_dd{0x1.62e42fefa39efp-1, 0x1.abc9e3b39803fp-56})

/* e^a for |a| < 700: a = k ln2 + r with |r| <= ln2 / 2, e^(r/4) by its Taylor series (17
 * terms reach 2^-106 for |r/4| <= 0.087), squared twice, scaled by 2^k. */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_exp(__drawbridge_dd a) {
  const __drawbridge_dd ln2 = __DRAWBRIDGE_DD_LN2;
  double k = __builtin_rint(a.hi * 0x1.71547652b82fep0); /* a / ln2 */
  __drawbridge_dd r = __drawbridge_dd_sub(a, __drawbridge_dd_product(k, ln2.hi));
  r = __drawbridge_dd_sub(r, __drawbridge_dd_product(k, ln2.lo));
  r.hi *= 0.25, r.lo *= 0.25;
  const __drawbridge_dd one = {1.0, 0.0};
  __drawbridge_dd s = one;
  for (int n = 17; n >= 1; --n)
    s = __drawbridge_dd_add(one, __drawbridge_dd_scale(__drawbridge_dd_mul(s, r), (double)n));
  s = __drawbridge_dd_mul(s, s);
  s = __drawbridge_dd_mul(s, s);
  return {__builtin_ldexp(s.hi, (int)k), __builtin_ldexp(s.lo, (int)k)};
}

/* ln x for finite x > 0: x = m 2^e with m in [1/2, 1), ln m from the C library refined by one
 * Newton step l + m e^-l - 1 (which squares its error), plus e ln 2. */
__DRAWBRIDGE_DEVICE __drawbridge_dd __drawbridge_dd_log(double x) {
  int e;
  double m = __builtin_frexp(x, &e);
  double l = __builtin_log(m);
  __drawbridge_dd step =
      __drawbridge_dd_mul(__drawbridge_dd_exp(__drawbridge_dd{-l, 0.0}), __drawbridge_dd{m, 0.0});
  __drawbridge_dd lm =
      __drawbridge_dd_add(__drawbridge_dd{l, 0.0}, __drawbridge_dd_add(step, {-1.0, 0.0}));
  const __drawbridge_dd ln2 = __DRAWBRIDGE_DD_LN2;
  __drawbridge_dd scaled = __drawbridge_dd_add(__drawbridge_dd_product((double)e, ln2.hi),
                                               __drawbridge_dd_product((double)e, ln2.lo));
  return __drawbridge_dd_add(lm, scaled);
}

#endif /* __cplusplus */
#endif /* __DRAWBRIDGE_DEVICE_DOUBLE_DOUBLE_H__ */
