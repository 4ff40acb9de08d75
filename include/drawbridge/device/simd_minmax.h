/* drawbridge/device/simd_minmax.h - the integer minimum and maximum intrinsics of CUDA 12:
 * three-operand (__vimax3_*, __vimin3_*), add-then-compare (__viaddmax_*, __viaddmin_*), with a
 * ReLU (_relu: negative results become 0) and with a predicate (__vibmax_*, __vibmin_*: which
 * operand won).
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API's list of
 * SIMD intrinsics. _s32 and _u32 work on one 32-bit integer, _s16x2 and _u16x2 on each 16-bit
 * half of a word; sums wrap in their lane width. These are host and device functions, as in
 * CUDA.
 */
#ifndef __DRAWBRIDGE_DEVICE_SIMD_MINMAX_H__
#define __DRAWBRIDGE_DEVICE_SIMD_MINMAX_H__

#include "common.h"

#if defined(__cplusplus)

/* op(x, y, z) on each 16-bit lane of a, b and c, signed (Signed) or unsigned. */
template <bool Signed, typename Op>
__DRAWBRIDGE_HOST_DEVICE unsigned int __drawbridge_x2(unsigned int a, unsigned int b,
                                                      unsigned int c, Op op) {
  unsigned int result = 0;
  for (int lane = 0; lane < 2; ++lane) {
    int shift = 16 * lane;
    int x = Signed ? (int)(short)(a >> shift) : (int)(unsigned short)(a >> shift);
    int y = Signed ? (int)(short)(b >> shift) : (int)(unsigned short)(b >> shift);
    int z = Signed ? (int)(short)(c >> shift) : (int)(unsigned short)(c >> shift);
    result |= ((unsigned int)op(x, y, z) & 0xffffu) << shift;
  }
  return result;
}
/* A 16-bit lane sum, wrapped as the lane's type wraps it. */
template <bool Signed> __DRAWBRIDGE_HOST_DEVICE int __drawbridge_wrap16(int v) {
  return Signed ? (int)(short)v : (int)(unsigned short)v;
}
template <typename T> __DRAWBRIDGE_HOST_DEVICE T __drawbridge_max(T a, T b) {
  return a > b ? a : b;
}
template <typename T> __DRAWBRIDGE_HOST_DEVICE T __drawbridge_min(T a, T b) {
  return a < b ? a : b;
}

