/* cuda_bf16.h - the bfloat16 type __nv_bfloat16, its pair __nv_bfloat162, and their functions.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API
 * documentation ("Bfloat16 Precision Intrinsics"). __nv_bfloat16 is the upper half of an IEEE
 * binary32 (1 sign, 8 exponent, 7 fraction bits), stored in a 16-bit field; __nv_bfloat162
 * holds two of them, .x in the low 16 bits. Sizes and alignments are NVIDIA's (2 and 4
 * bytes), since values cross between host and device.
 *
 * Everything here works in host code as well as device code, except the warp shuffles and
 * atomics, which are device functions. Conversions round exactly in every mode, subnormals
 * included (drawbridge/device/small_float.h); arithmetic is computed in float or double and
 * rounded once (drawbridge/device/small_float_ops.h). NaN results are the canonical NaN
 * 0x7fff; widening to float keeps a NaN's payload, being a plain shift.
 *
 * As in CUDA, __CUDA_NO_BFLOAT16_CONVERSIONS__ removes the implicit conversions,
 * __CUDA_NO_BFLOAT16_OPERATORS__ and __CUDA_NO_BFLOAT162_OPERATORS__ the C++ operators, and
 * CUDA_NO_BFLOAT16 the nv_bfloat16 and nv_bfloat162 type names. cuda_fp16.h comes with it, as
 * the two types convert into each other.
 */
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__
#define __CUDA_BF16_TYPES_EXIST__

#include "cuda_fp16.h"
#include "host_defines.h"
#include "vector_functions.h"
#include "vector_types.h"

#include "drawbridge/device/small_float.h"

/* The bit patterns, usable from C as well. */
typedef struct __align__(2) {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __align__(4) {
  unsigned short x;
  unsigned short y;
} __nv_bfloat162_raw;

#if defined(__cplusplus)

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &hr) : __x(hr.x) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __nv_bfloat16 &
  operator=(const volatile __nv_bfloat16_raw &hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw r;
    r.x = __x;
    return r;
  }
  __host__ __device__ operator __nv_bfloat16_raw() const volatile {
    __nv_bfloat16_raw r;
    r.x = __x;
    return r;
  }

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
  explicit __host__ __device__ __nv_bfloat16(const __half f);
  __host__ __device__ __nv_bfloat16(const float f);
  __host__ __device__ __nv_bfloat16(const double f);
  __host__ __device__ operator float() const;
  __host__ __device__ __nv_bfloat16 &operator=(const float f);
  __host__ __device__ __nv_bfloat16 &operator=(const double f);
#if !defined(__CUDA_BF16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) ||                \
    defined(__CUDACC__)
  /* From integers in round-to-nearest-even mode, to integers in round-toward-zero mode with
     saturation, as C's conversions do for float. */
  __host__ __device__ __nv_bfloat16(const short val);
  __host__ __device__ __nv_bfloat16(const unsigned short val);
  __host__ __device__ __nv_bfloat16(const int val);
  __host__ __device__ __nv_bfloat16(const unsigned int val);
  __host__ __device__ __nv_bfloat16(const long val);
  __host__ __device__ __nv_bfloat16(const unsigned long val);
  __host__ __device__ __nv_bfloat16(const long long val);
  __host__ __device__ __nv_bfloat16(const unsigned long long val);
  __host__ __device__ operator signed char() const;
  __host__ __device__ operator unsigned char() const;
  __host__ __device__ operator char() const;
  __host__ __device__ operator short() const;
  __host__ __device__ operator unsigned short() const;
  __host__ __device__ operator int() const;
  __host__ __device__ operator unsigned int() const;
  __host__ __device__ operator long() const;
  __host__ __device__ operator unsigned long() const;
  __host__ __device__ operator long long() const;
  __host__ __device__ operator unsigned long long() const;
  __host__ __device__ __nv_bfloat16 &operator=(const short val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned short val);
  __host__ __device__ __nv_bfloat16 &operator=(const int val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned int val);
  __host__ __device__ __nv_bfloat16 &operator=(const long long val);
  __host__ __device__ __nv_bfloat16 &operator=(const unsigned long long val);
  /* Nonzero (NaN included) is true. */
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
#endif
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x; /* low 16 bits */
  __nv_bfloat16 y; /* high 16 bits */

  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b)
      : x(a), y(b) {}
  __host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &h2r) { *this = h2r; }
  __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &h2r) {
    __nv_bfloat16_raw low, high;
    low.x = h2r.x;
    high.x = h2r.y;
    x = low;
    y = high;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat162_raw() const {
    __nv_bfloat162_raw r;
    r.x = static_cast<__nv_bfloat16_raw>(x).x;
    r.y = static_cast<__nv_bfloat16_raw>(y).x;
    return r;
  }
};

