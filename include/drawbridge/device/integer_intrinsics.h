/* drawbridge/device/integer_intrinsics.h - CUDA's integer intrinsics.
 *
 * Part of Drawbridge, a clean-room CUDA toolchain. Written with target-neutral clang
 * builtins and plain arithmetic, following the CUDA Math API's definitions (e.g. __clz(0) is
 * 32, __ffs counts from 1, __byte_perm uses selector bits 2:0 of each nibble), so that every
 * target computes the same result.
 */
#ifndef __DRAWBRIDGE_DEVICE_INTEGER_INTRINSICS_H__
#define __DRAWBRIDGE_DEVICE_INTEGER_INTRINSICS_H__

#include "common.h"

#include "../../vector_types.h"

__DRAWBRIDGE_DEVICE int __popc(unsigned int x) { return __builtin_popcount(x); }
__DRAWBRIDGE_DEVICE int __popcll(unsigned long long int x) { return __builtin_popcountll(x); }
__DRAWBRIDGE_DEVICE int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
__DRAWBRIDGE_DEVICE int __clzll(long long int x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
__DRAWBRIDGE_DEVICE int __ffs(int x) { return __builtin_ffs(x); }
__DRAWBRIDGE_DEVICE int __ffsll(long long int x) { return __builtin_ffsll(x); }
__DRAWBRIDGE_DEVICE unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__DRAWBRIDGE_DEVICE unsigned long long int __brevll(unsigned long long int x) {
  return __builtin_bitreverse64(x);
}

/* The bit position of the offset-th set bit of mask counting from base (upward for a positive
 * offset, downward for a negative one, base itself for 0), or 0xffffffff, as PTX's fns. */
__DRAWBRIDGE_DEVICE unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
  if (offset == 0)
    return ((mask >> (base & 31)) & 1u) ? base : 0xffffffffu;
  int step = offset > 0 ? 1 : -1, remaining = offset > 0 ? offset : -offset;
  for (int position = (int)base; position >= 0 && position < 32; position += step)
    if (((mask >> position) & 1u) && --remaining == 0)
      return (unsigned int)position;
  return 0xffffffffu;
}
/* Byte swaps, host and device. */
__DRAWBRIDGE_HOST_DEVICE unsigned short __nv_bswap16(unsigned short x) {
  return __builtin_bswap16(x);
}
__DRAWBRIDGE_HOST_DEVICE unsigned int __nv_bswap32(unsigned int x) { return __builtin_bswap32(x); }
__DRAWBRIDGE_HOST_DEVICE unsigned long long __nv_bswap64(unsigned long long x) {
  return __builtin_bswap64(x);
}
__DRAWBRIDGE_DEVICE unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long input = ((unsigned long long)y << 32) | x;
  unsigned int result = 0;
  for (int n = 0; n < 4; ++n) {
    unsigned int selector = (s >> (4 * n)) & 7u;
    result |= (unsigned int)((input >> (8 * selector)) & 0xffu) << (8 * n);
  }
  return result;
}

__DRAWBRIDGE_DEVICE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                                 unsigned int shift) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (shift & 31u)) >> 32);
}
__DRAWBRIDGE_DEVICE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                                  unsigned int shift) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)((v << (shift < 32u ? shift : 32u)) >> 32);
}
__DRAWBRIDGE_DEVICE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                                 unsigned int shift) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (shift & 31u));
}
__DRAWBRIDGE_DEVICE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                                  unsigned int shift) {
  unsigned long long v = ((unsigned long long)hi << 32) | lo;
  return (unsigned int)(v >> (shift < 32u ? shift : 32u));
}

__DRAWBRIDGE_DEVICE int __mul24(int x, int y) {
  return (int)((unsigned int)((x << 8) >> 8) * (unsigned int)((y << 8) >> 8));
}
__DRAWBRIDGE_DEVICE unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
__DRAWBRIDGE_DEVICE int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
__DRAWBRIDGE_DEVICE unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * y) >> 32);
}
__DRAWBRIDGE_DEVICE long long int __mul64hi(long long int x, long long int y) {
  return (long long int)(((__int128)x * y) >> 64);
}
__DRAWBRIDGE_DEVICE unsigned long long int __umul64hi(unsigned long long int x,
                                                      unsigned long long int y) {
  return (unsigned long long int)(((unsigned __int128)x * y) >> 64);
}

__DRAWBRIDGE_DEVICE unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x) + z;
}
__DRAWBRIDGE_DEVICE unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}
__DRAWBRIDGE_DEVICE int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
__DRAWBRIDGE_DEVICE int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
__DRAWBRIDGE_DEVICE unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
__DRAWBRIDGE_DEVICE unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 610
/* Four-way byte and two-way halfword dot products with accumulate (compute capability 6.1 on):
   signed forms on int/char4/short2, unsigned forms on unsigned/uchar4/ushort2. */
__DRAWBRIDGE_DEVICE int __dp4a(int a, int b, int c) {
  for (int i = 0; i < 4; ++i)
    c += (int)(signed char)(a >> (8 * i)) * (int)(signed char)(b >> (8 * i));
  return c;
}
__DRAWBRIDGE_DEVICE unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
  for (int i = 0; i < 4; ++i)
    c += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return c;
}
__DRAWBRIDGE_DEVICE int __dp4a(char4 a, char4 b, int c) {
  return c + a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
__DRAWBRIDGE_DEVICE unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c) {
  return c + (unsigned)a.x * b.x + (unsigned)a.y * b.y + (unsigned)a.z * b.z + (unsigned)a.w * b.w;
}
/* __dp2a_lo uses the low two bytes of b, __dp2a_hi the high two. */
__DRAWBRIDGE_DEVICE int __dp2a_lo(int a, int b, int c) {
  return c + (int)(short)a * (int)(signed char)b +
         (int)(short)(a >> 16) * (int)(signed char)(b >> 8);
}
__DRAWBRIDGE_DEVICE int __dp2a_hi(int a, int b, int c) {
  return c + (int)(short)a * (int)(signed char)(b >> 16) +
         (int)(short)(a >> 16) * (int)(signed char)(b >> 24);
}
__DRAWBRIDGE_DEVICE unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c) {
  return c + (a & 0xffffu) * (b & 0xffu) + (a >> 16) * ((b >> 8) & 0xffu);
}
__DRAWBRIDGE_DEVICE unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c) {
  return c + (a & 0xffffu) * ((b >> 16) & 0xffu) + (a >> 16) * (b >> 24);
}
__DRAWBRIDGE_DEVICE int __dp2a_lo(short2 a, char4 b, int c) { return c + a.x * b.x + a.y * b.y; }
__DRAWBRIDGE_DEVICE int __dp2a_hi(short2 a, char4 b, int c) { return c + a.x * b.z + a.y * b.w; }
__DRAWBRIDGE_DEVICE unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c) {
  return c + (unsigned)a.x * b.x + (unsigned)a.y * b.y;
}
__DRAWBRIDGE_DEVICE unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c) {
  return c + (unsigned)a.x * b.z + (unsigned)a.y * b.w;
}
#endif

#endif /* __DRAWBRIDGE_DEVICE_INTEGER_INTRINSICS_H__ */
