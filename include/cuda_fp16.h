/* cuda_fp16.h - the half-precision type __half, its pair __half2, and their functions.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API
 * documentation ("Half Precision Intrinsics"). __half is IEEE binary16 (1 sign, 5 exponent,
 * 10 fraction bits), stored in a 16-bit field; __half2 holds two of them, .x in the low 16
 * bits. Sizes and alignments are NVIDIA's (2 and 4 bytes), since values cross between host
 * and device.
 *
 * Everything here works in host code as well as device code, except the warp shuffles and
 * atomics, which are device functions. Conversions round exactly in every mode, subnormals
 * included, with bit arithmetic (drawbridge/device/small_float.h); arithmetic is computed in
 * float or double and rounded once (drawbridge/device/small_float_ops.h says why that gives
 * the correctly rounded half result). NaN results are the canonical NaN 0x7fff.
 *
 * As in CUDA, __CUDA_NO_HALF_CONVERSIONS__ removes the implicit conversions,
 * __CUDA_NO_HALF_OPERATORS__ and __CUDA_NO_HALF2_OPERATORS__ the C++ operators, and CUDA_NO_HALF
 * the half and half2 type names.
 */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__
#define __CUDA_FP16_TYPES_EXIST__

#include "host_defines.h"
#include "vector_functions.h"
#include "vector_types.h"

#include "drawbridge/device/small_float.h"

/* The bit patterns, usable from C as well. */
typedef struct __align__(2) {
  unsigned short x;
} __half_raw;
typedef struct __align__(4) {
  unsigned short x;
  unsigned short y;
} __half2_raw;

#if defined(__cplusplus)

