/* cuda_fp8.h - the 8-bit floating-point types and their conversions.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API
 * documentation ("FP8 Intrinsics"). Three kinds of 8-bit value:
 *
 *   e4m3  1 sign, 4 exponent (bias 7), 3 fraction bits; no infinities, NaN is S.1111.111,
 *         largest finite 448.
 *   e5m2  1 sign, 5 exponent (bias 15), 2 fraction bits; IEEE-style (infinities, NaNs),
 *         largest finite 57344 - the upper byte of a half.
 *   e8m0  an unsigned power of two 2^(x - 127), x in 0..254; 0xff is NaN. A scale factor.
 *
 * The C functions (__nv_cvt_*) convert bit patterns; the C++ types (__nv_fp8_e4m3,
 * __nv_fp8x2_e4m3, __nv_fp8x4_e4m3 and the e5m2 and e8m0 ones) wrap them with converting
 * constructors and explicit conversion operators. Pairs and quads keep their first element
 * in the lowest byte. Narrowing rounds to nearest even, once, from the source type (double
 * included); with __NV_SATFINITE a value beyond the largest finite one becomes that value
 * (infinity too), with __NV_NOSAT it becomes infinity (e5m2) or NaN (e4m3). NaN becomes 0x7f.
 * e8m0 rounds a magnitude to a power of two toward zero (cudaRoundZero) or up
 * (cudaRoundPosInf), clipping below at 2^-127. Everything works in host and device code.
 * __CUDA_NO_FP8_CONVERSIONS__ and __CUDA_NO_FP8_CONVERSION_OPERATORS__ remove the C++
 * conversions as in CUDA.
 */
#ifndef __CUDA_FP8_H__
#define __CUDA_FP8_H__
#define __CUDA_FP8_TYPES_EXIST__

#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "device_types.h"
#include "vector_functions.h"
#include "vector_types.h"

#include "drawbridge/device/small_float.h"

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

/* What narrowing does with values beyond the largest finite one. */
typedef enum __nv_saturation_t {
  __NV_NOSAT,     /* infinity (e5m2) or NaN (e4m3, e8m0) */
  __NV_SATFINITE, /* the largest finite value of the same sign */
} __nv_saturation_t;

/* Which fp8 kind an 8-bit pattern holds. */
typedef enum __nv_fp8_interpretation_t {
  __NV_E4M3,
  __NV_E5M2,
} __nv_fp8_interpretation_t;

/* ---- Into e4m3 and e5m2 -------------------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t __drawbridge_narrow_fp8(
    struct __drawbridge_unpacked v, __nv_saturation_t saturate, __nv_fp8_interpretation_t kind) {
  unsigned int sign = v.negative ? 0x80u : 0u;
  if (v.nan)
    return 0x7f;
  if (kind == __NV_E4M3) {
    /* The all-ones exponent holds ordinary numbers, so the magnitude may use exponent field
       15; anything above 0x7e (448) overflowed. */
    unsigned int magnitude =
        v.infinite ? 0x80u
        : v.m == 0
            ? 0u
            : __drawbridge_round_magnitude(v.m, v.e, 3, 7, __DRAWBRIDGE_ROUND_NEAREST_EVEN, 16);
    if (magnitude > 0x7eu)
      magnitude = saturate == __NV_SATFINITE ? 0x7eu : 0x7fu;
    return (__nv_fp8_storage_t)(sign | magnitude);
  }
  unsigned int bits = __drawbridge_narrow_ieee(v, 5, 2, cudaRoundNearest);
  if (saturate == __NV_SATFINITE && (bits & 0x7fu) == 0x7cu)
    bits = sign | 0x7bu;
  return (__nv_fp8_storage_t)bits;
}

