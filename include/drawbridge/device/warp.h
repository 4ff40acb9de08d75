/* drawbridge/device/warp.h - warp shuffles, votes, matches and reductions.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Each function maps to the NVVM builtin for
 * the corresponding PTX instruction, with the clamp and segment-mask operand that PTX
 * defines for `width`; 64-bit values travel as two 32-bit halves. The CPU back end gives the
 * builtins their exact PTX meaning, including out-of-range source lanes.
 */
#ifndef __DRAWBRIDGE_DEVICE_WARP_H__
#define __DRAWBRIDGE_DEVICE_WARP_H__

#include "common.h"

#define __DRAWBRIDGE_FULL_MASK 0xffffffffu

/* Operand c of shfl.sync: segment mask in bits 12:8, clamp lane in bits 4:0. */
__DRAWBRIDGE_DEVICE int __drawbridge_shfl_c(int width, int clamp) {
  return ((32 - width) << 8) | clamp;
}

#define __DRAWBRIDGE_SHUFFLES_32(type, builtin_suffix, as_bits, from_bits)                         \
  __DRAWBRIDGE_DEVICE type __shfl_sync(unsigned int mask, type var, int srcLane, int width = 32) { \
    return from_bits(__nvvm_shfl_sync_idx_##builtin_suffix(mask, as_bits(var), srcLane,            \
                                                           __drawbridge_shfl_c(width, 0x1f)));     \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE type __shfl_up_sync(unsigned int mask, type var, unsigned int delta,         \
                                          int width = 32) {                                        \
    return from_bits(__nvvm_shfl_sync_up_##builtin_suffix(mask, as_bits(var), delta,               \
                                                          __drawbridge_shfl_c(width, 0)));         \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE type __shfl_down_sync(unsigned int mask, type var, unsigned int delta,       \
                                            int width = 32) {                                      \
    return from_bits(__nvvm_shfl_sync_down_##builtin_suffix(mask, as_bits(var), delta,             \
                                                            __drawbridge_shfl_c(width, 0x1f)));    \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE type __shfl_xor_sync(unsigned int mask, type var, int laneMask,              \
                                           int width = 32) {                                       \
    return from_bits(__nvvm_shfl_sync_bfly_##builtin_suffix(mask, as_bits(var), laneMask,          \
                                                            __drawbridge_shfl_c(width, 0x1f)));    \
  }

#define __DRAWBRIDGE_SAME(x) (x)
#define __DRAWBRIDGE_AS_INT(x) ((int)(x))
#define __DRAWBRIDGE_AS_UINT(x) ((unsigned int)(x))
__DRAWBRIDGE_SHUFFLES_32(int, i32, __DRAWBRIDGE_SAME, __DRAWBRIDGE_SAME)
__DRAWBRIDGE_SHUFFLES_32(unsigned int, i32, __DRAWBRIDGE_AS_INT, __DRAWBRIDGE_AS_UINT)
__DRAWBRIDGE_SHUFFLES_32(float, f32, __DRAWBRIDGE_SAME, __DRAWBRIDGE_SAME)
#undef __DRAWBRIDGE_SHUFFLES_32

/* 64-bit types: both halves move with the same source lane. */
#define __DRAWBRIDGE_SHUFFLE_64(name, type, lane_type)                                             \
  __DRAWBRIDGE_DEVICE type name(unsigned int mask, type var, lane_type lane, int width = 32) {     \
    unsigned long long bits;                                                                       \
    __builtin_memcpy(&bits, &var, 8);                                                              \
    unsigned int lo = name(mask, (unsigned int)bits, lane, width);                                 \
    unsigned int hi = name(mask, (unsigned int)(bits >> 32), lane, width);                         \
    bits = ((unsigned long long)hi << 32) | lo;                                                    \
    __builtin_memcpy(&var, &bits, 8);                                                              \
    return var;                                                                                    \
  }
#define __DRAWBRIDGE_SHUFFLES_64(type)                                                             \
  __DRAWBRIDGE_SHUFFLE_64(__shfl_sync, type, int)                                                  \
  __DRAWBRIDGE_SHUFFLE_64(__shfl_up_sync, type, unsigned int)                                      \
  __DRAWBRIDGE_SHUFFLE_64(__shfl_down_sync, type, unsigned int)                                    \
  __DRAWBRIDGE_SHUFFLE_64(__shfl_xor_sync, type, int)
