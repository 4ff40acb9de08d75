/* drawbridge/device/float_intrinsics.h - type punning, conversions and arithmetic intrinsics.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Round-to-nearest arithmetic intrinsics
 * (__fadd_rn, __fmul_rn, ...) are never contracted into fused multiply-adds, which is their
 * purpose in CUDA. Float-to-integer conversions saturate and map NaN to 0 as PTX's cvt does.
 * Fast-math intrinsics (__expf, __sinf, ...) use the accurate functions: on the CPU target
 * that costs little and stays within CUDA's documented error for them.
 */
#ifndef __DRAWBRIDGE_DEVICE_FLOAT_INTRINSICS_H__
#define __DRAWBRIDGE_DEVICE_FLOAT_INTRINSICS_H__

#include "common.h"

__DRAWBRIDGE_DEVICE float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__DRAWBRIDGE_DEVICE int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__DRAWBRIDGE_DEVICE float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
__DRAWBRIDGE_DEVICE unsigned int __float_as_uint(float x) {
  return __builtin_bit_cast(unsigned int, x);
}
__DRAWBRIDGE_DEVICE double __longlong_as_double(long long int x) {
  return __builtin_bit_cast(double, x);
}
__DRAWBRIDGE_DEVICE long long int __double_as_longlong(double x) {
  return __builtin_bit_cast(long long int, x);
}
__DRAWBRIDGE_DEVICE int __double2hiint(double x) {
  return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
__DRAWBRIDGE_DEVICE int __double2loint(double x) {
  return (int)__builtin_bit_cast(unsigned long long, x);
}
__DRAWBRIDGE_DEVICE double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double,
                            ((unsigned long long)(unsigned int)hi << 32) | (unsigned int)lo);
}

/* Float-to-integer conversion of an already rounded value r, saturating at the integer
   type's limits [lo, hi]; flo and fhi_excl are lo and hi + 1 as floating-point numbers. */
#define __DRAWBRIDGE_SATURATE(itype, lo, hi, flo, fhi_excl, r)                                     \
  ((r) != (r) ? (itype)0 : (r) >= (fhi_excl) ? (itype)(hi) : (r) < (flo) ? (itype)(lo) : (itype)(r))

#define __DRAWBRIDGE_FLOAT_TO_INT(name, ftype, itype, lo, hi, flo, fhi_excl, sfx)                  \
  __DRAWBRIDGE_DEVICE itype name##_rn(ftype x) {                                                   \
    ftype r = __builtin_rint##sfx(x);                                                              \
    return __DRAWBRIDGE_SATURATE(itype, lo, hi, flo, fhi_excl, r);                                 \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE itype name##_rz(ftype x) {                                                   \
    ftype r = __builtin_trunc##sfx(x);                                                             \
    return __DRAWBRIDGE_SATURATE(itype, lo, hi, flo, fhi_excl, r);                                 \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE itype name##_ru(ftype x) {                                                   \
    ftype r = __builtin_ceil##sfx(x);                                                              \
    return __DRAWBRIDGE_SATURATE(itype, lo, hi, flo, fhi_excl, r);                                 \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE itype name##_rd(ftype x) {                                                   \
    ftype r = __builtin_floor##sfx(x);                                                             \
    return __DRAWBRIDGE_SATURATE(itype, lo, hi, flo, fhi_excl, r);                                 \
  }
/* Expands the limit macros below into separate arguments first. */
#define __DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(...) __DRAWBRIDGE_FLOAT_TO_INT(__VA_ARGS__)
#define __DRAWBRIDGE_I32 (-2147483647 - 1), 2147483647, -2147483648.0, 2147483648.0
#define __DRAWBRIDGE_U32 0u, 4294967295u, 0.0, 4294967296.0
#define __DRAWBRIDGE_I64                                                                           \
  (-9223372036854775807LL - 1), 9223372036854775807LL, -9223372036854775808.0, 9223372036854775808.0
#define __DRAWBRIDGE_U64 0ull, 18446744073709551615ull, 0.0, 18446744073709551616.0
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__float2int, float, int, __DRAWBRIDGE_I32, f)
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__float2uint, float, unsigned int, __DRAWBRIDGE_U32, f)
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__float2ll, float, long long int, __DRAWBRIDGE_I64, f)
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__float2ull, float, unsigned long long int, __DRAWBRIDGE_U64, f)
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__double2int, double, int, __DRAWBRIDGE_I32, )
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__double2uint, double, unsigned int, __DRAWBRIDGE_U32, )
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__double2ll, double, long long int, __DRAWBRIDGE_I64, )
__DRAWBRIDGE_FLOAT_TO_INT_EXPANDED(__double2ull, double, unsigned long long int, __DRAWBRIDGE_U64, )
#undef __DRAWBRIDGE_I32
#undef __DRAWBRIDGE_U32
#undef __DRAWBRIDGE_I64
#undef __DRAWBRIDGE_U64
#undef __DRAWBRIDGE_FLOAT_TO_INT
#undef __DRAWBRIDGE_FLOAT_TO_INT_EXPANDED
#undef __DRAWBRIDGE_SATURATE