__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t
__nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                       const __nv_fp8_interpretation_t fp8_interpretation) {
  return __drawbridge_narrow_fp8(__drawbridge_unpack_double(x), saturate, fp8_interpretation);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t
__nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                          const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation) |
                                (__nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t
__nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                      const __nv_fp8_interpretation_t fp8_interpretation) {
  return __drawbridge_narrow_fp8(__drawbridge_unpack_float(x), saturate, fp8_interpretation);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t
__nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                         const __nv_fp8_interpretation_t fp8_interpretation) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation) |
                                (__nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation) << 8));
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t
__nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                        const __nv_fp8_interpretation_t fp8_interpretation) {
  return __drawbridge_narrow_fp8(__drawbridge_unpack_ieee(x.x, 5, 10), saturate,
                                 fp8_interpretation);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t
__nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                           const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw low, high;
  low.x = x.x;
  high.x = x.y;
  return (__nv_fp8x2_storage_t)(__nv_cvt_halfraw_to_fp8(low, saturate, fp8_interpretation) |
                                (__nv_cvt_halfraw_to_fp8(high, saturate, fp8_interpretation) << 8));
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                            const __nv_fp8_interpretation_t fp8_interpretation) {
  return __drawbridge_narrow_fp8(__drawbridge_unpack_ieee(x.x, 8, 7), saturate, fp8_interpretation);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t
__nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
                               const __nv_fp8_interpretation_t fp8_interpretation) {
  __nv_bfloat16_raw low, high;
  low.x = x.x;
  high.x = x.y;
  return (
      __nv_fp8x2_storage_t)(__nv_cvt_bfloat16raw_to_fp8(low, saturate, fp8_interpretation) |
                            (__nv_cvt_bfloat16raw_to_fp8(high, saturate, fp8_interpretation) << 8));
}

/* ---- Out of e4m3 and e5m2 (exact: half holds every value) ---------------------------------- */

__DRAWBRIDGE_HOST_DEVICE __half_raw __nv_cvt_fp8_to_halfraw(
    const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t fp8_interpretation) {
  __half_raw r;
  if (fp8_interpretation == __NV_E5M2) {
    /* e5m2 is the upper byte of a half; NaN becomes half's canonical NaN. */
    r.x = (x & 0x7fu) > 0x7cu ? (unsigned short)0x7fff : (unsigned short)(x << 8);
  } else if ((x & 0x7fu) == 0x7fu) {
    r.x = 0x7fff;
  } else {
    unsigned int exponent = (x >> 3) & 0xfu, fraction = x & 0x7u;
    struct __drawbridge_unpacked v = __drawbridge_unpack_integer(x >> 7, 0);
    v.m = exponent ? (fraction | 0x8u) : fraction;
    v.e = (exponent ? (int)exponent : 1) - 7 - 3;
    r.x = (unsigned short)__drawbridge_narrow_ieee(v, 5, 10, cudaRoundNearest);
  }
  return r;
}
__DRAWBRIDGE_HOST_DEVICE __half2_raw __nv_cvt_fp8x2_to_halfraw2(
    const __nv_fp8x2_storage_t x, const __nv_fp8_interpretation_t fp8_interpretation) {
  __half2_raw r;
  r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xffu), fp8_interpretation).x;
  r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), fp8_interpretation).x;
  return r;
}

/* ---- e8m0 scale factors -------------------------------------------------------------------- */

/* The magnitude's power of two, toward zero (cudaRoundZero) or up (cudaRoundPosInf; other
   modes count as toward zero). Below 2^-127 clips to 2^-127 (zero included), above 2^127
   saturates or becomes NaN. NaN becomes 0xff. */
__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t __drawbridge_narrow_e8m0(struct __drawbridge_unpacked v,
                                                                     __nv_saturation_t saturate,
                                                                     enum cudaRoundMode rounding) {
  if (v.nan)
    return 0xff;
  if (v.infinite)
    return saturate == __NV_SATFINITE ? 0xfe : 0xff;
  if (v.m == 0)
    return 0;
  int top = 63 - __builtin_clzll(v.m);
  int exponent = top + v.e;
  if (rounding == cudaRoundPosInf && v.m != (1ull << top))
    ++exponent;
  if (exponent < -127)
    return 0;
  if (exponent > 127)
    return saturate == __NV_SATFINITE ? 0xfe : 0xff;
  return (__nv_fp8_storage_t)(exponent + 127);
}