/* Three-operand minimum and maximum, and their ReLU forms. */
#define __DRAWBRIDGE_MINMAX3(name, pick)                                                           \
  __DRAWBRIDGE_HOST_DEVICE int name##_s32(const int a, const int b, const int c) {                 \
    return pick(pick(a, b), c);                                                                    \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE int name##_s32_relu(const int a, const int b, const int c) {            \
    return __drawbridge_max(pick(pick(a, b), c), 0);                                               \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_u32(const unsigned int a, const unsigned int b,     \
                                                   const unsigned int c) {                         \
    return pick(pick(a, b), c);                                                                    \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_s16x2(const unsigned int a, const unsigned int b,   \
                                                     const unsigned int c) {                       \
    return __drawbridge_x2<true>(a, b, c,                                                          \
                                 [](int x, int y, int z) { return pick(pick(x, y), z); });         \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_s16x2_relu(                                         \
      const unsigned int a, const unsigned int b, const unsigned int c) {                          \
    return __drawbridge_x2<true>(                                                                  \
        a, b, c, [](int x, int y, int z) { return __drawbridge_max(pick(pick(x, y), z), 0); });    \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_u16x2(const unsigned int a, const unsigned int b,   \
                                                     const unsigned int c) {                       \
    return __drawbridge_x2<false>(a, b, c,                                                         \
                                  [](int x, int y, int z) { return pick(pick(x, y), z); });        \
  }
__DRAWBRIDGE_MINMAX3(__vimax3, __drawbridge_max)
__DRAWBRIDGE_MINMAX3(__vimin3, __drawbridge_min)
#undef __DRAWBRIDGE_MINMAX3

/* pick(a + b, c), the sum wrapping, and the ReLU forms. */
#define __DRAWBRIDGE_ADD_MINMAX(name, pick)                                                        \
  __DRAWBRIDGE_HOST_DEVICE int name##_s32(const int a, const int b, const int c) {                 \
    return pick((int)((unsigned int)a + (unsigned int)b), c);                                      \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE int name##_s32_relu(const int a, const int b, const int c) {            \
    return __drawbridge_max(pick((int)((unsigned int)a + (unsigned int)b), c), 0);                 \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_u32(const unsigned int a, const unsigned int b,     \
                                                   const unsigned int c) {                         \
    return pick(a + b, c);                                                                         \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_s16x2(const unsigned int a, const unsigned int b,   \
                                                     const unsigned int c) {                       \
    return __drawbridge_x2<true>(                                                                  \
        a, b, c, [](int x, int y, int z) { return pick(__drawbridge_wrap16<true>(x + y), z); });   \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_s16x2_relu(                                         \
      const unsigned int a, const unsigned int b, const unsigned int c) {                          \
    return __drawbridge_x2<true>(a, b, c, [](int x, int y, int z) {                                \
      return __drawbridge_max(pick(__drawbridge_wrap16<true>(x + y), z), 0);                       \
    });                                                                                            \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_u16x2(const unsigned int a, const unsigned int b,   \
                                                     const unsigned int c) {                       \
    return __drawbridge_x2<false>(                                                                 \
        a, b, c, [](int x, int y, int z) { return pick(__drawbridge_wrap16<false>(x + y), z); });  \
  }
__DRAWBRIDGE_ADD_MINMAX(__viaddmax, __drawbridge_max)
__DRAWBRIDGE_ADD_MINMAX(__viaddmin, __drawbridge_min)
#undef __DRAWBRIDGE_ADD_MINMAX

/* Two-operand minimum and maximum with a ReLU. */
__DRAWBRIDGE_HOST_DEVICE int __vimax_s32_relu(const int a, const int b) {
  return __drawbridge_max(__drawbridge_max(a, b), 0);
}
__DRAWBRIDGE_HOST_DEVICE int __vimin_s32_relu(const int a, const int b) {
  return __drawbridge_max(__drawbridge_min(a, b), 0);
}
__DRAWBRIDGE_HOST_DEVICE unsigned int __vimax_s16x2_relu(const unsigned int a,
                                                         const unsigned int b) {
  return __drawbridge_x2<true>(
      a, b, 0u, [](int x, int y, int) { return __drawbridge_max(__drawbridge_max(x, y), 0); });
}
__DRAWBRIDGE_HOST_DEVICE unsigned int __vimin_s16x2_relu(const unsigned int a,
                                                         const unsigned int b) {
  return __drawbridge_x2<true>(
      a, b, 0u, [](int x, int y, int) { return __drawbridge_max(__drawbridge_min(x, y), 0); });
}

/* Maximum (minimum) with a predicate: *pred is whether a >= b (a <= b), per half for 16x2,
 * pred_hi for the upper one. */
#define __DRAWBRIDGE_PREDICATED(name, pick, compare)                                               \
  __DRAWBRIDGE_HOST_DEVICE int name##_s32(const int a, const int b, bool *const pred) {            \
    *pred = a compare b;                                                                           \
    return pick(a, b);                                                                             \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_u32(const unsigned int a, const unsigned int b,     \
                                                   bool *const pred) {                             \
    *pred = a compare b;                                                                           \
    return pick(a, b);                                                                             \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_s16x2(const unsigned int a, const unsigned int b,   \
                                                     bool *const pred_hi, bool *const pred_lo) {   \
    *pred_hi = (short)(a >> 16) compare(short)(b >> 16);                                           \
    *pred_lo = (short)a compare(short) b;                                                          \
    return __drawbridge_x2<true>(a, b, 0u, [](int x, int y, int) { return pick(x, y); });          \
  }                                                                                                \
  __DRAWBRIDGE_HOST_DEVICE unsigned int name##_u16x2(const unsigned int a, const unsigned int b,   \
                                                     bool *const pred_hi, bool *const pred_lo) {   \
    *pred_hi = (unsigned short)(a >> 16) compare(unsigned short)(b >> 16);                         \
    *pred_lo = (unsigned short)a compare(unsigned short) b;                                        \
    return __drawbridge_x2<false>(a, b, 0u, [](int x, int y, int) { return pick(x, y); });         \
  }
__DRAWBRIDGE_PREDICATED(__vibmax, __drawbridge_max, >=)
__DRAWBRIDGE_PREDICATED(__vibmin, __drawbridge_min, <=)
#undef __DRAWBRIDGE_PREDICATED

#endif /* __cplusplus */
#endif /* __DRAWBRIDGE_DEVICE_SIMD_MINMAX_H__ */
