/* drawbridge/device/small_float.h - exact rounding into the narrow floating-point formats.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuda_fp16.h, cuda_bf16.h and cuda_fp8.h
 * convert through these helpers, on the host and in device code alike, so a value rounds the
 * same wherever it is converted. They work on bit patterns with integer arithmetic only (no
 * _Float16 or __bf16, whose lowering differs between targets): a finite source value is a
 * significand m and a power of two e, rounded once into the target's exponent and
 * significand widths in the requested direction, subnormals included. NaN becomes the
 * target's canonical NaN (all exponent and fraction bits set, sign clear), as NVIDIA's
 * conversions produce.
 *
 * The helpers compile as C as well as C++ (cuda_fp8.h's conversion functions are C API).
 */
#ifndef __DRAWBRIDGE_DEVICE_SMALL_FLOAT_H__
#define __DRAWBRIDGE_DEVICE_SMALL_FLOAT_H__

#include "../../device_types.h"
#include "common.h"

/* Bit patterns of float and double. */
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_float_bits(float f) {
  unsigned int u;
  __builtin_memcpy(&u, &f, sizeof(u));
  return u;
}
__DRAWBRIDGE_HOST_DEVICE float __drawbridge_bits_float(unsigned int u) {
  float f;
  __builtin_memcpy(&f, &u, sizeof(f));
  return f;
}
__DRAWBRIDGE_HOST_DEVICE unsigned long long __drawbridge_double_bits(double d) {
  unsigned long long u;
  __builtin_memcpy(&u, &d, sizeof(u));
  return u;
}
__DRAWBRIDGE_HOST_DEVICE double __drawbridge_bits_double(unsigned long long u) {
  double d;
  __builtin_memcpy(&d, &u, sizeof(d));
  return d;
}

/* Directions in which a magnitude is rounded. */
#define __DRAWBRIDGE_ROUND_NEAREST_EVEN 0
#define __DRAWBRIDGE_ROUND_TOWARD_ZERO 1
#define __DRAWBRIDGE_ROUND_AWAY_FROM_ZERO 2

/* The direction in which mode rounds the magnitude of a value of the given sign. */
__DRAWBRIDGE_HOST_DEVICE int __drawbridge_round_direction(enum cudaRoundMode mode, int negative) {
  if (mode == cudaRoundNearest)
    return __DRAWBRIDGE_ROUND_NEAREST_EVEN;
  if (mode == cudaRoundZero)
    return __DRAWBRIDGE_ROUND_TOWARD_ZERO;
  /* Up rounds positive values away from zero and negative ones toward it; down the reverse. */
  return ((mode == cudaRoundPosInf) != (negative != 0)) ? __DRAWBRIDGE_ROUND_AWAY_FROM_ZERO
                                                        : __DRAWBRIDGE_ROUND_TOWARD_ZERO;
}

/* Rounds the magnitude m * 2^e (m > 0) to a format with man_bits fraction bits and exponent
   bias `bias`, in direction `direction`. The result is the magnitude's encoding, biased
   exponent above the fraction; subnormal results have exponent field 0, and a subnormal that
   rounds up to the smallest normal number gets exponent field 1 by the carry. An encoding at
   or above (limit << man_bits) means the biased exponent reached `limit`: overflow, which the
   caller resolves for its format. */
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_round_magnitude(unsigned long long m, int e,
                                                                   int man_bits, int bias,
                                                                   int direction, int limit) {
  int top = 63 - __builtin_clzll(m); /* the value lies in [2^(top+e), 2^(top+e+1)) */
  int exponent = top + e;
  if (exponent >= limit - bias + 1)
    return (unsigned int)limit << man_bits;
  int min_exponent = 1 - bias;
  /* Weight of the last significand bit the result keeps: normal or subnormal spacing. */
  int quantum = (exponent < min_exponent ? min_exponent : exponent) - man_bits;
  int dropped = quantum - e; /* low bits of m below the result's last bit */
  unsigned long long kept;
  int up = 0;
  if (dropped <= 0) {
    kept = m << -dropped; /* exact, and at most man_bits + 1 bits wide */
  } else {
    unsigned long long rest, half;
    if (dropped > 64) { /* all of m lies far below half a quantum, and is not zero */
      kept = 0;
      rest = 1;
      half = 2;
    } else if (dropped == 64) {
      kept = 0;
      rest = m;
      half = 1ull << 63;
    } else {
      kept = m >> dropped;
      rest = m & ((1ull << dropped) - 1);
      half = 1ull << (dropped - 1);
    }
    if (direction == __DRAWBRIDGE_ROUND_AWAY_FROM_ZERO)
      up = rest != 0;
    else if (direction == __DRAWBRIDGE_ROUND_NEAREST_EVEN)
      up = rest > half || (rest == half && (kept & 1));
  }
  kept += up;
  /* kept * 2^quantum is the result. For normal results kept has man_bits + 1 bits (or is
     2^(man_bits + 1) after a carry); the implicit bit then adds one to the exponent field,
     which this sum does for normal, carried and subnormal results alike. */
  unsigned long long encoding =
      ((unsigned long long)(quantum + man_bits + bias - 1) << man_bits) + kept;
  unsigned long long overflow = (unsigned long long)limit << man_bits;
  return (unsigned int)(encoding > overflow ? overflow : encoding);
}