__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t
__nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                             const enum cudaRoundMode rounding) {
  return __drawbridge_narrow_e8m0(__drawbridge_unpack_ieee(x.x, 8, 7), saturate, rounding);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t
__nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
                                const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__drawbridge_narrow_e8m0(__drawbridge_unpack_ieee(x.x, 8, 7),
                                                         saturate, rounding) |
                                (__drawbridge_narrow_e8m0(__drawbridge_unpack_ieee(x.y, 8, 7),
                                                          saturate, rounding)
                                 << 8));
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t __nv_cvt_float_to_e8m0(
    const float x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding) {
  return __drawbridge_narrow_e8m0(__drawbridge_unpack_float(x), saturate, rounding);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(
    const float2 x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_e8m0(x.x, saturate, rounding) |
                                (__nv_cvt_float_to_e8m0(x.y, saturate, rounding) << 8));
}
/* Through float, rounded in the same direction, as NVIDIA's conversion does: the result is
   the same except that toward zero, a double beyond float's range saturates to 2^127 instead
   of becoming NaN under __NV_NOSAT. */
__DRAWBRIDGE_HOST_DEVICE __nv_fp8_storage_t __nv_cvt_double_to_e8m0(
    const double x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding) {
  enum cudaRoundMode direction = rounding == cudaRoundPosInf ? cudaRoundPosInf : cudaRoundZero;
  float magnitude =
      __drawbridge_bits_float(__drawbridge_narrow_double(__builtin_fabs(x), 8, 23, direction));
  return __nv_cvt_float_to_e8m0(magnitude, saturate, rounding);
}
__DRAWBRIDGE_HOST_DEVICE __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(
    const double2 x, const __nv_saturation_t saturate, const enum cudaRoundMode rounding) {
  return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_e8m0(x.x, saturate, rounding) |
                                (__nv_cvt_double_to_e8m0(x.y, saturate, rounding) << 8));
}
/* Exact: every scale is a bfloat16 (2^-127 a subnormal one); NaN becomes 0x7fff. */
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
  __nv_bfloat16_raw r;
  r.x = x == 0xffu ? (unsigned short)0x7fff
        : x == 0   ? (unsigned short)0x0040
                   : (unsigned short)(x << 7);
  return r;
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162_raw
__nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
  __nv_bfloat162_raw r;
  r.x = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(x & 0xffu)).x;
  r.y = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)(x >> 8)).x;
  return r;
}

/* ---- C++ types ----------------------------------------------------------------------------- */

#if defined(__cplusplus)

#define __DRAWBRIDGE_FP8 __nv_fp8_e5m2
#define __DRAWBRIDGE_FP8X2 __nv_fp8x2_e5m2
#define __DRAWBRIDGE_FP8X4 __nv_fp8x4_e5m2
#define __DRAWBRIDGE_FP8_KIND __NV_E5M2
#include "drawbridge/device/fp8_types.h"

#define __DRAWBRIDGE_FP8 __nv_fp8_e4m3
#define __DRAWBRIDGE_FP8X2 __nv_fp8x2_e4m3
#define __DRAWBRIDGE_FP8X4 __nv_fp8x4_e4m3
#define __DRAWBRIDGE_FP8_KIND __NV_E4M3
#include "drawbridge/device/fp8_types.h"

/* A scale truncated to an integer and clamped to [0, hi]; NaN gives 0. */
__DRAWBRIDGE_HOST_DEVICE double __drawbridge_e8m0_to_integer(__nv_fp8_storage_t x, double hi) {
  if (x == 0xffu || x < 127)
    return 0.0;
  double scale = __bfloat162float(__nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(x)));
  return scale > hi ? hi : scale;
}