/* Conversions in the default rounding mode, round to nearest even. */
__DRAWBRIDGE_DEVICE float __int2float_rn(int x) { return (float)x; }
__DRAWBRIDGE_DEVICE float __uint2float_rn(unsigned int x) { return (float)x; }
__DRAWBRIDGE_DEVICE float __ll2float_rn(long long int x) { return (float)x; }
__DRAWBRIDGE_DEVICE float __ull2float_rn(unsigned long long int x) { return (float)x; }
__DRAWBRIDGE_DEVICE double __int2double_rn(int x) { return (double)x; }
__DRAWBRIDGE_DEVICE double __uint2double_rn(unsigned int x) { return (double)x; }
__DRAWBRIDGE_DEVICE double __ll2double_rn(long long int x) { return (double)x; }
__DRAWBRIDGE_DEVICE double __ull2double_rn(unsigned long long int x) { return (double)x; }
__DRAWBRIDGE_DEVICE float __double2float_rn(double x) { return (float)x; }

/* Each body turns contraction off for itself alone: a file-scope pragma would outlive this
   header and override -fmad=false (or the default) in the user's code, and `#pragma
   float_control(push/pop)`, which could restore it, is ignored when compiling for NVPTX. */
#define __DRAWBRIDGE_UNFUSED _Pragma("clang fp contract(off)")
__DRAWBRIDGE_DEVICE float __fadd_rn(float x, float y) { __DRAWBRIDGE_UNFUSED return x + y; }
__DRAWBRIDGE_DEVICE float __fsub_rn(float x, float y) { __DRAWBRIDGE_UNFUSED return x - y; }
__DRAWBRIDGE_DEVICE float __fmul_rn(float x, float y) { __DRAWBRIDGE_UNFUSED return x * y; }
__DRAWBRIDGE_DEVICE float __fdiv_rn(float x, float y) { __DRAWBRIDGE_UNFUSED return x / y; }
__DRAWBRIDGE_DEVICE float __frcp_rn(float x) { __DRAWBRIDGE_UNFUSED return 1.0f / x; }
__DRAWBRIDGE_DEVICE float __fsqrt_rn(float x) { return __builtin_sqrtf(x); }
/* 1/sqrt(x) in round-to-nearest: computed in double, then rounded to float. */
__DRAWBRIDGE_DEVICE float __frsqrt_rn(float x) {
  __DRAWBRIDGE_UNFUSED return (float)(1.0 / __builtin_sqrt((double)x));
}
__DRAWBRIDGE_DEVICE float __fmaf_rn(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__DRAWBRIDGE_DEVICE float __fmaf_ieee_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
__DRAWBRIDGE_DEVICE double __dadd_rn(double x, double y) { __DRAWBRIDGE_UNFUSED return x + y; }
__DRAWBRIDGE_DEVICE double __dsub_rn(double x, double y) { __DRAWBRIDGE_UNFUSED return x - y; }
__DRAWBRIDGE_DEVICE double __dmul_rn(double x, double y) { __DRAWBRIDGE_UNFUSED return x * y; }
__DRAWBRIDGE_DEVICE double __ddiv_rn(double x, double y) { __DRAWBRIDGE_UNFUSED return x / y; }
__DRAWBRIDGE_DEVICE double __drcp_rn(double x) { __DRAWBRIDGE_UNFUSED return 1.0 / x; }
__DRAWBRIDGE_DEVICE double __dsqrt_rn(double x) { return __builtin_sqrt(x); }
__DRAWBRIDGE_DEVICE double __fma_rn(double x, double y, double z) { return __builtin_fma(x, y, z); }
#undef __DRAWBRIDGE_UNFUSED

__DRAWBRIDGE_DEVICE float __saturatef(float x) {
  return x != x ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
}
/* The fast division CUDA documents: for 2^126 < |y| < 2^128 it returns 0, or NaN when x is
   infinite (the hardware computes x * (1/y) with a reciprocal that flushes to zero there). */
__DRAWBRIDGE_DEVICE float __fdividef(float x, float y) {
  float magnitude = __builtin_fabsf(y);
  if (magnitude > 0x1p126f && !__builtin_isinf(y))
    return __builtin_isinf(x) ? __builtin_nanf("") : 0.0f * x;
  return x / y;
}
__DRAWBRIDGE_DEVICE float fdividef(float x, float y) { return __fdividef(x, y); }
__DRAWBRIDGE_DEVICE float __expf(float x) { return __builtin_expf(x); }
__DRAWBRIDGE_DEVICE float __exp10f(float x) { return __builtin_exp10f(x); }
__DRAWBRIDGE_DEVICE float __logf(float x) { return __builtin_logf(x); }
__DRAWBRIDGE_DEVICE float __log2f(float x) { return __builtin_log2f(x); }
__DRAWBRIDGE_DEVICE float __log10f(float x) { return __builtin_log10f(x); }
__DRAWBRIDGE_DEVICE float __sinf(float x) { return __builtin_sinf(x); }
__DRAWBRIDGE_DEVICE float __cosf(float x) { return __builtin_cosf(x); }
__DRAWBRIDGE_DEVICE float __tanf(float x) { return __builtin_tanf(x); }
__DRAWBRIDGE_DEVICE void __sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
__DRAWBRIDGE_DEVICE float __powf(float x, float y) { return __builtin_powf(x, y); }
__DRAWBRIDGE_DEVICE float __tanhf(float x) { return __builtin_tanhf(x); }

#endif /* __DRAWBRIDGE_DEVICE_FLOAT_INTRINSICS_H__ */
