/* drawbridge/device/directed_rounding.h - arithmetic and conversions rounded toward zero
 * (_rz), up (_ru) or down (_rd).
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API's single and
 * double precision and type casting intrinsics. The floating-point environment is left alone
 * (vectorised code around these calls runs in round-to-nearest). The __fmaf_ieee_ forms are the
 * __fmaf_ ones that the Math API says ignore -ftz=true. Each operation instead
 * rounds to nearest, finds the sign of the exact error with an error-free transformation
 * (TwoSum for sums, an FMA residual for products, quotients and square roots, products and
 * quotients of floats exactly in double, operands scaled by powers of two where a residual
 * would underflow), and steps one ulp toward the requested direction when the nearest value
 * lies on the wrong side. Overflowing results saturate to the largest finite value where the
 * direction says so; an exact zero sum is -0 when rounding down, as IEEE 754 specifies.
 */
#ifndef __DRAWBRIDGE_DEVICE_DIRECTED_ROUNDING_H__
#define __DRAWBRIDGE_DEVICE_DIRECTED_ROUNDING_H__

#include "common.h"

#define __DRAWBRIDGE_RZ 0
#define __DRAWBRIDGE_RU 1
#define __DRAWBRIDGE_RD 2

/* One ulp up or down, and the largest finite value, for each precision. */
__DRAWBRIDGE_DEVICE float __drawbridge_step(float r, bool up) {
  return __builtin_nextafterf(r, up ? __builtin_inff() : -__builtin_inff());
}
__DRAWBRIDGE_DEVICE double __drawbridge_step(double r, bool up) {
  return __builtin_nextafter(r, up ? __builtin_inf() : -__builtin_inf());
}
__DRAWBRIDGE_DEVICE float __drawbridge_largest(float) { return 3.40282346638528859812e+38F; }
__DRAWBRIDGE_DEVICE double __drawbridge_largest(double) { return 1.79769313486231570815e+308; }

/* The directed rounding of an exact value v, given r = v rounded to nearest and the sign of
 * v - r (error), for v finite. */
template <typename T>
__DRAWBRIDGE_DEVICE T __drawbridge_direct(T r, int error, int mode, bool negative) {
  if (__builtin_isinf(r)) { /* v is finite but rounds to nearest as infinity */
    bool keep = mode == __DRAWBRIDGE_RU ? !negative : mode == __DRAWBRIDGE_RD ? negative : false;
    return keep ? r : (negative ? -__drawbridge_largest(r) : __drawbridge_largest(r));
  }
  if (error == 0)
    return r;
  if (mode == __DRAWBRIDGE_RZ)
    mode = negative ? __DRAWBRIDGE_RU : __DRAWBRIDGE_RD;
  if (mode == __DRAWBRIDGE_RU)
    return error > 0 ? __drawbridge_step(r, true) : r;
  return error < 0 ? __drawbridge_step(r, false) : r;
}

template <typename T> __DRAWBRIDGE_DEVICE int __drawbridge_sign(T x) {
  return x > 0 ? 1 : x < 0 ? -1 : 0;
}

/* A float from the exact value hi + lo (double-double, |lo| <= ulp(hi) / 2). */
__DRAWBRIDGE_DEVICE float __drawbridge_float_of(double hi, double lo, int mode) {
  float r = (float)hi;
  if (__builtin_isnan(hi))
    return r;
  double gap = hi - (double)r; /* exact when r is finite */
  int error = __builtin_isinf(r) ? 0 : gap != 0.0 ? __drawbridge_sign(gap) : __drawbridge_sign(lo);
  return __drawbridge_direct(r, error, mode, hi < 0 || (hi == 0 && lo < 0));
}

/* Sums: TwoSum gives the exact error; an exact zero is -0 when rounding down unless both
 * operands are +0. */