struct __nv_bfloat16;

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &hr) : __x(hr.x) {}
  __host__ __device__ __half &operator=(const __half_raw &hr) {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __half &operator=(const __half_raw &hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ volatile __half &operator=(const volatile __half_raw &hr) volatile {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ operator __half_raw() const {
    __half_raw r;
    r.x = __x;
    return r;
  }
  __host__ __device__ operator __half_raw() const volatile {
    __half_raw r;
    r.x = __x;
    return r;
  }

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
  /* Defined by cuda_bf16.h. */
  explicit __host__ __device__ __half(const __nv_bfloat16 f);
  __host__ __device__ __half(const float f);
  __host__ __device__ __half(const double f);
  __host__ __device__ operator float() const;
  __host__ __device__ __half &operator=(const float f);
  __host__ __device__ __half &operator=(const double f);
#if !defined(__CUDA_FP16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) ||                \
    defined(__CUDACC__)
  /* From integers in round-to-nearest-even mode, to integers in round-toward-zero mode with
     saturation, as C's conversions do for float. */
  __host__ __device__ __half(const short val);
  __host__ __device__ __half(const unsigned short val);
  __host__ __device__ __half(const int val);
  __host__ __device__ __half(const unsigned int val);
  __host__ __device__ __half(const long val);
  __host__ __device__ __half(const unsigned long val);
  __host__ __device__ __half(const long long val);
  __host__ __device__ __half(const unsigned long long val);
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
  __host__ __device__ __half &operator=(const short val);
  __host__ __device__ __half &operator=(const unsigned short val);
  __host__ __device__ __half &operator=(const int val);
  __host__ __device__ __half &operator=(const unsigned int val);
  __host__ __device__ __half &operator=(const long long val);
  __host__ __device__ __half &operator=(const unsigned long long val);
  /* Nonzero (NaN included) is true. */
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
#endif
};

struct __align__(4) __half2 {
  __half x; /* low 16 bits */
  __half y; /* high 16 bits */

  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &h2r) { *this = h2r; }
  __host__ __device__ __half2 &operator=(const __half2_raw &h2r) {
    __half_raw low, high;
    low.x = h2r.x;
    high.x = h2r.y;
    x = low;
    y = high;
    return *this;
  }
  __host__ __device__ operator __half2_raw() const {
    __half2_raw r;
    r.x = static_cast<__half_raw>(x).x;
    r.y = static_cast<__half_raw>(y).x;
    return r;
  }
};

/* ---- Bits ---------------------------------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_half_bits(const __half h) {
  unsigned short bits;
  __builtin_memcpy(&bits, &h, sizeof(bits));
  return bits;
}
__DRAWBRIDGE_HOST_DEVICE __half __drawbridge_half_from_bits(const unsigned int bits) {
  __half_raw r;
  r.x = (unsigned short)bits;
  return __half(r);
}
__DRAWBRIDGE_HOST_DEVICE short int __half_as_short(const __half h) {
  return (short int)__drawbridge_half_bits(h);
}
__DRAWBRIDGE_HOST_DEVICE unsigned short int __half_as_ushort(const __half h) {
  return (unsigned short int)__drawbridge_half_bits(h);
}
__DRAWBRIDGE_HOST_DEVICE __half __short_as_half(const short int i) {
  return __drawbridge_half_from_bits((unsigned short)i);
}
__DRAWBRIDGE_HOST_DEVICE __half __ushort_as_half(const unsigned short int i) {
  return __drawbridge_half_from_bits(i);
}

/* ---- Conversions with float and double ----------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE float __half2float(const __half a) {
  return __drawbridge_widen_ieee(__drawbridge_half_bits(a), 5, 10);
}
__DRAWBRIDGE_HOST_DEVICE __half __float2half_rn(const float a) {
  return __drawbridge_half_from_bits(__drawbridge_narrow_float(a, 5, 10, cudaRoundNearest));
}
__DRAWBRIDGE_HOST_DEVICE __half __float2half_rz(const float a) {
  return __drawbridge_half_from_bits(__drawbridge_narrow_float(a, 5, 10, cudaRoundZero));
}
__DRAWBRIDGE_HOST_DEVICE __half __float2half_ru(const float a) {
  return __drawbridge_half_from_bits(__drawbridge_narrow_float(a, 5, 10, cudaRoundPosInf));
}
__DRAWBRIDGE_HOST_DEVICE __half __float2half_rd(const float a) {
  return __drawbridge_half_from_bits(__drawbridge_narrow_float(a, 5, 10, cudaRoundMinInf));
}
__DRAWBRIDGE_HOST_DEVICE __half __float2half(const float a) { return __float2half_rn(a); }
/* Rounded once, directly from double. */
__DRAWBRIDGE_HOST_DEVICE __half __double2half(const double a) {
  return __drawbridge_half_from_bits(__drawbridge_narrow_double(a, 5, 10, cudaRoundNearest));
}
__DRAWBRIDGE_HOST_DEVICE __half2 __float2half2_rn(const float a) {
  __half h = __float2half_rn(a);
  return __half2(h, h);
}
__DRAWBRIDGE_HOST_DEVICE __half2 __floats2half2_rn(const float a, const float b) {
  return __half2(__float2half_rn(a), __float2half_rn(b));
}
__DRAWBRIDGE_HOST_DEVICE __half2 __float22half2_rn(const float2 a) {
  return __half2(__float2half_rn(a.x), __float2half_rn(a.y));
}
__DRAWBRIDGE_HOST_DEVICE float2 __half22float2(const __half2 a) {
  return make_float2(__half2float(a.x), __half2float(a.y));
}

/* ---- Conversions with integers ------------------------------------------------------------- */

/* Integer to half in the four rounding modes. */
#define __DRAWBRIDGE_INT_TO_HALF(name, itype, narrow)                                              \
  __DRAWBRIDGE_HOST_DEVICE __half name##_rn(const itype i) {                                       \
    return __drawbridge_half_from_bits(narrow(i, 5, 10, cudaRoundNearest));                        \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __half name##_rz(const itype i) {                                       \
    return __drawbridge_half_from_bits(narrow(i, 5, 10, cudaRoundZero));                           \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __half name##_ru(const itype i) {                                       \
    return __drawbridge_half_from_bits(narrow(i, 5, 10, cudaRoundPosInf));                         \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE __half name##_rd(const itype i) {                                       \
    return __drawbridge_half_from_bits(narrow(i, 5, 10, cudaRoundMinInf));                         \
  }
__DRAWBRIDGE_INT_TO_HALF(__short2half, short int, __drawbridge_narrow_signed)
__DRAWBRIDGE_INT_TO_HALF(__ushort2half, unsigned short int, __drawbridge_narrow_unsigned)
__DRAWBRIDGE_INT_TO_HALF(__int2half, int, __drawbridge_narrow_signed)
__DRAWBRIDGE_INT_TO_HALF(__uint2half, unsigned int, __drawbridge_narrow_unsigned)
__DRAWBRIDGE_INT_TO_HALF(__ll2half, long long int, __drawbridge_narrow_signed)
__DRAWBRIDGE_INT_TO_HALF(__ull2half, unsigned long long int, __drawbridge_narrow_unsigned)
#undef __DRAWBRIDGE_INT_TO_HALF

/* Half to integer in the four rounding modes, saturating; NaN gives 0, or 0x8000000000000000
   for the 64-bit types, as CUDA documents. The trailing arguments are the type's limits
   (__DRAWBRIDGE_LIMITS_*). */
