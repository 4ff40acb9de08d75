/* drawbridge/device/small_float_ops.h - the functions __half and __nv_bfloat16 share.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. CUDA gives the 16-bit types the same
 * function names (__hadd, __hmax2, hsin, h2sqrt, the comparisons, the operators, shuffles and
 * atomics), overloaded on the type. cuda_fp16.h and cuda_bf16.h each include this file once,
 * with no include guard, after defining:
 *
 *   __DRAWBRIDGE_SF, __DRAWBRIDGE_SF2      the scalar and pair types
 *   __DRAWBRIDGE_SF_EXP, __DRAWBRIDGE_SF_MAN  exponent and fraction widths
 *   __DRAWBRIDGE_SF_BITS(h), __DRAWBRIDGE_SF_FROM_BITS(b)  bit pattern in and out
 *   __DRAWBRIDGE_SF_TO_FLOAT(h)            exact widening to float
 *   __DRAWBRIDGE_SF_FROM_FLOAT(f), __DRAWBRIDGE_SF_FROM_DOUBLE(d)  round to nearest even
 *   __DRAWBRIDGE_SF_OPERATORS, __DRAWBRIDGE_SF2_OPERATORS  1 where the C++ operators exist
 *   __DRAWBRIDGE_SF_ATOMIC_ARCH, __DRAWBRIDGE_SF2_ATOMIC_ARCH  first architecture with atomicAdd
 *
 * and undefines them all at its end.
 *
 * Rounding: a sum, difference, product, quotient or square root of two p-bit numbers computed
 * in a format of at least 2p + 2 bits and then rounded to p bits is the correctly rounded
 * p-bit result (no double-rounding error), so these are computed in float (24 bits; half has
 * 11, bfloat16 8) and rounded once to the 16-bit type, as NVIDIA's results are. A fused
 * multiply-add has no such guarantee (the product carries 2p bits), so it is computed in
 * double with the sum rounded to odd and then rounded to nearest: a single correct rounding.
 * The math functions (hsin, hexp, ...) use the double-precision functions and round the
 * result to nearest. Every NaN a function produces is the canonical NaN.
 */

#define __DRAWBRIDGE_SF_SIGN (1u << (__DRAWBRIDGE_SF_EXP + __DRAWBRIDGE_SF_MAN))
#define __DRAWBRIDGE_SF_ONE_BITS ((((1u << (__DRAWBRIDGE_SF_EXP - 1)) - 1u) << __DRAWBRIDGE_SF_MAN))
#define __DRAWBRIDGE_SF_NAN_BITS __DRAWBRIDGE_IEEE_NAN(__DRAWBRIDGE_SF_EXP, __DRAWBRIDGE_SF_MAN)
#define __DRAWBRIDGE_SF_INF_BITS                                                                   \
  __DRAWBRIDGE_IEEE_INFINITY(__DRAWBRIDGE_SF_EXP, __DRAWBRIDGE_SF_MAN)
#define __DRAWBRIDGE_SF_ONE __DRAWBRIDGE_SF_FROM_BITS(__DRAWBRIDGE_SF_ONE_BITS)
#define __DRAWBRIDGE_SF_ZERO __DRAWBRIDGE_SF_FROM_BITS(0u)
#define __DRAWBRIDGE_SF_NAN __DRAWBRIDGE_SF_FROM_BITS(__DRAWBRIDGE_SF_NAN_BITS)
#define __DRAWBRIDGE_SF_DOUBLE(h) ((double)__DRAWBRIDGE_SF_TO_FLOAT(h))
/* Applies a scalar function to both halves of a pair. */
#define __DRAWBRIDGE_SF2_MAP(f, a) __DRAWBRIDGE_SF2(f((a).x), f((a).y))
#define __DRAWBRIDGE_SF2_MAP2(f, a, b) __DRAWBRIDGE_SF2(f((a).x, (b).x), f((a).y, (b).y))
#define __DRAWBRIDGE_SF2_MAP3(f, a, b, c)                                                          \
  __DRAWBRIDGE_SF2(f((a).x, (b).x, (c).x), f((a).y, (b).y, (c).y))