template <typename T> __DRAWBRIDGE_DEVICE T __drawbridge_add(T x, T y, int mode) {
  T r = x + y;
  if (__builtin_isnan(r) || (__builtin_isinf(r) && (__builtin_isinf(x) || __builtin_isinf(y))))
    return r;
  if (r == 0 && mode == __DRAWBRIDGE_RD)
    return (x == 0 && y == 0 && !__builtin_signbit(x) && !__builtin_signbit(y)) ? (T)0 : -(T)0;
  if (__builtin_isinf(r))
    return __drawbridge_direct(r, 0, mode, r < 0);
  T yy = r - x, error = (x - (r - yy)) + (y - yy);
  return __drawbridge_direct(r, __drawbridge_sign(error), mode, r < 0);
}

/* Products of doubles: the FMA residual, with x scaled by 2^108 (exactly) when the product is
 * small enough for the residual to underflow. */
__DRAWBRIDGE_DEVICE double __drawbridge_dmul(double x, double y, int mode) {
  double r = x * y;
  if (__builtin_isnan(r) || x == 0 || y == 0 || __builtin_isinf(x) || __builtin_isinf(y))
    return r;
  bool negative = __builtin_signbit(x) != __builtin_signbit(y);
  if (__builtin_isinf(r))
    return __drawbridge_direct(r, 0, mode, negative);
  if (r == 0) /* the exact product underflowed: it lies on its sign's side of zero */
    return __drawbridge_direct(r, negative ? -1 : 1, mode, negative);
  double error = __builtin_fabs(r) < 0x1p-969 ? __builtin_fma(x * 0x1p108, y, -r * 0x1p108)
                                              : __builtin_fma(x, y, -r);
  return __drawbridge_direct(r, __drawbridge_sign(error), mode, negative);
}

/* Quotients of doubles: the sign of x - r y, scaled up when the quotient or the dividend is
 * small enough for that residual to fall below the subnormals. */
__DRAWBRIDGE_DEVICE double __drawbridge_ddiv(double x, double y, int mode) {
  double r = x / y;
  if (__builtin_isnan(r) || x == 0 || __builtin_isinf(x) || __builtin_isinf(y) || y == 0)
    return r;
  bool negative = __builtin_signbit(x) != __builtin_signbit(y);
  if (__builtin_isinf(r))
    return __drawbridge_direct(r, 0, mode, negative);
  if (r == 0) /* the exact quotient underflowed */
    return __drawbridge_direct(r, negative ? -1 : 1, mode, negative);
  bool small = __builtin_fabs(r) < 0x1p-969 || __builtin_fabs(x) < 0x1p-900;
  double remainder = small ? __builtin_fma(-r * 0x1p108, y, x * 0x1p108) : __builtin_fma(-r, y, x);
  return __drawbridge_direct(r, __drawbridge_sign(remainder) * (y < 0 ? -1 : 1), mode, negative);
}

__DRAWBRIDGE_DEVICE double __drawbridge_dsqrt(double x, int mode) {
  double r = __builtin_sqrt(x);
  if (!(x > 0) || __builtin_isinf(x))
    return r;
  double remainder =
      x < 0x1p-900 ? __builtin_fma(-r * 0x1p54, r * 0x1p54, x * 0x1p108) : __builtin_fma(-r, r, x);
  return __drawbridge_direct(r, __drawbridge_sign(remainder), mode, false);
}

/* The sign of a + b + c + d, exactly: Shewchuk's grow-expansion turns the four into a
 * non-overlapping expansion, whose largest nonzero component carries the sign of the sum. */
__DRAWBRIDGE_DEVICE int __drawbridge_sign_of_sum(double a, double b, double c, double d) {
  double parts[4] = {a, 0, 0, 0}, more[3] = {b, c, d};
  for (int i = 0; i < 3; ++i) {
    double q = more[i];
    for (int j = 0; j <= i; ++j) {
      double s = q + parts[j], bb = s - q;
      parts[j] = (q - (s - bb)) + (parts[j] - bb);
      q = s;
    }
    parts[i + 1] = q;
  }
  for (int j = 3; j >= 0; --j)
    if (parts[j] != 0)
      return parts[j] > 0 ? 1 : -1;
  return 0;
}