/* Scale factors: construction rounds up (cudaRoundPosInf) and saturates (__NV_SATFINITE). */
struct __align__(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;

  __nv_fp8_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __host__ __device__ __nv_fp8_e8m0(const __half f)
      : __x(__drawbridge_narrow_e8m0(__drawbridge_unpack_ieee(static_cast<__half_raw>(f).x, 5, 10),
                                     __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const __nv_bfloat16 f)
      : __x(__nv_cvt_bfloat16raw_to_e8m0(static_cast<__nv_bfloat16_raw>(f), __NV_SATFINITE,
                                         cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const float f)
      : __x(__nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const double f)
      : __x(__nv_cvt_double_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  /* Integers round exactly, from their own value. */
  explicit __host__ __device__ __nv_fp8_e8m0(const unsigned short int val)
      : __nv_fp8_e8m0((unsigned long long int)val) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const unsigned int val)
      : __nv_fp8_e8m0((unsigned long long int)val) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const unsigned long int val)
      : __nv_fp8_e8m0((unsigned long long int)val) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const unsigned long long int val)
      : __x(__drawbridge_narrow_e8m0(__drawbridge_unpack_integer(0, val), __NV_SATFINITE,
                                     cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const short int val)
      : __nv_fp8_e8m0((long long int)val) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const int val) : __nv_fp8_e8m0((long long int)val) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const long int val)
      : __nv_fp8_e8m0((long long int)val) {}
  explicit __host__ __device__ __nv_fp8_e8m0(const long long int val)
      : __x(__drawbridge_narrow_e8m0(
            __drawbridge_unpack_integer(val < 0, val < 0 ? 0ull - (unsigned long long int)val
                                                         : (unsigned long long int)val),
            __NV_SATFINITE, cudaRoundPosInf)) {}

#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __host__ __device__ operator __nv_bfloat16() const {
    return __nv_bfloat16(__nv_cvt_e8m0_to_bf16raw(__x));
  }
  explicit __host__ __device__ operator float() const {
    return __bfloat162float(static_cast<__nv_bfloat16>(*this));
  }
  explicit __host__ __device__ operator double() const {
    return static_cast<double>(static_cast<float>(*this));
  }
  /* Rounded to nearest: 2^-127 becomes 0, 2^16 and above infinity. */
  explicit __host__ __device__ operator __half() const {
    return __float2half_rn(static_cast<float>(*this));
  }
  /* To integers: toward zero, clamped to the type's range; NaN gives 0, or
     0x8000000000000000 for 64-bit types. */
  explicit __host__ __device__ operator unsigned char() const {
    return (unsigned char)__drawbridge_e8m0_to_integer(__x, 255.0);
  }
  explicit __host__ __device__ operator unsigned short int() const {
    return (unsigned short int)__drawbridge_e8m0_to_integer(__x, 65535.0);
  }
  explicit __host__ __device__ operator unsigned int() const {
    return (unsigned int)__drawbridge_e8m0_to_integer(__x, 4294967295.0);
  }
  explicit __host__ __device__ operator unsigned long int() const {
    return sizeof(unsigned long int) == sizeof(unsigned long long int)
               ? (unsigned long int)static_cast<unsigned long long int>(*this)
               : (unsigned long int)static_cast<unsigned int>(*this);
  }
  explicit __host__ __device__ operator unsigned long long int() const {
    if (__x == 0xffu)
      return 0x8000000000000000ull;
    return __x >= 127 + 64 ? 0xffffffffffffffffull : __x < 127 ? 0ull : 1ull << (__x - 127);
  }
  explicit __host__ __device__ operator signed char() const {
    return (signed char)__drawbridge_e8m0_to_integer(__x, 127.0);
  }
  explicit __host__ __device__ operator char() const {
    return (char)((char)-1 < 0 ? (int)static_cast<signed char>(*this)
                               : (int)static_cast<unsigned char>(*this));
  }
  explicit __host__ __device__ operator short int() const {
    return (short int)__drawbridge_e8m0_to_integer(__x, 32767.0);
  }
  explicit __host__ __device__ operator int() const {
    return (int)__drawbridge_e8m0_to_integer(__x, 2147483647.0);
  }
  explicit __host__ __device__ operator long int() const {
    return sizeof(long int) == sizeof(long long int) ? (long int)static_cast<long long int>(*this)
                                                     : (long int)static_cast<int>(*this);
  }
  explicit __host__ __device__ operator long long int() const {
    if (__x == 0xffu)
      return (long long int)0x8000000000000000ull;
    return __x >= 127 + 63 ? 0x7fffffffffffffffll : __x < 127 ? 0ll : 1ll << (__x - 127);
  }
  /* Every scale, NaN included, is nonzero. */
  explicit __host__ __device__ operator bool() const { return true; }