/* Encodes sign, m * 2^e (m may be 0) in an IEEE-style format: exp_bits exponent bits with
   all ones for infinity and NaN, man_bits fraction bits. Overflow gives infinity, or the
   largest finite number where the direction is toward zero. */
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_encode_ieee(int negative, unsigned long long m,
                                                               int e, int exp_bits, int man_bits,
                                                               enum cudaRoundMode mode) {
  int limit = (1 << exp_bits) - 1;
  unsigned int infinity = (unsigned int)limit << man_bits;
  int direction = __drawbridge_round_direction(mode, negative);
  unsigned int magnitude =
      m == 0 ? 0u : __drawbridge_round_magnitude(m, e, man_bits, limit / 2, direction, limit);
  if (magnitude >= infinity)
    magnitude = direction == __DRAWBRIDGE_ROUND_TOWARD_ZERO ? infinity - 1 : infinity;
  return ((unsigned int)(negative != 0) << (exp_bits + man_bits)) | magnitude;
}

/* The canonical NaN and the infinity of an IEEE-style format. */
#define __DRAWBRIDGE_IEEE_NAN(exp_bits, man_bits) ((1u << ((exp_bits) + (man_bits))) - 1u)
#define __DRAWBRIDGE_IEEE_INFINITY(exp_bits, man_bits) (((1u << (exp_bits)) - 1u) << (man_bits))

/* A number taken apart: NaN, infinity, or (-1)^negative * m * 2^e. */
struct __drawbridge_unpacked {
  int negative;
  int nan;
  int infinite;
  unsigned long long m;
  int e;
};
__DRAWBRIDGE_HOST_DEVICE struct __drawbridge_unpacked __drawbridge_unpack_float(float f) {
  unsigned int u = __drawbridge_float_bits(f);
  unsigned int exponent = (u >> 23) & 0xffu, fraction = u & 0x7fffffu;
  struct __drawbridge_unpacked r;
  r.negative = (int)(u >> 31);
  r.nan = exponent == 0xffu && fraction != 0;
  r.infinite = exponent == 0xffu && fraction == 0;
  r.m = exponent ? (fraction | 0x800000u) : fraction;
  r.e = (exponent ? (int)exponent : 1) - 150;
  return r;
}
__DRAWBRIDGE_HOST_DEVICE struct __drawbridge_unpacked __drawbridge_unpack_double(double d) {
  unsigned long long u = __drawbridge_double_bits(d);
  unsigned int exponent = (unsigned int)(u >> 52) & 0x7ffu;
  unsigned long long fraction = u & 0xfffffffffffffull;
  struct __drawbridge_unpacked r;
  r.negative = (int)(u >> 63);
  r.nan = exponent == 0x7ffu && fraction != 0;
  r.infinite = exponent == 0x7ffu && fraction == 0;
  r.m = exponent ? (fraction | 0x10000000000000ull) : fraction;
  r.e = (exponent ? (int)exponent : 1) - 1075;
  return r;
}
/* Takes apart an IEEE-style value with exp_bits exponent bits (all ones: infinity or NaN). */
__DRAWBRIDGE_HOST_DEVICE struct __drawbridge_unpacked
__drawbridge_unpack_ieee(unsigned int bits, int exp_bits, int man_bits) {
  unsigned int limit = (1u << exp_bits) - 1u;
  unsigned int exponent = (bits >> man_bits) & limit, fraction = bits & ((1u << man_bits) - 1u);
  int bias = (int)(limit >> 1);
  struct __drawbridge_unpacked r;
  r.negative = (int)((bits >> (exp_bits + man_bits)) & 1u);
  r.nan = exponent == limit && fraction != 0;
  r.infinite = exponent == limit && fraction == 0;
  r.m = exponent ? (fraction | (1u << man_bits)) : fraction;
  r.e = (exponent ? (int)exponent : 1) - bias - man_bits;
  return r;
}
__DRAWBRIDGE_HOST_DEVICE struct __drawbridge_unpacked
__drawbridge_unpack_integer(int negative, unsigned long long magnitude) {
  struct __drawbridge_unpacked r;
  r.negative = negative;
  r.nan = 0;
  r.infinite = 0;
  r.m = magnitude;
  r.e = 0;
  return r;
}

