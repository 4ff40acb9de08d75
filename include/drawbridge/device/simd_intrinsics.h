/* drawbridge/device/simd_intrinsics.h - the SIMD video intrinsics: two 16-bit or four 8-bit
 * lanes per 32-bit word.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain, written from the CUDA Math API's list of
 * SIMD intrinsics. Each function applies one lane operation to every lane: wrapping and
 * saturating (ss: signed, us: unsigned) add, subtract, negate and absolute value, absolute
 * difference, rounded average (__vavg*: (a + b + 1) >> 1) and truncated unsigned average
 * (__vhaddu*), minimum and maximum, comparisons giving an all-ones lane (__vcmp*) or 1
 * (__vset*), and the sum of absolute differences of the lanes (__vsad*).
 */
#ifndef __DRAWBRIDGE_DEVICE_SIMD_INTRINSICS_H__
#define __DRAWBRIDGE_DEVICE_SIMD_INTRINSICS_H__

#include "common.h"

#if defined(__cplusplus)

/* Applies op(signed a, signed b, unsigned a, unsigned b) to each of Lanes lanes of a and b. */
template <int Lanes, typename Op>
__DRAWBRIDGE_DEVICE unsigned int __drawbridge_simd(unsigned int a, unsigned int b, Op op) {
  constexpr int bits = 32 / Lanes;
  constexpr unsigned int mask = (1u << bits) - 1u;
  unsigned int result = 0;
  for (int lane = 0; lane < Lanes; ++lane) {
    unsigned int ua = (a >> (lane * bits)) & mask, ub = (b >> (lane * bits)) & mask;
    int sa = (int)(ua << (32 - bits)) >> (32 - bits), sb = (int)(ub << (32 - bits)) >> (32 - bits);
    result |= ((unsigned int)op(sa, sb, ua, ub) & mask) << (lane * bits);
  }
  return result;
}

/* The sum over lanes of op(...) (for __vsad*). */
template <int Lanes, typename Op>
__DRAWBRIDGE_DEVICE unsigned int __drawbridge_simd_sum(unsigned int a, unsigned int b, Op op) {
  constexpr int bits = 32 / Lanes;
  constexpr unsigned int mask = (1u << bits) - 1u;
  unsigned int sum = 0;
  for (int lane = 0; lane < Lanes; ++lane) {
    unsigned int ua = (a >> (lane * bits)) & mask, ub = (b >> (lane * bits)) & mask;
    int sa = (int)(ua << (32 - bits)) >> (32 - bits), sb = (int)(ub << (32 - bits)) >> (32 - bits);
    sum += (unsigned int)op(sa, sb, ua, ub);
  }
  return sum;
}

template <int Lanes> __DRAWBRIDGE_DEVICE int __drawbridge_simd_smax() {
  return Lanes == 2 ? 32767 : 127;
}
template <int Lanes> __DRAWBRIDGE_DEVICE int __drawbridge_simd_smin() {
  return Lanes == 2 ? -32768 : -128;
}
template <int Lanes> __DRAWBRIDGE_DEVICE int __drawbridge_simd_umax() {
  return Lanes == 2 ? 65535 : 255;
}
template <int Lanes> __DRAWBRIDGE_DEVICE int __drawbridge_simd_clamp_s(int v) {
  return v > __drawbridge_simd_smax<Lanes>()   ? __drawbridge_simd_smax<Lanes>()
         : v < __drawbridge_simd_smin<Lanes>() ? __drawbridge_simd_smin<Lanes>()
                                               : v;
}
template <int Lanes> __DRAWBRIDGE_DEVICE int __drawbridge_simd_clamp_u(int v) {
  return v > __drawbridge_simd_umax<Lanes>() ? __drawbridge_simd_umax<Lanes>() : v < 0 ? 0 : v;
}

/* A binary operation for both lane widths: name##2 and name##4. */
#define __DRAWBRIDGE_SIMD_BINARY(name, expression)                                                 \
  __DRAWBRIDGE_DEVICE unsigned int name##2(unsigned int a, unsigned int b) {                       \
    constexpr int L = 2;                                                                           \
    (void)L;                                                                                       \
    return __drawbridge_simd<2>(a, b, [](int sa, int sb, unsigned int ua, unsigned int ub) {       \
      (void)sa, (void)sb, (void)ua, (void)ub;                                                      \
      return (int)(expression);                                                                    \
    });                                                                                            \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE unsigned int name##4(unsigned int a, unsigned int b) {                       \
    constexpr int L = 4;                                                                           \
    (void)L;                                                                                       \
    return __drawbridge_simd<4>(a, b, [](int sa, int sb, unsigned int ua, unsigned int ub) {       \
      (void)sa, (void)sb, (void)ua, (void)ub;                                                      \
      return (int)(expression);                                                                    \
    });                                                                                            \
  }
#define __DRAWBRIDGE_SIMD_UNARY(name, expression)                                                  \
  __DRAWBRIDGE_DEVICE unsigned int name##2(unsigned int a) {                                       \
    constexpr int L = 2;                                                                           \
    (void)L;                                                                                       \
    return __drawbridge_simd<2>(a, 0u, [](int sa, int, unsigned int ua, unsigned int) {            \
      (void)sa, (void)ua;                                                                          \
      return (int)(expression);                                                                    \
    });                                                                                            \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE unsigned int name##4(unsigned int a) {                                       \
    constexpr int L = 4;                                                                           \
    (void)L;                                                                                       \
    return __drawbridge_simd<4>(a, 0u, [](int sa, int, unsigned int ua, unsigned int) {            \
      (void)sa, (void)ua;                                                                          \
      return (int)(expression);                                                                    \
    });                                                                                            \
  }