__DRAWBRIDGE_SHUFFLES_64(long long)
__DRAWBRIDGE_SHUFFLES_64(unsigned long long)
__DRAWBRIDGE_SHUFFLES_64(long)
__DRAWBRIDGE_SHUFFLES_64(unsigned long)
__DRAWBRIDGE_SHUFFLES_64(double)
#undef __DRAWBRIDGE_SHUFFLES_64
#undef __DRAWBRIDGE_SHUFFLE_64
#undef __DRAWBRIDGE_SAME
#undef __DRAWBRIDGE_AS_INT
#undef __DRAWBRIDGE_AS_UINT

__DRAWBRIDGE_DEVICE unsigned int __activemask(void) { return __nvvm_activemask(); }
__DRAWBRIDGE_DEVICE int __all_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_all_sync(mask, predicate != 0);
}
__DRAWBRIDGE_DEVICE int __any_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_any_sync(mask, predicate != 0);
}
__DRAWBRIDGE_DEVICE int __uni_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_uni_sync(mask, predicate != 0);
}
__DRAWBRIDGE_DEVICE unsigned int __ballot_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_ballot_sync(mask, predicate != 0);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
/* __match_any_sync / __match_all_sync on 32- and 64-bit values (compute capability 7.0 on). */
#define __DRAWBRIDGE_MATCH(type, bits, width)                                                      \
  __DRAWBRIDGE_DEVICE unsigned int __match_any_sync(unsigned int mask, type value) {               \
    bits v;                                                                                        \
    __builtin_memcpy(&v, &value, sizeof(v));                                                       \
    return __nvvm_match_any_sync_##width(mask, v);                                                 \
  }                                                                                                \
  __DRAWBRIDGE_DEVICE unsigned int __match_all_sync(unsigned int mask, type value, int *pred) {    \
    bits v;                                                                                        \
    __builtin_memcpy(&v, &value, sizeof(v));                                                       \
    return __nvvm_match_all_sync_##width##p(mask, v, pred);                                        \
  }
__DRAWBRIDGE_MATCH(int, unsigned int, i32)
__DRAWBRIDGE_MATCH(unsigned int, unsigned int, i32)
__DRAWBRIDGE_MATCH(float, unsigned int, i32)
__DRAWBRIDGE_MATCH(long, unsigned long long, i64)
__DRAWBRIDGE_MATCH(unsigned long, unsigned long long, i64)
__DRAWBRIDGE_MATCH(long long, unsigned long long, i64)
__DRAWBRIDGE_MATCH(unsigned long long, unsigned long long, i64)
__DRAWBRIDGE_MATCH(double, unsigned long long, i64)
#undef __DRAWBRIDGE_MATCH
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
/* Warp reductions (compute capability 8.0 on). */
__DRAWBRIDGE_DEVICE unsigned int __reduce_add_sync(unsigned int mask, unsigned int value) {
  return (unsigned int)__nvvm_redux_sync_add((int)value, mask);
}
__DRAWBRIDGE_DEVICE int __reduce_add_sync(unsigned int mask, int value) {
  return __nvvm_redux_sync_add(value, mask);
}
__DRAWBRIDGE_DEVICE unsigned int __reduce_min_sync(unsigned int mask, unsigned int value) {
  return (unsigned int)__nvvm_redux_sync_umin(value, mask);
}
__DRAWBRIDGE_DEVICE int __reduce_min_sync(unsigned int mask, int value) {
  return __nvvm_redux_sync_min(value, mask);
}
__DRAWBRIDGE_DEVICE unsigned int __reduce_max_sync(unsigned int mask, unsigned int value) {
  return (unsigned int)__nvvm_redux_sync_umax(value, mask);
}
__DRAWBRIDGE_DEVICE int __reduce_max_sync(unsigned int mask, int value) {
  return __nvvm_redux_sync_max(value, mask);
}
__DRAWBRIDGE_DEVICE unsigned int __reduce_and_sync(unsigned int mask, unsigned int value) {
  return (unsigned int)__nvvm_redux_sync_and((int)value, mask);
}
__DRAWBRIDGE_DEVICE unsigned int __reduce_or_sync(unsigned int mask, unsigned int value) {
  return (unsigned int)__nvvm_redux_sync_or((int)value, mask);
}
__DRAWBRIDGE_DEVICE unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value) {
  return (unsigned int)__nvvm_redux_sync_xor((int)value, mask);
}
#endif

#endif /* __DRAWBRIDGE_DEVICE_WARP_H__ */