/* Rounds an unpacked value into an IEEE-style format in the given mode. */
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_narrow_ieee(struct __drawbridge_unpacked v,
                                                               int exp_bits, int man_bits,
                                                               enum cudaRoundMode mode) {
  if (v.nan)
    return __DRAWBRIDGE_IEEE_NAN(exp_bits, man_bits);
  if (v.infinite)
    return ((unsigned int)v.negative << (exp_bits + man_bits)) |
           __DRAWBRIDGE_IEEE_INFINITY(exp_bits, man_bits);
  return __drawbridge_encode_ieee(v.negative, v.m, v.e, exp_bits, man_bits, mode);
}
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_narrow_float(float f, int exp_bits, int man_bits,
                                                                enum cudaRoundMode mode) {
  return __drawbridge_narrow_ieee(__drawbridge_unpack_float(f), exp_bits, man_bits, mode);
}
__DRAWBRIDGE_HOST_DEVICE unsigned int
__drawbridge_narrow_double(double d, int exp_bits, int man_bits, enum cudaRoundMode mode) {
  return __drawbridge_narrow_ieee(__drawbridge_unpack_double(d), exp_bits, man_bits, mode);
}
__DRAWBRIDGE_HOST_DEVICE unsigned int
__drawbridge_narrow_signed(long long i, int exp_bits, int man_bits, enum cudaRoundMode mode) {
  unsigned long long magnitude = i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i;
  return __drawbridge_narrow_ieee(__drawbridge_unpack_integer(i < 0, magnitude), exp_bits, man_bits,
                                  mode);
}
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_narrow_unsigned(unsigned long long u,
                                                                   int exp_bits, int man_bits,
                                                                   enum cudaRoundMode mode) {
  return __drawbridge_narrow_ieee(__drawbridge_unpack_integer(0, u), exp_bits, man_bits, mode);
}

/* Widens an IEEE-style value with fewer than 8 exponent bits to float, exactly. NaN becomes
   float's canonical NaN, as NVIDIA's half-to-float conversion gives. */
__DRAWBRIDGE_HOST_DEVICE float __drawbridge_widen_ieee(unsigned int bits, int exp_bits,
                                                       int man_bits) {
  unsigned int sign = (bits >> (exp_bits + man_bits)) & 1u;
  unsigned int limit = (1u << exp_bits) - 1u;
  unsigned int exponent = (bits >> man_bits) & limit;
  unsigned int fraction = bits & ((1u << man_bits) - 1u);
  int bias = (int)(limit >> 1);
  unsigned int result;
  if (exponent == limit) {
    result = fraction ? 0x7fffffffu : (sign << 31) | 0x7f800000u;
  } else if (exponent == 0 && fraction == 0) {
    result = sign << 31;
  } else {
    int unbiased = (int)exponent - bias;
    if (exponent == 0) { /* subnormal: normalise the fraction */
      int shift = man_bits - (31 - __builtin_clz(fraction));
      fraction = (fraction << shift) & ((1u << man_bits) - 1u);
      unbiased = 1 - bias - shift;
    }
    result = (sign << 31) | ((unsigned int)(unbiased + 127) << 23) | (fraction << (23 - man_bits));
  }
  return __drawbridge_bits_float(result);
}