/* Fused multiply-adds of doubles: the sign of x y + z - r, with r the nearest result, from the
 * exact product of x and y scaled to [1, 4) and z and r scaled alike (exactly, in the cases
 * that reach it). A product below a quarter ulp of z leaves r = z and the product's sign; a z
 * too small to scale leaves its sign for the tie. */
__DRAWBRIDGE_DEVICE double __drawbridge_dfma(double x, double y, double z, int mode) {
  double r = __builtin_fma(x, y, z);
  if (!__builtin_isfinite(x) || !__builtin_isfinite(y) || !__builtin_isfinite(z) ||
      __builtin_isnan(r))
    return r;
  if (x == 0 || y == 0) /* the product is an exact zero */
    return __drawbridge_add(x * y, z, mode);
  if (z == 0)
    return __drawbridge_dmul(x, y, mode);
  int product_sign = __builtin_signbit(x) != __builtin_signbit(y) ? -1 : 1;
  int ex = __builtin_ilogb(x), ey = __builtin_ilogb(y), ez = __builtin_ilogb(z);
  int exy = ex + ey, error;
  if (exy < ez - 56) {
    error = product_sign;
  } else {
    double xs = __builtin_ldexp(x, -ex), ys = __builtin_ldexp(y, -ey);
    double hi = xs * ys, lo = __builtin_fma(xs, ys, -hi), rs = __builtin_ldexp(r, -exy);
    if (ez < exy - 200) {
      error = __drawbridge_sign_of_sum(hi, lo, -rs, 0.0);
      if (error == 0)
        error = z > 0 ? 1 : -1;
    } else {
      error = __drawbridge_sign_of_sum(hi, lo, __builtin_ldexp(z, -exy), -rs);
    }
  }
  if (r == 0 && error == 0) /* an exact zero from opposite signs */
    return mode == __DRAWBRIDGE_RD ? -0.0 : 0.0;
  return __drawbridge_direct(r, error, mode, r != 0 ? r < 0 : error < 0);
}

/* Float products, quotients and square roots: exact or with an exact residual in double. */
__DRAWBRIDGE_DEVICE float __drawbridge_fmul(float x, float y, int mode) {
  double p = (double)x * y;   /* exact */
  if (!__builtin_isfinite(p)) /* an infinite or NaN operand */
    return (float)p;
  return __drawbridge_float_of(p, 0.0, mode);
}
__DRAWBRIDGE_DEVICE float __drawbridge_fdiv(float x, float y, int mode) {
  float r = x / y;
  if (__builtin_isnan(r) || x == 0 || __builtin_isinf(x) || __builtin_isinf(y) || y == 0)
    return r;
  bool negative = __builtin_signbit(x) != __builtin_signbit(y);
  if (__builtin_isinf(r))
    return __drawbridge_direct(r, 0, mode, negative);
  double remainder = __builtin_fma(-(double)r, (double)y, (double)x); /* exact */
  return __drawbridge_direct(r, __drawbridge_sign(remainder) * (y < 0 ? -1 : 1), mode, negative);
}
__DRAWBRIDGE_DEVICE float __drawbridge_fsqrt(float x, int mode) {
  float r = __builtin_sqrtf(x);
  if (!(x > 0) || __builtin_isinf(x))
    return r;
  double remainder = __builtin_fma(-(double)r, (double)r, (double)x); /* exact */
  return __drawbridge_direct(r, __drawbridge_sign(remainder), mode, false);
}
/* x*y + z for floats: the product is exact in double, the sum exact as a double-double. */
__DRAWBRIDGE_DEVICE float __drawbridge_fmaf(float x, float y, float z, int mode) {
  double p = (double)x * y, s = p + z;
  if (__builtin_isnan(s) || __builtin_isinf(s))
    return (float)s;
  if (s == 0 && mode == __DRAWBRIDGE_RD && p + z == 0 &&
      (p != 0 || z != 0 || __builtin_signbit(p) != __builtin_signbit(z)))
    return -0.0f;
  double pp = s - z, t = (z - (s - pp)) + (p - pp);
  return __drawbridge_float_of(s, t, mode);
}