/* ---- Classification ---------------------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE bool __hisnan(const __DRAWBRIDGE_SF a) {
  return (__DRAWBRIDGE_SF_BITS(a) & ~__DRAWBRIDGE_SF_SIGN) > __DRAWBRIDGE_SF_INF_BITS;
}
__DRAWBRIDGE_HOST_DEVICE int __hisinf(const __DRAWBRIDGE_SF a) {
  unsigned int bits = __DRAWBRIDGE_SF_BITS(a);
  if ((bits & ~__DRAWBRIDGE_SF_SIGN) != __DRAWBRIDGE_SF_INF_BITS)
    return 0;
  return (bits & __DRAWBRIDGE_SF_SIGN) ? -1 : 1;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hisnan2(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF2(__hisnan(a.x) ? __DRAWBRIDGE_SF_ONE : __DRAWBRIDGE_SF_ZERO,
                          __hisnan(a.y) ? __DRAWBRIDGE_SF_ONE : __DRAWBRIDGE_SF_ZERO);
}

/* ---- Arithmetic -------------------------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hadd(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {
  return __DRAWBRIDGE_SF_FROM_FLOAT(__DRAWBRIDGE_SF_TO_FLOAT(a) + __DRAWBRIDGE_SF_TO_FLOAT(b));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hsub(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {
  return __DRAWBRIDGE_SF_FROM_FLOAT(__DRAWBRIDGE_SF_TO_FLOAT(a) - __DRAWBRIDGE_SF_TO_FLOAT(b));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmul(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {
  return __DRAWBRIDGE_SF_FROM_FLOAT(__DRAWBRIDGE_SF_TO_FLOAT(a) * __DRAWBRIDGE_SF_TO_FLOAT(b));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hdiv(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {
  return __DRAWBRIDGE_SF_FROM_FLOAT(__DRAWBRIDGE_SF_TO_FLOAT(a) / __DRAWBRIDGE_SF_TO_FLOAT(b));
}
/* The _rn forms promise that no multiply-add contraction happens; every operation here
   rounds on its own already. */
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hadd_rn(const __DRAWBRIDGE_SF a,
                                                   const __DRAWBRIDGE_SF b) {
  return __hadd(a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hsub_rn(const __DRAWBRIDGE_SF a,
                                                   const __DRAWBRIDGE_SF b) {
  return __hsub(a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmul_rn(const __DRAWBRIDGE_SF a,
                                                   const __DRAWBRIDGE_SF b) {
  return __hmul(a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hfma(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b,
                                                const __DRAWBRIDGE_SF c) {
  return __DRAWBRIDGE_SF_FROM_DOUBLE(__drawbridge_fma_round_to_odd(
      __DRAWBRIDGE_SF_DOUBLE(a), __DRAWBRIDGE_SF_DOUBLE(b), __DRAWBRIDGE_SF_DOUBLE(c)));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hneg(const __DRAWBRIDGE_SF a) {
  return __hisnan(a) ? __DRAWBRIDGE_SF_NAN
                     : __DRAWBRIDGE_SF_FROM_BITS(__DRAWBRIDGE_SF_BITS(a) ^ __DRAWBRIDGE_SF_SIGN);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __habs(const __DRAWBRIDGE_SF a) {
  return __hisnan(a) ? __DRAWBRIDGE_SF_NAN
                     : __DRAWBRIDGE_SF_FROM_BITS(__DRAWBRIDGE_SF_BITS(a) & ~__DRAWBRIDGE_SF_SIGN);
}

/* Saturation to [0.0, 1.0]; NaN becomes +0.0. */
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __drawbridge_saturate(const __DRAWBRIDGE_SF a) {
  float f = __DRAWBRIDGE_SF_TO_FLOAT(a);
  return f > 0.0f ? (f < 1.0f ? a : __DRAWBRIDGE_SF_ONE) : __DRAWBRIDGE_SF_ZERO;
}
/* ReLU: negative results (and -0.0) become +0.0, NaN stays the canonical NaN. */
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __drawbridge_relu(const __DRAWBRIDGE_SF a) {
  if (__hisnan(a))
    return __DRAWBRIDGE_SF_NAN;
  return (__DRAWBRIDGE_SF_BITS(a) & __DRAWBRIDGE_SF_SIGN) ? __DRAWBRIDGE_SF_ZERO : a;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hadd_sat(const __DRAWBRIDGE_SF a,
                                                    const __DRAWBRIDGE_SF b) {
  return __drawbridge_saturate(__hadd(a, b));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hsub_sat(const __DRAWBRIDGE_SF a,
                                                    const __DRAWBRIDGE_SF b) {
  return __drawbridge_saturate(__hsub(a, b));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmul_sat(const __DRAWBRIDGE_SF a,
                                                    const __DRAWBRIDGE_SF b) {
  return __drawbridge_saturate(__hmul(a, b));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hfma_sat(const __DRAWBRIDGE_SF a,
                                                    const __DRAWBRIDGE_SF b,
                                                    const __DRAWBRIDGE_SF c) {
  return __drawbridge_saturate(__hfma(a, b, c));
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hfma_relu(const __DRAWBRIDGE_SF a,
                                                     const __DRAWBRIDGE_SF b,
                                                     const __DRAWBRIDGE_SF c) {
  return __drawbridge_relu(__hfma(a, b, c));
}

__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hadd2(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hadd, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hsub2(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hsub, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmul2(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmul, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __h2div(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hdiv, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hadd2_rn(const __DRAWBRIDGE_SF2 a,
                                                     const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hadd, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hsub2_rn(const __DRAWBRIDGE_SF2 a,
                                                     const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hsub, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmul2_rn(const __DRAWBRIDGE_SF2 a,
                                                     const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmul, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hadd2_sat(const __DRAWBRIDGE_SF2 a,
                                                      const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hadd_sat, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hsub2_sat(const __DRAWBRIDGE_SF2 a,
                                                      const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hsub_sat, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmul2_sat(const __DRAWBRIDGE_SF2 a,
                                                      const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmul_sat, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hfma2(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b,
                                                  const __DRAWBRIDGE_SF2 c) {
  return __DRAWBRIDGE_SF2_MAP3(__hfma, a, b, c);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hfma2_sat(const __DRAWBRIDGE_SF2 a,
                                                      const __DRAWBRIDGE_SF2 b,
                                                      const __DRAWBRIDGE_SF2 c) {
  return __DRAWBRIDGE_SF2_MAP3(__hfma_sat, a, b, c);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hfma2_relu(const __DRAWBRIDGE_SF2 a,
                                                       const __DRAWBRIDGE_SF2 b,
                                                       const __DRAWBRIDGE_SF2 c) {
  return __DRAWBRIDGE_SF2_MAP3(__hfma_relu, a, b, c);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hneg2(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF2_MAP(__hneg, a);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __habs2(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF2_MAP(__habs, a);
}
/* Complex multiply-accumulate (a.x + i a.y)(b.x + i b.y) + (c.x + i c.y), as the two fused
   multiply-adds per component that CUDA documents. */
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hcmadd(const __DRAWBRIDGE_SF2 a,
                                                   const __DRAWBRIDGE_SF2 b,
                                                   const __DRAWBRIDGE_SF2 c) {
  return __DRAWBRIDGE_SF2(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)),
                          __hfma(a.y, b.x, __hfma(a.x, b.y, c.y)));
}

/* ---- Comparisons ------------------------------------------------------------------------- */

/* Ordered comparisons are false when either input is NaN, unordered ones (the u forms) true. */
#define __DRAWBRIDGE_SF_COMPARE(name, uname, op)                                                   \
  __DRAWBRIDGE_HOST_DEVICE bool name(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {           \
    float x = __DRAWBRIDGE_SF_TO_FLOAT(a), y = __DRAWBRIDGE_SF_TO_FLOAT(b);                        \
    return x op y && !__hisnan(a) && !__hisnan(b);                                                 \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE bool uname(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {          \
    float x = __DRAWBRIDGE_SF_TO_FLOAT(a), y = __DRAWBRIDGE_SF_TO_FLOAT(b);                        \
    return x op y || __hisnan(a) || __hisnan(b);                                                   \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 name##2(const __DRAWBRIDGE_SF2 a,                      \
                                                    const __DRAWBRIDGE_SF2 b) {                    \
    return __DRAWBRIDGE_SF2(name(a.x, b.x) ? __DRAWBRIDGE_SF_ONE : __DRAWBRIDGE_SF_ZERO,           \
                            name(a.y, b.y) ? __DRAWBRIDGE_SF_ONE : __DRAWBRIDGE_SF_ZERO);          \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 uname##2(const __DRAWBRIDGE_SF2 a,                     \
                                                     const __DRAWBRIDGE_SF2 b) {                   \
    return __DRAWBRIDGE_SF2(uname(a.x, b.x) ? __DRAWBRIDGE_SF_ONE : __DRAWBRIDGE_SF_ZERO,          \
                            uname(a.y, b.y) ? __DRAWBRIDGE_SF_ONE : __DRAWBRIDGE_SF_ZERO);         \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##2_mask(const __DRAWBRIDGE_SF2 a,                     \
                                                     const __DRAWBRIDGE_SF2 b) {                   \
    return (name(a.x, b.x) ? 0xffffu : 0u) | (name(a.y, b.y) ? 0xffff0000u : 0u);                  \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int uname##2_mask(const __DRAWBRIDGE_SF2 a,                    \
                                                      const __DRAWBRIDGE_SF2 b) {                  \
    return (uname(a.x, b.x) ? 0xffffu : 0u) | (uname(a.y, b.y) ? 0xffff0000u : 0u);                \
  }
__DRAWBRIDGE_SF_COMPARE(__heq, __hequ, ==)
__DRAWBRIDGE_SF_COMPARE(__hne, __hneu, !=)
__DRAWBRIDGE_SF_COMPARE(__hlt, __hltu, <)
__DRAWBRIDGE_SF_COMPARE(__hle, __hleu, <=)
__DRAWBRIDGE_SF_COMPARE(__hgt, __hgtu, >)
__DRAWBRIDGE_SF_COMPARE(__hge, __hgeu, >=)
#undef __DRAWBRIDGE_SF_COMPARE

/* The __hb forms: true when the comparison holds for both halves. */
#define __DRAWBRIDGE_SF_COMPARE_BOTH(bname, name)                                                  \
  __DRAWBRIDGE_HOST_DEVICE bool bname(const __DRAWBRIDGE_SF2 a, const __DRAWBRIDGE_SF2 b) {        \
    return name(a.x, b.x) && name(a.y, b.y);                                                       \
  }
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbeq2, __heq)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbequ2, __hequ)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbne2, __hne)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbneu2, __hneu)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hblt2, __hlt)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbltu2, __hltu)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hble2, __hle)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbleu2, __hleu)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbgt2, __hgt)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbgtu2, __hgtu)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbge2, __hge)
__DRAWBRIDGE_SF_COMPARE_BOTH(__hbgeu2, __hgeu)
#undef __DRAWBRIDGE_SF_COMPARE_BOTH

/* Maximum and minimum: +0.0 counts as greater than -0.0. A NaN input yields the other input
   (both NaN: the canonical NaN); the _nan forms return the canonical NaN for any NaN input. */
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __drawbridge_max(const __DRAWBRIDGE_SF a,
                                                          const __DRAWBRIDGE_SF b,
                                                          bool propagate_nan, bool maximum) {
  bool a_nan = __hisnan(a), b_nan = __hisnan(b);
  if (a_nan || b_nan)
    return (propagate_nan || (a_nan && b_nan)) ? __DRAWBRIDGE_SF_NAN : a_nan ? b : a;
  float x = __DRAWBRIDGE_SF_TO_FLOAT(a), y = __DRAWBRIDGE_SF_TO_FLOAT(b);
  if (x != y)
    return (x > y) == maximum ? a : b;
  bool a_negative = (__DRAWBRIDGE_SF_BITS(a) & __DRAWBRIDGE_SF_SIGN) != 0;
  return a_negative == maximum ? b : a;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmax(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {
  return __drawbridge_max(a, b, false, true);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmin(const __DRAWBRIDGE_SF a, const __DRAWBRIDGE_SF b) {
  return __drawbridge_max(a, b, false, false);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmax_nan(const __DRAWBRIDGE_SF a,
                                                    const __DRAWBRIDGE_SF b) {
  return __drawbridge_max(a, b, true, true);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF __hmin_nan(const __DRAWBRIDGE_SF a,
                                                    const __DRAWBRIDGE_SF b) {
  return __drawbridge_max(a, b, true, false);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmax2(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmax, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmin2(const __DRAWBRIDGE_SF2 a,
                                                  const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmin, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmax2_nan(const __DRAWBRIDGE_SF2 a,
                                                      const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmax_nan, a, b);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __hmin2_nan(const __DRAWBRIDGE_SF2 a,
                                                      const __DRAWBRIDGE_SF2 b) {
  return __DRAWBRIDGE_SF2_MAP2(__hmin_nan, a, b);
}

/* ---- Math functions ---------------------------------------------------------------------- */

/* Square root, reciprocal and the rounding functions are correctly rounded in float (or
   exact); the others use the double-precision function, rounded once to nearest even. */
/* Host compilers older than clang 18 have no __builtin_exp10. */
#if defined(__clang__) && __clang_major__ < 18
#define __DRAWBRIDGE_EXP10(x) __builtin_pow(10.0, (x))
#else
#define __DRAWBRIDGE_EXP10(x) __builtin_exp10(x)
#endif
#define __DRAWBRIDGE_SF_MATH(name, name2, expression)                                              \
  __DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF name(const __DRAWBRIDGE_SF a) {                         \
    float x = __DRAWBRIDGE_SF_TO_FLOAT(a);                                                         \
    (void)x;                                                                                       \
    return expression;                                                                             \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 name2(const __DRAWBRIDGE_SF2 a) {                      \
    return __DRAWBRIDGE_SF2_MAP(name, a);                                                          \
  }
__DRAWBRIDGE_SF_MATH(hsqrt, h2sqrt, __DRAWBRIDGE_SF_FROM_FLOAT(__builtin_sqrtf(x)))
__DRAWBRIDGE_SF_MATH(hrsqrt, h2rsqrt, __DRAWBRIDGE_SF_FROM_DOUBLE(1.0 / __builtin_sqrt((double)x)))
__DRAWBRIDGE_SF_MATH(hrcp, h2rcp, __DRAWBRIDGE_SF_FROM_FLOAT(1.0f / x))
__DRAWBRIDGE_SF_MATH(hceil, h2ceil, __DRAWBRIDGE_SF_FROM_FLOAT(__builtin_ceilf(x)))
__DRAWBRIDGE_SF_MATH(hfloor, h2floor, __DRAWBRIDGE_SF_FROM_FLOAT(__builtin_floorf(x)))
__DRAWBRIDGE_SF_MATH(htrunc, h2trunc, __DRAWBRIDGE_SF_FROM_FLOAT(__builtin_truncf(x)))
__DRAWBRIDGE_SF_MATH(hrint, h2rint, __DRAWBRIDGE_SF_FROM_FLOAT(__builtin_rintf(x)))
__DRAWBRIDGE_SF_MATH(hsin, h2sin, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_sin((double)x)))
__DRAWBRIDGE_SF_MATH(hcos, h2cos, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_cos((double)x)))
__DRAWBRIDGE_SF_MATH(htanh, h2tanh, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_tanh((double)x)))
__DRAWBRIDGE_SF_MATH(htanh_approx, h2tanh_approx,
                     __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_tanh((double)x)))
__DRAWBRIDGE_SF_MATH(hexp, h2exp, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_exp((double)x)))
__DRAWBRIDGE_SF_MATH(hexp2, h2exp2, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_exp2((double)x)))
__DRAWBRIDGE_SF_MATH(hexp10, h2exp10, __DRAWBRIDGE_SF_FROM_DOUBLE(__DRAWBRIDGE_EXP10((double)x)))
__DRAWBRIDGE_SF_MATH(hlog, h2log, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_log((double)x)))
__DRAWBRIDGE_SF_MATH(hlog2, h2log2, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_log2((double)x)))
__DRAWBRIDGE_SF_MATH(hlog10, h2log10, __DRAWBRIDGE_SF_FROM_DOUBLE(__builtin_log10((double)x)))
#undef __DRAWBRIDGE_SF_MATH
#undef __DRAWBRIDGE_EXP10

/* ---- Pairs ------------------------------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE float __low2float(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF_TO_FLOAT(a.x);
}
__DRAWBRIDGE_HOST_DEVICE float __high2float(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF_TO_FLOAT(a.y);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 __lowhigh2highlow(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF2(a.y, a.x);
}

/* ---- Operators --------------------------------------------------------------------------- */

#if __DRAWBRIDGE_SF_OPERATORS
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator+(const __DRAWBRIDGE_SF &lh,
                                                   const __DRAWBRIDGE_SF &rh) {
  return __hadd(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator-(const __DRAWBRIDGE_SF &lh,
                                                   const __DRAWBRIDGE_SF &rh) {
  return __hsub(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator*(const __DRAWBRIDGE_SF &lh,
                                                   const __DRAWBRIDGE_SF &rh) {
  return __hmul(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator/(const __DRAWBRIDGE_SF &lh,
                                                   const __DRAWBRIDGE_SF &rh) {
  return __hdiv(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF &operator+=(__DRAWBRIDGE_SF &lh,
                                                     const __DRAWBRIDGE_SF &rh) {
  lh = __hadd(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF &operator-=(__DRAWBRIDGE_SF &lh,
                                                     const __DRAWBRIDGE_SF &rh) {
  lh = __hsub(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF &operator*=(__DRAWBRIDGE_SF &lh,
                                                     const __DRAWBRIDGE_SF &rh) {
  lh = __hmul(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF &operator/=(__DRAWBRIDGE_SF &lh,
                                                     const __DRAWBRIDGE_SF &rh) {
  lh = __hdiv(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF &operator++(__DRAWBRIDGE_SF &h) {
  h = __hadd(h, __DRAWBRIDGE_SF_ONE);
  return h;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF &operator--(__DRAWBRIDGE_SF &h) {
  h = __hsub(h, __DRAWBRIDGE_SF_ONE);
  return h;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator++(__DRAWBRIDGE_SF &h, const int ignored) {
  (void)ignored;
  __DRAWBRIDGE_SF old = h;
  h = __hadd(h, __DRAWBRIDGE_SF_ONE);
  return old;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator--(__DRAWBRIDGE_SF &h, const int ignored) {
  (void)ignored;
  __DRAWBRIDGE_SF old = h;
  h = __hsub(h, __DRAWBRIDGE_SF_ONE);
  return old;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator+(const __DRAWBRIDGE_SF &h) { return h; }
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF operator-(const __DRAWBRIDGE_SF &h) { return __hneg(h); }
/* != is the unordered comparison (true when either side is NaN), the others ordered. */
__DRAWBRIDGE_HOST_DEVICE bool operator==(const __DRAWBRIDGE_SF &lh, const __DRAWBRIDGE_SF &rh) {
  return __heq(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator!=(const __DRAWBRIDGE_SF &lh, const __DRAWBRIDGE_SF &rh) {
  return __hneu(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator>(const __DRAWBRIDGE_SF &lh, const __DRAWBRIDGE_SF &rh) {
  return __hgt(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator<(const __DRAWBRIDGE_SF &lh, const __DRAWBRIDGE_SF &rh) {
  return __hlt(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator>=(const __DRAWBRIDGE_SF &lh, const __DRAWBRIDGE_SF &rh) {
  return __hge(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator<=(const __DRAWBRIDGE_SF &lh, const __DRAWBRIDGE_SF &rh) {
  return __hle(lh, rh);
}
#endif

#if __DRAWBRIDGE_SF2_OPERATORS
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator+(const __DRAWBRIDGE_SF2 &lh,
                                                    const __DRAWBRIDGE_SF2 &rh) {
  return __hadd2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator-(const __DRAWBRIDGE_SF2 &lh,
                                                    const __DRAWBRIDGE_SF2 &rh) {
  return __hsub2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator*(const __DRAWBRIDGE_SF2 &lh,
                                                    const __DRAWBRIDGE_SF2 &rh) {
  return __hmul2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator/(const __DRAWBRIDGE_SF2 &lh,
                                                    const __DRAWBRIDGE_SF2 &rh) {
  return __h2div(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 &operator+=(__DRAWBRIDGE_SF2 &lh,
                                                      const __DRAWBRIDGE_SF2 &rh) {
  lh = __hadd2(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 &operator-=(__DRAWBRIDGE_SF2 &lh,
                                                      const __DRAWBRIDGE_SF2 &rh) {
  lh = __hsub2(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 &operator*=(__DRAWBRIDGE_SF2 &lh,
                                                      const __DRAWBRIDGE_SF2 &rh) {
  lh = __hmul2(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 &operator/=(__DRAWBRIDGE_SF2 &lh,
                                                      const __DRAWBRIDGE_SF2 &rh) {
  lh = __h2div(lh, rh);
  return lh;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 &operator++(__DRAWBRIDGE_SF2 &h) {
  h = __hadd2(h, __DRAWBRIDGE_SF2(__DRAWBRIDGE_SF_ONE, __DRAWBRIDGE_SF_ONE));
  return h;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 &operator--(__DRAWBRIDGE_SF2 &h) {
  h = __hsub2(h, __DRAWBRIDGE_SF2(__DRAWBRIDGE_SF_ONE, __DRAWBRIDGE_SF_ONE));
  return h;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator++(__DRAWBRIDGE_SF2 &h, const int ignored) {
  (void)ignored;
  __DRAWBRIDGE_SF2 old = h;
  ++h;
  return old;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator--(__DRAWBRIDGE_SF2 &h, const int ignored) {
  (void)ignored;
  __DRAWBRIDGE_SF2 old = h;
  --h;
  return old;
}
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator+(const __DRAWBRIDGE_SF2 &h) { return h; }
__DRAWBRIDGE_HOST_DEVICE __DRAWBRIDGE_SF2 operator-(const __DRAWBRIDGE_SF2 &h) {
  return __hneg2(h);
}
/* Pair comparisons hold when they hold for both halves; != is unordered. */
__DRAWBRIDGE_HOST_DEVICE bool operator==(const __DRAWBRIDGE_SF2 &lh, const __DRAWBRIDGE_SF2 &rh) {
  return __hbeq2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator!=(const __DRAWBRIDGE_SF2 &lh, const __DRAWBRIDGE_SF2 &rh) {
  return __hbneu2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator>(const __DRAWBRIDGE_SF2 &lh, const __DRAWBRIDGE_SF2 &rh) {
  return __hbgt2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator<(const __DRAWBRIDGE_SF2 &lh, const __DRAWBRIDGE_SF2 &rh) {
  return __hblt2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator>=(const __DRAWBRIDGE_SF2 &lh, const __DRAWBRIDGE_SF2 &rh) {
  return __hbge2(lh, rh);
}
__DRAWBRIDGE_HOST_DEVICE bool operator<=(const __DRAWBRIDGE_SF2 &lh, const __DRAWBRIDGE_SF2 &rh) {
  return __hble2(lh, rh);
}
#endif

/* ---- Device only: warp shuffles and atomics ---------------------------------------------- */

#if defined(__CUDACC__)
__DRAWBRIDGE_DEVICE unsigned int __drawbridge_pair_bits(const __DRAWBRIDGE_SF2 a) {
  return __DRAWBRIDGE_SF_BITS(a.x) | ((unsigned int)__DRAWBRIDGE_SF_BITS(a.y) << 16);
}
__DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF2 __drawbridge_pair_from_bits(unsigned int bits,
                                                                 const __DRAWBRIDGE_SF2 *) {
  return __DRAWBRIDGE_SF2(__DRAWBRIDGE_SF_FROM_BITS(bits & 0xffffu),
                          __DRAWBRIDGE_SF_FROM_BITS(bits >> 16));
}

/* Shuffles move the 16 or 32 bits through the 32-bit shuffles, so width and out-of-range
   lanes behave exactly as for int. */
#define __DRAWBRIDGE_SF_SHUFFLE(name, lane_type)                                                   \
  __DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF name(const unsigned int mask, const __DRAWBRIDGE_SF var,     \
                                           const lane_type lane, const int width = 32) {           \
    return __DRAWBRIDGE_SF_FROM_BITS(                                                              \
        name(mask, (unsigned int)__DRAWBRIDGE_SF_BITS(var), lane, width) & 0xffffu);               \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF2 name(const unsigned int mask, const __DRAWBRIDGE_SF2 var,   \
                                            const lane_type lane, const int width = 32) {          \
    return __drawbridge_pair_from_bits(name(mask, __drawbridge_pair_bits(var), lane, width),       \
                                       (const __DRAWBRIDGE_SF2 *)0);                               \
  }
__DRAWBRIDGE_SF_SHUFFLE(__shfl_sync, int)
__DRAWBRIDGE_SF_SHUFFLE(__shfl_up_sync, unsigned int)
__DRAWBRIDGE_SF_SHUFFLE(__shfl_down_sync, unsigned int)
__DRAWBRIDGE_SF_SHUFFLE(__shfl_xor_sync, int)
#undef __DRAWBRIDGE_SF_SHUFFLE

/* The volatile load and store hints: runtime_services.h's templates copy through a volatile
   object, which these class types cannot, so they go through the 16-bit fields. The other
   hints (__ldg, __stcg, ...) are its plain templates. */
__DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF __ldcv(const __DRAWBRIDGE_SF *const ptr) {
  return __DRAWBRIDGE_SF_FROM_BITS(*(const volatile unsigned short *)ptr);
}
__DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF2 __ldcv(const __DRAWBRIDGE_SF2 *const ptr) {
  const volatile unsigned short *halves = (const volatile unsigned short *)ptr;
  return __DRAWBRIDGE_SF2(__DRAWBRIDGE_SF_FROM_BITS(halves[0]),
                          __DRAWBRIDGE_SF_FROM_BITS(halves[1]));
}
__DRAWBRIDGE_DEVICE void __stwt(__DRAWBRIDGE_SF *const ptr, const __DRAWBRIDGE_SF value) {
  *(volatile unsigned short *)ptr = (unsigned short)__DRAWBRIDGE_SF_BITS(value);
}
__DRAWBRIDGE_DEVICE void __stwt(__DRAWBRIDGE_SF2 *const ptr, const __DRAWBRIDGE_SF2 value) {
  volatile unsigned short *halves = (volatile unsigned short *)ptr;
  halves[0] = (unsigned short)__DRAWBRIDGE_SF_BITS(value.x);
  halves[1] = (unsigned short)__DRAWBRIDGE_SF_BITS(value.y);
}

/* atomicAdd updates the aligned 32-bit word that holds the value with compare-and-swap, so a
   neighbouring 16-bit value in the same word is never disturbed. Relaxed and device-scoped,
   as CUDA's atomics are. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= __DRAWBRIDGE_SF_ATOMIC_ARCH
__DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF atomicAdd(__DRAWBRIDGE_SF *const address,
                                              const __DRAWBRIDGE_SF val) {
  __UINTPTR_TYPE__ where = (__UINTPTR_TYPE__)address;
  unsigned int *word = (unsigned int *)(where & ~(__UINTPTR_TYPE__)3);
  unsigned int shift = (unsigned int)(where & 2) * 8;
  unsigned int old = __scoped_atomic_load_n(word, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  for (;;) {
    __DRAWBRIDGE_SF current = __DRAWBRIDGE_SF_FROM_BITS((old >> shift) & 0xffffu);
    unsigned int sum = __DRAWBRIDGE_SF_BITS(__hadd(current, val));
    unsigned int desired = (old & ~(0xffffu << shift)) | (sum << shift);
    if (__scoped_atomic_compare_exchange_n(word, &old, desired, false, __ATOMIC_RELAXED,
                                           __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
      return current;
  }
}
#endif
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= __DRAWBRIDGE_SF2_ATOMIC_ARCH
/* Both halves change in one 32-bit compare-and-swap: stronger than CUDA's promise, which is
   atomicity for each half separately. */
__DRAWBRIDGE_DEVICE __DRAWBRIDGE_SF2 atomicAdd(__DRAWBRIDGE_SF2 *const address,
                                               const __DRAWBRIDGE_SF2 val) {
  unsigned int *word = (unsigned int *)address;
  unsigned int old = __scoped_atomic_load_n(word, __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE);
  for (;;) {
    __DRAWBRIDGE_SF2 current = __drawbridge_pair_from_bits(old, (const __DRAWBRIDGE_SF2 *)0);
    unsigned int desired = __drawbridge_pair_bits(__hadd2(current, val));
    if (__scoped_atomic_compare_exchange_n(word, &old, desired, false, __ATOMIC_RELAXED,
                                           __ATOMIC_RELAXED, __MEMORY_SCOPE_DEVICE))
      return current;
  }
}
#endif
#endif /* __CUDACC__ */

#undef __DRAWBRIDGE_SF_SIGN
#undef __DRAWBRIDGE_SF_ONE_BITS
#undef __DRAWBRIDGE_SF_NAN_BITS
#undef __DRAWBRIDGE_SF_INF_BITS
#undef __DRAWBRIDGE_SF_ONE
#undef __DRAWBRIDGE_SF_ZERO
#undef __DRAWBRIDGE_SF_NAN
#undef __DRAWBRIDGE_SF_DOUBLE
#undef __DRAWBRIDGE_SF2_MAP
#undef __DRAWBRIDGE_SF2_MAP2
#undef __DRAWBRIDGE_SF2_MAP3
#undef __DRAWBRIDGE_SF
#undef __DRAWBRIDGE_SF2
#undef __DRAWBRIDGE_SF_EXP
#undef __DRAWBRIDGE_SF_MAN
#undef __DRAWBRIDGE_SF_BITS
#undef __DRAWBRIDGE_SF_FROM_BITS
#undef __DRAWBRIDGE_SF_TO_FLOAT
#undef __DRAWBRIDGE_SF_FROM_FLOAT
#undef __DRAWBRIDGE_SF_FROM_DOUBLE
#undef __DRAWBRIDGE_SF_OPERATORS
#undef __DRAWBRIDGE_SF2_OPERATORS
#undef __DRAWBRIDGE_SF_ATOMIC_ARCH
#undef __DRAWBRIDGE_SF2_ATOMIC_ARCH