/* The nearest double to x * y + z where x * y is exact in double (factors of at most 26
   significant bits), or, when that sum is inexact, its neighbour with an odd last bit: the
   sum rounded to odd. Rounding this once more to nearest in a format of at most 51 bits
   gives the correctly rounded fused result, which a plain double sum would not where it
   lands on a midpoint of the narrow format. Relies on double arithmetic rounding to nearest
   (TwoSum gives the exact error of the addition). */
__DRAWBRIDGE_HOST_DEVICE double __drawbridge_fma_round_to_odd(double x, double y, double z) {
  double product = x * y;
  double sum = product + z;
  double z_part = sum - product;
  double error = (product - (sum - z_part)) + (z - z_part);
  if (error != 0.0 && sum - sum == 0.0) {
    unsigned long long bits = __drawbridge_double_bits(sum);
    if ((bits & 1u) == 0)
      bits += ((error > 0.0) == (sum > 0.0)) ? 1 : (unsigned long long)-1;
    sum = __drawbridge_bits_double(bits);
  }
  return sum;
}

/* Rounds a double to an integral value in the given mode. */
__DRAWBRIDGE_HOST_DEVICE double __drawbridge_round_integral(double x, enum cudaRoundMode mode) {
  return mode == cudaRoundNearest  ? __builtin_rint(x)
         : mode == cudaRoundZero   ? __builtin_trunc(x)
         : mode == cudaRoundPosInf ? __builtin_ceil(x)
                                   : __builtin_floor(x);
}

/* An integer-valued double r (rounded already) converted to an integer type, saturating at
   the type's limits [lo, hi]; flo and fhi_excl are lo and hi + 1 as doubles, nan_value is
   what NaN converts to (0, or the most negative 64-bit integer for 64-bit types). */
#define __DRAWBRIDGE_SATURATE_INTEGER(itype, r, lo, hi, flo, fhi_excl, nan_value)                  \
  ((r) != (r)          ? (itype)(nan_value)                                                        \
   : (r) >= (fhi_excl) ? (itype)(hi)                                                               \
   : (r) < (flo)       ? (itype)(lo)                                                               \
                       : (itype)(r))

/* Limits for __DRAWBRIDGE_SATURATE_INTEGER: lo, hi, lo and hi + 1 as doubles, NaN's value. */
#define __DRAWBRIDGE_LIMITS_S8 -128, 127, -128.0, 128.0, 0
#define __DRAWBRIDGE_LIMITS_U8 0, 255, 0.0, 256.0, 0
#define __DRAWBRIDGE_LIMITS_S16 -32768, 32767, -32768.0, 32768.0, 0
#define __DRAWBRIDGE_LIMITS_U16 0, 65535, 0.0, 65536.0, 0
#define __DRAWBRIDGE_LIMITS_S32 (-2147483647 - 1), 2147483647, -2147483648.0, 2147483648.0, 0
#define __DRAWBRIDGE_LIMITS_U32 0u, 4294967295u, 0.0, 4294967296.0, 0
#define __DRAWBRIDGE_LIMITS_S64                                                                    \
  (-9223372036854775807LL - 1), 9223372036854775807LL, -9223372036854775808.0,                     \
      9223372036854775808.0, (-9223372036854775807LL - 1)
#define __DRAWBRIDGE_LIMITS_U64                                                                    \
  0ull, 18446744073709551615ull, 0.0, 18446744073709551616.0, 0x8000000000000000ull

#endif /* __DRAWBRIDGE_DEVICE_SMALL_FLOAT_H__ */