#define __DRAWBRIDGE_DIRECTED_FLOAT(suffix, mode)                                                  \
  __DRAWBRIDGE_DEVICE float __fadd_##suffix(float x, float y) {                                    \
    return __drawbridge_add(x, y, mode);                                                           \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __fsub_##suffix(float x, float y) {                                    \
    return __drawbridge_add(x, -y, mode);                                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __fmul_##suffix(float x, float y) {                                    \
    return __drawbridge_fmul(x, y, mode);                                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __fdiv_##suffix(float x, float y) {                                    \
    return __drawbridge_fdiv(x, y, mode);                                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __frcp_##suffix(float x) { return __drawbridge_fdiv(1.0f, x, mode); }  \
  __DRAWBRIDGE_DEVICE float __fsqrt_##suffix(float x) { return __drawbridge_fsqrt(x, mode); }      \
  __DRAWBRIDGE_DEVICE float __fmaf_##suffix(float x, float y, float z) {                           \
    return __drawbridge_fmaf(x, y, z, mode);                                                       \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __dadd_##suffix(double x, double y) {                                 \
    return __drawbridge_add(x, y, mode);                                                           \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __dsub_##suffix(double x, double y) {                                 \
    return __drawbridge_add(x, -y, mode);                                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __dmul_##suffix(double x, double y) {                                 \
    return __drawbridge_dmul(x, y, mode);                                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __ddiv_##suffix(double x, double y) {                                 \
    return __drawbridge_ddiv(x, y, mode);                                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __drcp_##suffix(double x) { return __drawbridge_ddiv(1.0, x, mode); } \
  __DRAWBRIDGE_DEVICE double __dsqrt_##suffix(double x) { return __drawbridge_dsqrt(x, mode); }    \
  __DRAWBRIDGE_DEVICE double __fma_##suffix(double x, double y, double z) {                        \
    return __drawbridge_dfma(x, y, z, mode);                                                       \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __fmaf_ieee_##suffix(float x, float y, float z) {                      \
    return __drawbridge_fmaf(x, y, z, mode);                                                       \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __int2float_##suffix(int x) {                                          \
    return __drawbridge_float_of((double)x, 0.0, mode);                                            \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __uint2float_##suffix(unsigned int x) {                                \
    return __drawbridge_float_of((double)x, 0.0, mode);                                            \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __ll2float_##suffix(long long int x) {                                 \
    double hi = (double)(x >> 32) * 4294967296.0, lo = (double)(x & 0xffffffffLL), s = hi + lo;    \
    return __drawbridge_float_of(s, (hi - s) + lo, mode);                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __ull2float_##suffix(unsigned long long int x) {                       \
    double hi = (double)(x >> 32) * 4294967296.0, lo = (double)(x & 0xffffffffULL), s = hi + lo;   \
    return __drawbridge_float_of(s, (hi - s) + lo, mode);                                          \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __ll2double_##suffix(long long int x) {                               \
    double hi = (double)(x >> 32) * 4294967296.0, lo = (double)(x & 0xffffffffLL);                 \
    return __drawbridge_add(hi, lo, mode);                                                         \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE double __ull2double_##suffix(unsigned long long int x) {                     \
    double hi = (double)(x >> 32) * 4294967296.0, lo = (double)(x & 0xffffffffULL);                \
    return __drawbridge_add(hi, lo, mode);                                                         \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE float __double2float_##suffix(double x) {                                    \
    return __drawbridge_float_of(x, 0.0, mode);                                                    \
  }
__DRAWBRIDGE_DIRECTED_FLOAT(rz, __DRAWBRIDGE_RZ)
__DRAWBRIDGE_DIRECTED_FLOAT(ru, __DRAWBRIDGE_RU)
__DRAWBRIDGE_DIRECTED_FLOAT(rd, __DRAWBRIDGE_RD)
#undef __DRAWBRIDGE_DIRECTED_FLOAT

#endif /* __DRAWBRIDGE_DEVICE_DIRECTED_ROUNDING_H__ */