#define __DRAWBRIDGE_SIMD_SUM(name, expression)                                                    \
  __DRAWBRIDGE_DEVICE unsigned int name##2(unsigned int a, unsigned int b) {                       \
    return __drawbridge_simd_sum<2>(a, b, [](int sa, int sb, unsigned int ua, unsigned int ub) {   \
      (void)sa, (void)sb, (void)ua, (void)ub;                                                      \
      return (int)(expression);                                                                    \
    });                                                                                            \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE unsigned int name##4(unsigned int a, unsigned int b) {                       \
    return __drawbridge_simd_sum<4>(a, b, [](int sa, int sb, unsigned int ua, unsigned int ub) {   \
      (void)sa, (void)sb, (void)ua, (void)ub;                                                      \
      return (int)(expression);                                                                    \
    });                                                                                            \
  }

#define __DRAWBRIDGE_ABS(v) ((v) < 0 ? -(v) : (v))

__DRAWBRIDGE_SIMD_UNARY(__vabs, __DRAWBRIDGE_ABS(sa))
__DRAWBRIDGE_SIMD_UNARY(__vabsss, __drawbridge_simd_clamp_s<L>(__DRAWBRIDGE_ABS(sa)))
__DRAWBRIDGE_SIMD_UNARY(__vneg, -sa)
__DRAWBRIDGE_SIMD_UNARY(__vnegss, __drawbridge_simd_clamp_s<L>(-sa))
__DRAWBRIDGE_SIMD_BINARY(__vabsdiffs, __DRAWBRIDGE_ABS(sa - sb))
__DRAWBRIDGE_SIMD_BINARY(__vabsdiffu, __DRAWBRIDGE_ABS((int)ua - (int)ub))
__DRAWBRIDGE_SIMD_BINARY(__vadd, ua + ub)
__DRAWBRIDGE_SIMD_BINARY(__vaddss, __drawbridge_simd_clamp_s<L>(sa + sb))
__DRAWBRIDGE_SIMD_BINARY(__vaddus, __drawbridge_simd_clamp_u<L>((int)(ua + ub)))
__DRAWBRIDGE_SIMD_BINARY(__vsub, ua - ub)
__DRAWBRIDGE_SIMD_BINARY(__vsubss, __drawbridge_simd_clamp_s<L>(sa - sb))
__DRAWBRIDGE_SIMD_BINARY(__vsubus, __drawbridge_simd_clamp_u<L>((int)ua - (int)ub))
__DRAWBRIDGE_SIMD_BINARY(__vavgs, (sa + sb + 1) >> 1)
__DRAWBRIDGE_SIMD_BINARY(__vavgu, (ua + ub + 1) >> 1)
__DRAWBRIDGE_SIMD_BINARY(__vhaddu, (ua + ub) >> 1)
__DRAWBRIDGE_SIMD_BINARY(__vmaxs, sa > sb ? sa : sb)
__DRAWBRIDGE_SIMD_BINARY(__vmaxu, ua > ub ? ua : ub)
__DRAWBRIDGE_SIMD_BINARY(__vmins, sa < sb ? sa : sb)
__DRAWBRIDGE_SIMD_BINARY(__vminu, ua < ub ? ua : ub)
__DRAWBRIDGE_SIMD_BINARY(__vcmpeq, ua == ub ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpne, ua != ub ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpges, sa >= sb ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpgeu, ua >= ub ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpgts, sa > sb ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpgtu, ua > ub ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmples, sa <= sb ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpleu, ua <= ub ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmplts, sa < sb ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vcmpltu, ua < ub ? -1 : 0)
__DRAWBRIDGE_SIMD_BINARY(__vseteq, ua == ub)
__DRAWBRIDGE_SIMD_BINARY(__vsetne, ua != ub)
__DRAWBRIDGE_SIMD_BINARY(__vsetges, sa >= sb)
__DRAWBRIDGE_SIMD_BINARY(__vsetgeu, ua >= ub)
__DRAWBRIDGE_SIMD_BINARY(__vsetgts, sa > sb)
__DRAWBRIDGE_SIMD_BINARY(__vsetgtu, ua > ub)
__DRAWBRIDGE_SIMD_BINARY(__vsetles, sa <= sb)
__DRAWBRIDGE_SIMD_BINARY(__vsetleu, ua <= ub)
__DRAWBRIDGE_SIMD_BINARY(__vsetlts, sa < sb)
__DRAWBRIDGE_SIMD_BINARY(__vsetltu, ua < ub)
__DRAWBRIDGE_SIMD_SUM(__vsads, __DRAWBRIDGE_ABS(sa - sb))
__DRAWBRIDGE_SIMD_SUM(__vsadu, __DRAWBRIDGE_ABS((int)ua - (int)ub))

#undef __DRAWBRIDGE_ABS
#undef __DRAWBRIDGE_SIMD_BINARY
#undef __DRAWBRIDGE_SIMD_UNARY
#undef __DRAWBRIDGE_SIMD_SUM

#endif /* __cplusplus */
#endif /* __DRAWBRIDGE_DEVICE_SIMD_INTRINSICS_H__ */
