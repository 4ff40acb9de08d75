/* drawbridge/device/fp8_types.h - the C++ types for one fp8 kind (e4m3 or e5m2).
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. cuda_fp8.h includes this file once per
 * kind, with no include guard, after defining __DRAWBRIDGE_FP8, __DRAWBRIDGE_FP8X2 and
 * __DRAWBRIDGE_FP8X4 (the scalar, pair and quad type names) and __DRAWBRIDGE_FP8_KIND (the
 * __nv_fp8_interpretation_t value); it undefines them at its end. The types only store and
 * convert: conversions into fp8 round to nearest even and saturate to the largest finite
 * value (__NV_SATFINITE), conversions out of it are exact, and integer conversions go through
 * float, as CUDA documents.
 */

struct __align__(1) __DRAWBRIDGE_FP8 {
  __nv_fp8_storage_t __x;

  __DRAWBRIDGE_FP8() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const __half f)
      : __x(__nv_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __NV_SATFINITE,
                                    __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const __nv_bfloat16 f)
      : __x(__nv_cvt_bfloat16raw_to_fp8(static_cast<__nv_bfloat16_raw>(f), __NV_SATFINITE,
                                        __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const float f)
      : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const double f)
      : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const unsigned short int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const unsigned int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const unsigned long int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const unsigned long long int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const short int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const long int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8(const long long int val)
      : __DRAWBRIDGE_FP8(static_cast<float>(val)) {}

#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __host__ __device__ operator __half() const {
    return __half(__nv_cvt_fp8_to_halfraw(__x, __DRAWBRIDGE_FP8_KIND));
  }
  explicit __host__ __device__ operator float() const {
    return __half2float(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator __nv_bfloat16() const {
    return __float2bfloat16_rn(static_cast<float>(*this));
  }
  explicit __host__ __device__ operator double() const {
    return static_cast<double>(static_cast<float>(*this));
  }
  /* To integers: toward zero, clamped to the type's range; NaN gives 0, or
     0x8000000000000000 for 64-bit types. */
  explicit __host__ __device__ operator unsigned char() const {
    return __half2uchar_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator unsigned short int() const {
    return __half2ushort_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator unsigned int() const {
    return __half2uint_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator unsigned long int() const {
    return sizeof(unsigned long int) == sizeof(unsigned long long int)
               ? (unsigned long int)__half2ull_rz(static_cast<__half>(*this))
               : (unsigned long int)__half2uint_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator unsigned long long int() const {
    return __half2ull_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator signed char() const {
    return __half2char_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator char() const {
    return (char)((char)-1 < 0 ? (int)static_cast<signed char>(*this)
                               : (int)static_cast<unsigned char>(*this));
  }
  explicit __host__ __device__ operator short int() const {
    return __half2short_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator int() const {
    return __half2int_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator long int() const {
    return sizeof(long int) == sizeof(long long int)
               ? (long int)__half2ll_rz(static_cast<__half>(*this))
               : (long int)__half2int_rz(static_cast<__half>(*this));
  }
  explicit __host__ __device__ operator long long int() const {
    return __half2ll_rz(static_cast<__half>(*this));
  }
  /* Nonzero (NaN included) is true. */
  explicit __host__ __device__ operator bool() const { return (__x & 0x7fu) != 0; }
#endif
#endif
};

struct __align__(2) __DRAWBRIDGE_FP8X2 {
  __nv_fp8x2_storage_t __x; /* .x in the low byte */

  __DRAWBRIDGE_FP8X2() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __host__ __device__ __DRAWBRIDGE_FP8X2(const __half2 f)
      : __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(f), __NV_SATFINITE,
                                       __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8X2(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(f), __NV_SATFINITE,
                                           __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8X2(const float2 f)
      : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, __DRAWBRIDGE_FP8_KIND)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8X2(const double2 f)
      : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, __DRAWBRIDGE_FP8_KIND)) {}
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __host__ __device__ operator __half2() const {
    return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, __DRAWBRIDGE_FP8_KIND));
  }
  explicit __host__ __device__ operator float2() const {
    return __half22float2(static_cast<__half2>(*this));
  }
#endif
#endif
};

struct __align__(4) __DRAWBRIDGE_FP8X4 {
  __nv_fp8x4_storage_t __x; /* .x in the lowest byte, .w in the highest */

  __DRAWBRIDGE_FP8X4() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __host__ __device__ __DRAWBRIDGE_FP8X4(const __half2 flo, const __half2 fhi)
      : __x((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(flo).__x |
            ((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(fhi).__x << 16)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8X4(const __nv_bfloat162 flo,
                                                  const __nv_bfloat162 fhi)
      : __x((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(flo).__x |
            ((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(fhi).__x << 16)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8X4(const float4 f)
      : __x((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(make_float2(f.x, f.y)).__x |
            ((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(make_float2(f.z, f.w)).__x << 16)) {}
  explicit __host__ __device__ __DRAWBRIDGE_FP8X4(const double4 f)
      : __x((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(make_double2(f.x, f.y)).__x |
            ((__nv_fp8x4_storage_t)__DRAWBRIDGE_FP8X2(make_double2(f.z, f.w)).__x << 16)) {}
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __host__ __device__ operator float4() const {
    __DRAWBRIDGE_FP8X2 low, high;
    low.__x = (__nv_fp8x2_storage_t)(__x & 0xffffu);
    high.__x = (__nv_fp8x2_storage_t)(__x >> 16);
    float2 l = static_cast<float2>(low), h = static_cast<float2>(high);
    return make_float4(l.x, l.y, h.x, h.y);
  }
#endif
#endif
};

#undef __DRAWBRIDGE_FP8
#undef __DRAWBRIDGE_FP8X2
#undef __DRAWBRIDGE_FP8X4
#undef __DRAWBRIDGE_FP8_KIND