#endif
#endif
};

struct __align__(2) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x; /* .x in the low byte */

  __nv_fp8x2_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __host__ __device__ __nv_fp8x2_e8m0(const __half2 f)
      : __x((__nv_fp8x2_storage_t)(__nv_fp8_e8m0(f.x).__x | (__nv_fp8_e8m0(f.y).__x << 8))) {}
  explicit __host__ __device__ __nv_fp8x2_e8m0(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat162raw_to_e8m0x2(static_cast<__nv_bfloat162_raw>(f), __NV_SATFINITE,
                                            cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8x2_e8m0(const float2 f)
      : __x(__nv_cvt_float2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __host__ __device__ __nv_fp8x2_e8m0(const double2 f)
      : __x(__nv_cvt_double2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf)) {}
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __host__ __device__ operator __nv_bfloat162() const {
    return __nv_bfloat162(__nv_cvt_e8m0x2_to_bf162raw(__x));
  }
  explicit __host__ __device__ operator float2() const {
    return __bfloat1622float2(static_cast<__nv_bfloat162>(*this));
  }
  explicit __host__ __device__ operator __half2() const {
    return __float22half2_rn(static_cast<float2>(*this));
  }
#endif
#endif
};

struct __align__(4) __nv_fp8x4_e8m0 {
  __nv_fp8x4_storage_t __x; /* .x in the lowest byte, .w in the highest */

  __nv_fp8x4_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __host__ __device__ __nv_fp8x4_e8m0(const __half2 flo, const __half2 fhi)
      : __x((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(flo).__x |
            ((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(fhi).__x << 16)) {}
  explicit __host__ __device__ __nv_fp8x4_e8m0(const __nv_bfloat162 flo, const __nv_bfloat162 fhi)
      : __x((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(flo).__x |
            ((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(fhi).__x << 16)) {}
  explicit __host__ __device__ __nv_fp8x4_e8m0(const float4 f)
      : __x((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(make_float2(f.x, f.y)).__x |
            ((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(make_float2(f.z, f.w)).__x << 16)) {}
  explicit __host__ __device__ __nv_fp8x4_e8m0(const double4 f)
      : __x((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(make_double2(f.x, f.y)).__x |
            ((__nv_fp8x4_storage_t)__nv_fp8x2_e8m0(make_double2(f.z, f.w)).__x << 16)) {}
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __host__ __device__ operator float4() const {
    __nv_fp8x2_e8m0 low, high;
    low.__x = (__nv_fp8x2_storage_t)(__x & 0xffffu);
    high.__x = (__nv_fp8x2_storage_t)(__x >> 16);
    float2 l = static_cast<float2>(low), h = static_cast<float2>(high);
    return make_float4(l.x, l.y, h.x, h.y);
  }
#endif
#endif
};

#endif /* __cplusplus */

#endif /* __CUDA_FP8_H__ */