#define __DRAWBRIDGE_HALF_TO_INT_MODE(name, mode, itype, ...)                                      \
  __DRAWBRIDGE_HOST_DEVICE itype name(const __half h) {                                            \
    double r = __drawbridge_round_integral(__half2float(h), mode);                                 \
    return __DRAWBRIDGE_SATURATE_INTEGER(itype, r, __VA_ARGS__);                                   \
  }
#define __DRAWBRIDGE_HALF_TO_INT(name, itype, ...)                                                 \
  __DRAWBRIDGE_HALF_TO_INT_MODE(name##_rn, cudaRoundNearest, itype, __VA_ARGS__)                   \
  __DRAWBRIDGE_HALF_TO_INT_MODE(name##_rz, cudaRoundZero, itype, __VA_ARGS__)                      \
  __DRAWBRIDGE_HALF_TO_INT_MODE(name##_ru, cudaRoundPosInf, itype, __VA_ARGS__)                    \
  __DRAWBRIDGE_HALF_TO_INT_MODE(name##_rd, cudaRoundMinInf, itype, __VA_ARGS__)
__DRAWBRIDGE_HALF_TO_INT(__half2short, short int, __DRAWBRIDGE_LIMITS_S16)
__DRAWBRIDGE_HALF_TO_INT(__half2ushort, unsigned short int, __DRAWBRIDGE_LIMITS_U16)
__DRAWBRIDGE_HALF_TO_INT(__half2int, int, __DRAWBRIDGE_LIMITS_S32)
__DRAWBRIDGE_HALF_TO_INT(__half2uint, unsigned int, __DRAWBRIDGE_LIMITS_U32)
__DRAWBRIDGE_HALF_TO_INT(__half2ll, long long int, __DRAWBRIDGE_LIMITS_S64)
__DRAWBRIDGE_HALF_TO_INT(__half2ull, unsigned long long int, __DRAWBRIDGE_LIMITS_U64)
__DRAWBRIDGE_HALF_TO_INT_MODE(__half2char_rz, cudaRoundZero, signed char, __DRAWBRIDGE_LIMITS_S8)
__DRAWBRIDGE_HALF_TO_INT_MODE(__half2uchar_rz, cudaRoundZero, unsigned char, __DRAWBRIDGE_LIMITS_U8)
#undef __DRAWBRIDGE_HALF_TO_INT
#undef __DRAWBRIDGE_HALF_TO_INT_MODE

/* ---- Building and taking apart pairs ------------------------------------------------------- */

__DRAWBRIDGE_HOST_DEVICE __half2 make_half2(const __half x, const __half y) {
  return __half2(x, y);
}
__DRAWBRIDGE_HOST_DEVICE __half2 __halves2half2(const __half a, const __half b) {
  return __half2(a, b);
}
__DRAWBRIDGE_HOST_DEVICE __half2 __half2half2(const __half a) { return __half2(a, a); }
__DRAWBRIDGE_HOST_DEVICE __half __low2half(const __half2 a) { return a.x; }
__DRAWBRIDGE_HOST_DEVICE __half __high2half(const __half2 a) { return a.y; }
__DRAWBRIDGE_HOST_DEVICE __half2 __low2half2(const __half2 a) { return __half2(a.x, a.x); }
__DRAWBRIDGE_HOST_DEVICE __half2 __high2half2(const __half2 a) { return __half2(a.y, a.y); }
__DRAWBRIDGE_HOST_DEVICE __half2 __lows2half2(const __half2 a, const __half2 b) {
  return __half2(a.x, b.x);
}
__DRAWBRIDGE_HOST_DEVICE __half2 __highs2half2(const __half2 a, const __half2 b) {
  return __half2(a.y, b.y);
}

/* ---- Members of __half --------------------------------------------------------------------- */

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
__host__ __device__ inline __half::__half(const float f) : __x(__half_as_ushort(__float2half(f))) {}
__host__ __device__ inline __half::__half(const double f)
    : __x(__half_as_ushort(__double2half(f))) {}
__host__ __device__ inline __half::operator float() const { return __half2float(*this); }
__host__ __device__ inline __half &__half::operator=(const float f) {
  __x = __half_as_ushort(__float2half(f));
  return *this;
}
__host__ __device__ inline __half &__half::operator=(const double f) {
  __x = __half_as_ushort(__double2half(f));
  return *this;
}
#if !defined(__CUDA_FP16_DISABLE_IMPLICIT_INTEGER_CONVERTS_FOR_HOST_COMPILERS__) ||                \
    defined(__CUDACC__)
__host__ __device__ inline __half::__half(const short val)
    : __x(__half_as_ushort(__short2half_rn(val))) {}
__host__ __device__ inline __half::__half(const unsigned short val)
    : __x(__half_as_ushort(__ushort2half_rn(val))) {}
__host__ __device__ inline __half::__half(const int val)
    : __x(__half_as_ushort(__int2half_rn(val))) {}
__host__ __device__ inline __half::__half(const unsigned int val)
    : __x(__half_as_ushort(__uint2half_rn(val))) {}
__host__ __device__ inline __half::__half(const long val)
    : __x(__half_as_ushort(__ll2half_rn((long long)val))) {}
__host__ __device__ inline __half::__half(const unsigned long val)
    : __x(__half_as_ushort(__ull2half_rn((unsigned long long)val))) {}
__host__ __device__ inline __half::__half(const long long val)
    : __x(__half_as_ushort(__ll2half_rn(val))) {}
__host__ __device__ inline __half::__half(const unsigned long long val)
    : __x(__half_as_ushort(__ull2half_rn(val))) {}
__host__ __device__ inline __half::operator signed char() const { return __half2char_rz(*this); }
__host__ __device__ inline __half::operator unsigned char() const { return __half2uchar_rz(*this); }
__host__ __device__ inline __half::operator char() const {
  return (char)((char)-1 < 0 ? (int)__half2char_rz(*this) : (int)__half2uchar_rz(*this));
}
__host__ __device__ inline __half::operator short() const { return __half2short_rz(*this); }
__host__ __device__ inline __half::operator unsigned short() const {
  return __half2ushort_rz(*this);
}
__host__ __device__ inline __half::operator int() const { return __half2int_rz(*this); }
__host__ __device__ inline __half::operator unsigned int() const { return __half2uint_rz(*this); }
__host__ __device__ inline __half::operator long() const {
  return sizeof(long) == sizeof(long long) ? (long)__half2ll_rz(*this) : (long)__half2int_rz(*this);
}
__host__ __device__ inline __half::operator unsigned long() const {
  return sizeof(unsigned long) == sizeof(unsigned long long) ? (unsigned long)__half2ull_rz(*this)
                                                             : (unsigned long)__half2uint_rz(*this);
}
__host__ __device__ inline __half::operator long long() const { return __half2ll_rz(*this); }
__host__ __device__ inline __half::operator unsigned long long() const {
  return __half2ull_rz(*this);
}
__host__ __device__ inline __half &__half::operator=(const short val) {
  return *this = __short2half_rn(val);
}
__host__ __device__ inline __half &__half::operator=(const unsigned short val) {
  return *this = __ushort2half_rn(val);
}
__host__ __device__ inline __half &__half::operator=(const int val) {
  return *this = __int2half_rn(val);
}
__host__ __device__ inline __half &__half::operator=(const unsigned int val) {
  return *this = __uint2half_rn(val);
}
__host__ __device__ inline __half &__half::operator=(const long long val) {
  return *this = __ll2half_rn(val);
}
__host__ __device__ inline __half &__half::operator=(const unsigned long long val) {
  return *this = __ull2half_rn(val);
}
#endif
#endif

/* ---- The functions __half shares with __nv_bfloat16 ---------------------------------------- */

#define __DRAWBRIDGE_SF __half
#define __DRAWBRIDGE_SF2 __half2
#define __DRAWBRIDGE_SF_EXP 5
#define __DRAWBRIDGE_SF_MAN 10
#define __DRAWBRIDGE_SF_BITS __drawbridge_half_bits
#define __DRAWBRIDGE_SF_FROM_BITS __drawbridge_half_from_bits
#define __DRAWBRIDGE_SF_TO_FLOAT __half2float
#define __DRAWBRIDGE_SF_FROM_FLOAT __float2half_rn
#define __DRAWBRIDGE_SF_FROM_DOUBLE __double2half
#if defined(__CUDA_NO_HALF_OPERATORS__)
#define __DRAWBRIDGE_SF_OPERATORS 0
#else
#define __DRAWBRIDGE_SF_OPERATORS 1
#endif
#if defined(__CUDA_NO_HALF2_OPERATORS__)
#define __DRAWBRIDGE_SF2_OPERATORS 0
#else
#define __DRAWBRIDGE_SF2_OPERATORS 1
#endif
/* NVIDIA offers atomicAdd on __half from compute capability 7.0 and on __half2 from 6.0. */
#define __DRAWBRIDGE_SF_ATOMIC_ARCH 700
#define __DRAWBRIDGE_SF2_ATOMIC_ARCH 600
#include "drawbridge/device/small_float_ops.h"

/* ---- Names and constants ------------------------------------------------------------------- */

#if !defined(CUDA_NO_HALF)
typedef __half half;
typedef __half2 half2;
#endif
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

#endif /* __cplusplus */

#endif /* __CUDA_FP16_H__ */