/* ---- Bits ---------------------------------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_bfloat16_bits(const __nv_bfloat16 h) {
  unsigned short bits;
  __builtin_memcpy(&bits, &h, sizeof(bits));
  return bits;
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __drawbridge_bfloat16_from_bits(const unsigned int bits) {
  __nv_bfloat16_raw r;
  r.x = (unsigned short)bits;
  return __nv_bfloat16(r);
}
__DRAWBRIDGE_HOST_DEVICE short int __bfloat16_as_short(const __nv_bfloat16 h) {
  return (short int)__drawbridge_bfloat16_bits(h);
}
__DRAWBRIDGE_HOST_DEVICE unsigned short int __bfloat16_as_ushort(const __nv_bfloat16 h) {
  return (unsigned short int)__drawbridge_bfloat16_bits(h);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __short_as_bfloat16(const short int i) {
  return __drawbridge_bfloat16_from_bits((unsigned short)i);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __ushort_as_bfloat16(const unsigned short int i) {
  return __drawbridge_bfloat16_from_bits(i);
}

/* ---- Conversions with float and double ----------------------------------------------------- */

/* Exact: bfloat16 is the upper half of a float. */
__DRAWBRIDGE_HOST_DEVICE float __bfloat162float(const __nv_bfloat16 a) {
  return __drawbridge_bits_float(__drawbridge_bfloat16_bits(a) << 16);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __float2bfloat16_rn(const float a) {
  return __drawbridge_bfloat16_from_bits(__drawbridge_narrow_float(a, 8, 7, cudaRoundNearest));
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __float2bfloat16_rz(const float a) {
  return __drawbridge_bfloat16_from_bits(__drawbridge_narrow_float(a, 8, 7, cudaRoundZero));
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __float2bfloat16_ru(const float a) {
  return __drawbridge_bfloat16_from_bits(__drawbridge_narrow_float(a, 8, 7, cudaRoundPosInf));
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __float2bfloat16_rd(const float a) {
  return __drawbridge_bfloat16_from_bits(__drawbridge_narrow_float(a, 8, 7, cudaRoundMinInf));
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __float2bfloat16(const float a) {
  return __float2bfloat16_rn(a);
}
/* Rounded once, directly from double. */
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __double2bfloat16(const double a) {
  return __drawbridge_bfloat16_from_bits(__drawbridge_narrow_double(a, 8, 7, cudaRoundNearest));
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __float2bfloat162_rn(const float a) {
  __nv_bfloat16 h = __float2bfloat16_rn(a);
  return __nv_bfloat162(h, h);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b) {
  return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b));
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __float22bfloat162_rn(const float2 a) {
  return __nv_bfloat162(__float2bfloat16_rn(a.x), __float2bfloat16_rn(a.y));
}
__DRAWBRIDGE_HOST_DEVICE float2 __bfloat1622float2(const __nv_bfloat162 a) {
  return make_float2(__bfloat162float(a.x), __bfloat162float(a.y));
}

/* ---- Conversions with integers ------------------------------------------------------------- */

/* Integer to bfloat16 in the four rounding modes. */
#define __DRAWBRIDGE_INT_TO_BFLOAT16(name, itype, narrow)                                          \
  __DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 name##_rn(const itype i) {                                \
    return __drawbridge_bfloat16_from_bits(narrow(i, 8, 7, cudaRoundNearest));                     \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 name##_rz(const itype i) {                                \
    return __drawbridge_bfloat16_from_bits(narrow(i, 8, 7, cudaRoundZero));                        \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 name##_ru(const itype i) {                                \
    return __drawbridge_bfloat16_from_bits(narrow(i, 8, 7, cudaRoundPosInf));                      \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 name##_rd(const itype i) {                                \
    return __drawbridge_bfloat16_from_bits(narrow(i, 8, 7, cudaRoundMinInf));                      \
  }
__DRAWBRIDGE_INT_TO_BFLOAT16(__short2bfloat16, short int, __drawbridge_narrow_signed)
__DRAWBRIDGE_INT_TO_BFLOAT16(__ushort2bfloat16, unsigned short int, __drawbridge_narrow_unsigned)
__DRAWBRIDGE_INT_TO_BFLOAT16(__int2bfloat16, int, __drawbridge_narrow_signed)
__DRAWBRIDGE_INT_TO_BFLOAT16(__uint2bfloat16, unsigned int, __drawbridge_narrow_unsigned)
__DRAWBRIDGE_INT_TO_BFLOAT16(__ll2bfloat16, long long int, __drawbridge_narrow_signed)
__DRAWBRIDGE_INT_TO_BFLOAT16(__ull2bfloat16, unsigned long long int, __drawbridge_narrow_unsigned)
#undef __DRAWBRIDGE_INT_TO_BFLOAT16

/* Bfloat16 to integer in the four rounding modes, saturating; NaN gives 0, or 0x8000000000000000
   for the 64-bit types, as CUDA documents. The trailing arguments are the type's limits
   (__DRAWBRIDGE_LIMITS_*). */
#define __DRAWBRIDGE_BFLOAT16_TO_INT_MODE(name, mode, itype, ...)                                  \
  __DRAWBRIDGE_HOST_DEVICE itype name(const __nv_bfloat16 h) {                                     \
    double r = __drawbridge_round_integral(__bfloat162float(h), mode);                             \
    return __DRAWBRIDGE_SATURATE_INTEGER(itype, r, __VA_ARGS__);                                   \
  }
#define __DRAWBRIDGE_BFLOAT16_TO_INT(name, itype, ...)                                             \
  __DRAWBRIDGE_BFLOAT16_TO_INT_MODE(name##_rn, cudaRoundNearest, itype, __VA_ARGS__)               \
  __DRAWBRIDGE_BFLOAT16_TO_INT_MODE(name##_rz, cudaRoundZero, itype, __VA_ARGS__)                  \
  __DRAWBRIDGE_BFLOAT16_TO_INT_MODE(name##_ru, cudaRoundPosInf, itype, __VA_ARGS__)                \
  __DRAWBRIDGE_BFLOAT16_TO_INT_MODE(name##_rd, cudaRoundMinInf, itype, __VA_ARGS__)
__DRAWBRIDGE_BFLOAT16_TO_INT(__bfloat162short, short int, __DRAWBRIDGE_LIMITS_S16)
__DRAWBRIDGE_BFLOAT16_TO_INT(__bfloat162ushort, unsigned short int, __DRAWBRIDGE_LIMITS_U16)
__DRAWBRIDGE_BFLOAT16_TO_INT(__bfloat162int, int, __DRAWBRIDGE_LIMITS_S32)
__DRAWBRIDGE_BFLOAT16_TO_INT(__bfloat162uint, unsigned int, __DRAWBRIDGE_LIMITS_U32)
__DRAWBRIDGE_BFLOAT16_TO_INT(__bfloat162ll, long long int, __DRAWBRIDGE_LIMITS_S64)
__DRAWBRIDGE_BFLOAT16_TO_INT(__bfloat162ull, unsigned long long int, __DRAWBRIDGE_LIMITS_U64)
__DRAWBRIDGE_BFLOAT16_TO_INT_MODE(__bfloat162char_rz, cudaRoundZero, signed char,
                                  __DRAWBRIDGE_LIMITS_S8)
__DRAWBRIDGE_BFLOAT16_TO_INT_MODE(__bfloat162uchar_rz, cudaRoundZero, unsigned char,
                                  __DRAWBRIDGE_LIMITS_U8)
#undef __DRAWBRIDGE_BFLOAT16_TO_INT
#undef __DRAWBRIDGE_BFLOAT16_TO_INT_MODE

/* ---- Building and taking apart pairs ------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x,
                                                       const __nv_bfloat16 y) {
  return __nv_bfloat162(x, y);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a,
                                                           const __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a) {
  return __nv_bfloat162(a, a);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a) { return a.x; }
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a) { return a.y; }
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a) {
  return __nv_bfloat162(a.x, a.x);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a) {
  return __nv_bfloat162(a.y, a.y);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 a,
                                                         const __nv_bfloat162 b) {
  return __nv_bfloat162(a.x, b.x);
}
__DRAWBRIDGE_HOST_DEVICE __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 a,
                                                          const __nv_bfloat162 b) {
  return __nv_bfloat162(a.y, b.y);
}

/* ---- Members of __nv_bfloat16
 * --------------------------------------------------------------------- */

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const __half f)
    : __x(__bfloat16_as_ushort(__float2bfloat16_rn(__half2float(f)))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const float f)
    : __x(__bfloat16_as_ushort(__float2bfloat16(f))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const double f)
    : __x(__bfloat16_as_ushort(__double2bfloat16(f))) {}
__host__ __device__ inline __nv_bfloat16::operator float() const { return __bfloat162float(*this); }
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const float f) {
  __x = __bfloat16_as_ushort(__float2bfloat16(f));
  return *this;
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const double f) {
  __x = __bfloat16_as_ushort(__double2bfloat16(f));
  return *this;
}
#if !defined(__CUDA_BF16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) ||                \
    defined(__CUDACC__)
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const short val)
    : __x(__bfloat16_as_ushort(__short2bfloat16_rn(val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const unsigned short val)
    : __x(__bfloat16_as_ushort(__ushort2bfloat16_rn(val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const int val)
    : __x(__bfloat16_as_ushort(__int2bfloat16_rn(val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const unsigned int val)
    : __x(__bfloat16_as_ushort(__uint2bfloat16_rn(val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const long val)
    : __x(__bfloat16_as_ushort(__ll2bfloat16_rn((long long)val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const unsigned long val)
    : __x(__bfloat16_as_ushort(__ull2bfloat16_rn((unsigned long long)val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const long long val)
    : __x(__bfloat16_as_ushort(__ll2bfloat16_rn(val))) {}
__host__ __device__ inline __nv_bfloat16::__nv_bfloat16(const unsigned long long val)
    : __x(__bfloat16_as_ushort(__ull2bfloat16_rn(val))) {}
__host__ __device__ inline __nv_bfloat16::operator signed char() const {
  return __bfloat162char_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator unsigned char() const {
  return __bfloat162uchar_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator char() const {
  return (char)((char)-1 < 0 ? (int)__bfloat162char_rz(*this) : (int)__bfloat162uchar_rz(*this));
}
__host__ __device__ inline __nv_bfloat16::operator short() const {
  return __bfloat162short_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator unsigned short() const {
  return __bfloat162ushort_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator int() const { return __bfloat162int_rz(*this); }
__host__ __device__ inline __nv_bfloat16::operator unsigned int() const {
  return __bfloat162uint_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator long() const {
  return sizeof(long) == sizeof(long long) ? (long)__bfloat162ll_rz(*this)
                                           : (long)__bfloat162int_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator unsigned long() const {
  return sizeof(unsigned long) == sizeof(unsigned long long)
             ? (unsigned long)__bfloat162ull_rz(*this)
             : (unsigned long)__bfloat162uint_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator long long() const {
  return __bfloat162ll_rz(*this);
}
__host__ __device__ inline __nv_bfloat16::operator unsigned long long() const {
  return __bfloat162ull_rz(*this);
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const short val) {
  return *this = __short2bfloat16_rn(val);
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const unsigned short val) {
  return *this = __ushort2bfloat16_rn(val);
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const int val) {
  return *this = __int2bfloat16_rn(val);
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const unsigned int val) {
  return *this = __uint2bfloat16_rn(val);
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const long long val) {
  return *this = __ll2bfloat16_rn(val);
}
__host__ __device__ inline __nv_bfloat16 &__nv_bfloat16::operator=(const unsigned long long val) {
  return *this = __ull2bfloat16_rn(val);
}
#endif
#endif

/* ---- The functions __nv_bfloat16 shares with __half ---------------------------------------- */

#define __DRAWBRIDGE_SF __nv_bfloat16
#define __DRAWBRIDGE_SF2 __nv_bfloat162
#define __DRAWBRIDGE_SF_EXP 8
#define __DRAWBRIDGE_SF_MAN 7
#define __DRAWBRIDGE_SF_BITS __drawbridge_bfloat16_bits
#define __DRAWBRIDGE_SF_FROM_BITS __drawbridge_bfloat16_from_bits
#define __DRAWBRIDGE_SF_TO_FLOAT __bfloat162float
#define __DRAWBRIDGE_SF_FROM_FLOAT __float2bfloat16_rn
#define __DRAWBRIDGE_SF_FROM_DOUBLE __double2bfloat16
#if defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#define __DRAWBRIDGE_SF_OPERATORS 0
#else
#define __DRAWBRIDGE_SF_OPERATORS 1
#endif
#if defined(__CUDA_NO_BFLOAT162_OPERATORS__)
#define __DRAWBRIDGE_SF2_OPERATORS 0
#else
#define __DRAWBRIDGE_SF2_OPERATORS 1
#endif
/* NVIDIA offers atomicAdd on both from compute capability 8.0. */
#define __DRAWBRIDGE_SF_ATOMIC_ARCH 800
#define __DRAWBRIDGE_SF2_ATOMIC_ARCH 800
#include "drawbridge/device/small_float_ops.h"

/* ---- Conversion between the two 16-bit types ---------------------------------------------- */

/* Through float, which holds both exactly: one rounding. */
#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
__host__ __device__ inline __half::__half(const __nv_bfloat16 f)
    : __x(__half_as_ushort(__float2half_rn(__bfloat162float(f)))) {}
#endif

/* ---- Names and constants ------------------------------------------------------------------- */

#if !defined(CUDA_NO_BFLOAT16)
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
#endif

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

#endif /* __cplusplus */

#endif /* __CUDA_BF16_H__ */
