// Where NVIDIA's nvcc is installed, host code built by each toolchain computes the same bits
// for every conversion, comparison and arithmetic function that NVIDIA's headers let host code
// call: one hash per group of functions over millions of inputs (strides through all floats,
// the neighbours of every half and bfloat16 value and of every midpoint, random doubles and
// integers, random and special pairs), and the two outputs must be identical. Two documented
// differences are left out: NVIDIA's host __hmax_nan/__hmin_nan on bfloat16 zeros of opposite
// signs return the first operand where its documentation (and Drawbridge) say +0 > -0, and
// its host double-to-fp8 conversion turns NaN into various NaN encodings where Drawbridge
// gives the canonical 0x7f.
// REQUIRES: nvidia-nvcc
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -O2 %s -o db && ./db > db.txt
// RUN: /usr/local/cuda/bin/nvcc -O2 %s -o nv && ./nv > nv.txt
// RUN: diff nv.txt db.txt
// RUN: FileCheck %s < db.txt
// CHECK: float2half modes
// CHECK: fp8x2/x4
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

// FNV-1a over everything a group computes.
static uint64_t H;
static void mix(uint64_t v) {
  H ^= v;
  H *= 0x100000001b3ull;
}
static unsigned short hb(__half h) {
  unsigned short u;
  memcpy(&u, &h, 2);
  return u;
}
static unsigned short bb(__nv_bfloat16 h) {
  unsigned short u;
  memcpy(&u, &h, 2);
  return u;
}
static unsigned fb(float f) {
  unsigned u;
  memcpy(&u, &f, 4);
  return u;
}
static float bf(unsigned u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static double bd(uint64_t u) {
  double f;
  memcpy(&f, &u, 8);
  return f;
}
static uint64_t rs = 88172645463325252ull;
static uint64_t rnd() {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return rs;
}
#define GROUP(name)                                                                                \
  for (bool _once = (H = 1469598103934665603ull, true); _once;                                     \
       _once = false, printf("%-28s %016llx\n", name, (unsigned long long)H))
int main() {
  std::vector<float> fl;
  for (uint64_t u = 0; u < (1ull << 32); u += 4099)
    fl.push_back(bf((unsigned)u));
  for (unsigned h = 0; h < 65536; ++h) {
    float f = __half2float(__ushort_as_half(h));
    unsigned u = fb(f);
    for (int d = -3; d <= 3; ++d)
      fl.push_back(bf(u + d));
    float g = __half2float(__ushort_as_half(h + 1));
    float mid = (f + g) / 2; // exact midpoint in float
    unsigned m = fb(mid);
    for (int d = -2; d <= 2; ++d)
      fl.push_back(bf(m + d));
  }
  for (unsigned b = 0; b < 65536; ++b) {
    unsigned u = b << 16;
    for (int d = -2; d <= 2; ++d)
      fl.push_back(bf(u + d));
    fl.push_back(bf(u + 0x8000));
    fl.push_back(bf(u + 0x8001));
    fl.push_back(bf(u + 0x7fff));
  }
  GROUP("float2half modes") for (float f : fl) {
    mix(hb(__float2half_rn(f)));
    mix(hb(__float2half_rz(f)));
    mix(hb(__float2half_ru(f)));
    mix(hb(__float2half_rd(f)));
    mix(hb(__float2half(f)));
  }
  GROUP("float2bf16 modes") for (float f : fl) {
    mix(bb(__float2bfloat16_rn(f)));
    mix(bb(__float2bfloat16_rz(f)));
    mix(bb(__float2bfloat16_ru(f)));
    mix(bb(__float2bfloat16_rd(f)));
    mix(bb(__float2bfloat16(f)));
  }
  std::vector<double> dl;
  for (int i = 0; i < 1000000; ++i)
    dl.push_back(bd(rnd()));
  for (float f : fl) {
    double d = f;
    uint64_t u;
    memcpy(&u, &d, 8);
    dl.push_back(d);
    dl.push_back(bd(u + 1));
    dl.push_back(bd(u - 1));
  }
  GROUP("double2half/bf16") for (double d : dl) {
    mix(hb(__double2half(d)));
    mix(bb(__double2bfloat16(d)));
  }
  GROUP("half2float all")
  for (unsigned h = 0; h < 65536; ++h) mix(fb(__half2float(__ushort_as_half(h))));
  GROUP("bf162float all")
  for (unsigned h = 0; h < 65536; ++h) mix(fb(__bfloat162float(__ushort_as_bfloat16(h))));
  std::vector<long long> il;
  for (int i = -70000; i <= 70000; ++i)
    il.push_back(i);
  for (int s = 0; s < 64; ++s)
    for (int d = -3; d <= 3; ++d) {
      il.push_back((long long)((1ull << s) + d));
      il.push_back((long long)(d - (1ull << s)));
      il.push_back((long long)((3ull << s >> 1) + d));
    }
  for (int i = 0; i < 200000; ++i) {
    long long v = (long long)rnd();
    il.push_back(v >> (rnd() % 64));
  }
  GROUP("int2half") for (long long v : il) {
    int i = (int)v;
    unsigned u = (unsigned)v;
    short s = (short)v;
    unsigned short us = (unsigned short)v;
    mix(hb(__int2half_rn(i)));
    mix(hb(__int2half_rz(i)));
    mix(hb(__int2half_ru(i)));
    mix(hb(__int2half_rd(i)));
    mix(hb(__uint2half_rn(u)));
    mix(hb(__uint2half_rz(u)));
    mix(hb(__uint2half_ru(u)));
    mix(hb(__uint2half_rd(u)));
    mix(hb(__short2half_rn(s)));
    mix(hb(__short2half_rz(s)));
    mix(hb(__short2half_ru(s)));
    mix(hb(__short2half_rd(s)));
    mix(hb(__ushort2half_rn(us)));
    mix(hb(__ushort2half_rz(us)));
    mix(hb(__ushort2half_ru(us)));
    mix(hb(__ushort2half_rd(us)));
    mix(hb(__ll2half_rn(v)));
    mix(hb(__ll2half_rz(v)));
    mix(hb(__ll2half_ru(v)));
    mix(hb(__ll2half_rd(v)));
    mix(hb(__ull2half_rn(v)));
    mix(hb(__ull2half_rz(v)));
    mix(hb(__ull2half_ru(v)));
    mix(hb(__ull2half_rd(v)));
  }
  GROUP("int2bf16") for (long long v : il) {
    int i = (int)v;
    unsigned u = (unsigned)v;
    short s = (short)v;
    unsigned short us = (unsigned short)v;
    mix(bb(__int2bfloat16_rn(i)));
    mix(bb(__uint2bfloat16_rn(u)));
    mix(bb(__short2bfloat16_rn(s)));
    mix(bb(__ushort2bfloat16_rn(us)));
    mix(bb(__ll2bfloat16_rn(v)));
    mix(bb(__ull2bfloat16_rn(v)));
  }
  GROUP("half2int rz") for (unsigned h = 0; h < 65536; ++h) {
    __half x = __ushort_as_half(h);
    mix(__half2int_rz(x));
    mix(__half2uint_rz(x));
    mix(__half2short_rz(x));
    mix(__half2ushort_rz(x));
    mix(__half2ll_rz(x));
    mix(__half2ull_rz(x));
    mix(__half2char_rz(x));
    mix(__half2uchar_rz(x));
    mix((int)x);
    mix((unsigned)x);
    mix((long long)x);
    mix((unsigned long long)x);
    mix((short)x);
    mix((unsigned short)x);
    mix((signed char)x);
    mix((unsigned char)x);
    mix((bool)x);
    mix((long)x);
    mix((unsigned long)x);
  }
  GROUP("bf162int rz") for (unsigned h = 0; h < 65536; ++h) {
    __nv_bfloat16 x = __ushort_as_bfloat16(h);
    mix(__bfloat162int_rz(x));
    mix(__bfloat162uint_rz(x));
    mix(__bfloat162short_rz(x));
    mix(__bfloat162ushort_rz(x));
    mix(__bfloat162ll_rz(x));
    mix(__bfloat162ull_rz(x));
    mix(__bfloat162char_rz(x));
    mix(__bfloat162uchar_rz(x));
    mix((int)x);
    mix((unsigned)x);
    mix((long long)x);
    mix((unsigned long long)x);
    mix((short)x);
    mix((unsigned short)x);
    mix((signed char)x);
    mix((unsigned char)x);
    mix((bool)x);
  }
  // binary ops on random pairs + specials
  std::vector<unsigned short> sp = {0,      0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x7fff,
                                    0x3c00, 0xbc00, 0x0001, 0x8001, 0x03ff, 0x7bff, 0xfbff,
                                    0x3800, 0x4000, 0x7f80, 0xff80, 0x7f7f, 0x3f80, 0x0080};
  std::vector<std::pair<unsigned short, unsigned short>> pr;
  for (auto a : sp)
    for (auto b : sp)
      pr.push_back({a, b});
  for (int i = 0; i < 1000000; ++i) {
    uint64_t r = rnd();
    pr.push_back({(unsigned short)r, (unsigned short)(r >> 16)});
  }
  for (int i = 0; i < 300000; ++i) {
    uint64_t r = rnd();
    unsigned short a = (unsigned short)r;
    pr.push_back({a, (unsigned short)(a + ((r >> 16) & 0xff) - 128)});
    pr.push_back({a, (unsigned short)((a ^ 0x8000) + ((r >> 24) & 0xf) - 8)});
  }
  GROUP("half arith") for (auto &p : pr) {
    __half a = __ushort_as_half(p.first), b = __ushort_as_half(p.second);
    mix(hb(__hadd(a, b)));
    mix(hb(__hsub(a, b)));
    mix(hb(__hmul(a, b)));
    mix(hb(__hdiv(a, b)));
    mix(hb(__hadd_sat(a, b)));
    mix(hb(__hsub_sat(a, b)));
    mix(hb(__hmul_sat(a, b)));
    mix(hb(__hadd_rn(a, b)));
    mix(hb(__hmul_rn(a, b)));
    mix(hb(__hsub_rn(a, b)));
    mix(hb(a + b));
    mix(hb(a - b));
    mix(hb(a * b));
    mix(hb(a / b));
  }
  GROUP("half cmp/minmax") for (auto &p : pr) {
    __half a = __ushort_as_half(p.first), b = __ushort_as_half(p.second);
    mix(__heq(a, b));
    mix(__hne(a, b));
    mix(__hlt(a, b));
    mix(__hle(a, b));
    mix(__hgt(a, b));
    mix(__hge(a, b));
    mix(__hequ(a, b));
    mix(__hneu(a, b));
    mix(__hltu(a, b));
    mix(__hleu(a, b));
    mix(__hgtu(a, b));
    mix(__hgeu(a, b));
    mix(a == b);
    mix(a != b);
    mix(a < b);
    mix(a <= b);
    mix(a > b);
    mix(a >= b);
    mix(hb(__hmax(a, b)));
    mix(hb(__hmin(a, b)));
    mix(hb(__hmax_nan(a, b)));
    mix(hb(__hmin_nan(a, b)));
    mix(hb(__hneg(a)));
    mix(hb(__habs(a)));
    mix(__hisnan(a));
    mix(__hisinf(a));
    mix(hb(-a));
    __half2 x = __halves2half2(a, b), y = __halves2half2(b, a);
    mix(__heq2_mask(x, y));
    mix(__hlt2_mask(x, y));
    mix(__hgeu2_mask(x, y));
    mix(__hbeq2(x, y));
    mix(__hbltu2(x, y));
    mix(__hble2(x, y));
    mix(__half_as_ushort(__hlt2(x, y).x));
    mix(__half_as_ushort(__hisnan2(x).y));
    mix(x == y);
    mix(x != y);
    mix(x < y);
    __half2 s = __hadd2(x, y), m = __hmul2(x, y), mx = __hmax2(x, y);
    mix(hb(s.x));
    mix(hb(s.y));
    mix(hb(m.x));
    mix(hb(m.y));
    mix(hb(mx.x));
    mix(hb(mx.y));
    mix(hb(__h2div(x, y).y));
    mix(hb(__hsub2_sat(x, y).x));
    mix(hb(__hneg2(x).y));
    mix(hb(__habs2(x).y));
    mix(hb(__hmin2_nan(x, y).x));
  }
  GROUP("bf16 arith") for (auto &p : pr) {
    __nv_bfloat16 a = __ushort_as_bfloat16(p.first), b = __ushort_as_bfloat16(p.second);
    mix(bb(__hadd(a, b)));
    mix(bb(__hsub(a, b)));
    mix(bb(__hmul(a, b)));
    mix(bb(__hdiv(a, b)));
    mix(bb(__hadd_sat(a, b)));
    mix(bb(__hmul_rn(a, b)));
    mix(bb(a + b));
    mix(bb(a - b));
    mix(bb(a * b));
    mix(bb(a / b));
  }
  GROUP("bf16 cmp/minmax") for (auto &p : pr) {
    __nv_bfloat16 a = __ushort_as_bfloat16(p.first), b = __ushort_as_bfloat16(p.second);
    mix(__heq(a, b));
    mix(__hne(a, b));
    mix(__hlt(a, b));
    mix(__hle(a, b));
    mix(__hgt(a, b));
    mix(__hge(a, b));
    mix(__hequ(a, b));
    mix(__hneu(a, b));
    mix(__hltu(a, b));
    mix(__hleu(a, b));
    mix(__hgtu(a, b));
    mix(__hgeu(a, b));
    mix(a == b);
    mix(a != b);
    mix(a < b);
    mix(a <= b);
    mix(a > b);
    mix(a >= b);
    mix(bb(__hmax(a, b)));
    mix(bb(__hmin(a, b)));
    if ((p.first | p.second) & 0x7fff) {
      mix(bb(__hmax_nan(a, b)));
      mix(bb(__hmin_nan(a, b)));
    }
    mix(bb(__hneg(a)));
    mix(bb(__habs(a)));
    mix(__hisnan(a));
    mix(__hisinf(a));
    mix(bb(-a));
  }
  GROUP("half<->bf16") for (unsigned h = 0; h < 65536; ++h) {
    mix(bb(__nv_bfloat16(__ushort_as_half(h))));
    mix(hb(__half(__ushort_as_bfloat16(h))));
  }
  GROUP("fp8 from float") for (float f : fl) for (int s = 0; s < 2; ++s) {
    mix(__nv_cvt_float_to_fp8(f, (__nv_saturation_t)s, __NV_E4M3));
    mix(__nv_cvt_float_to_fp8(f, (__nv_saturation_t)s, __NV_E5M2));
  }
  GROUP("fp8 from double") for (double d : dl) if (d == d) for (int s = 0; s < 2; ++s) {
    mix(__nv_cvt_double_to_fp8(d, (__nv_saturation_t)s, __NV_E4M3));
    mix(__nv_cvt_double_to_fp8(d, (__nv_saturation_t)s, __NV_E5M2));
  }
  GROUP("fp8 from half/bf16") for (unsigned h = 0; h < 65536; ++h) for (int s = 0; s < 2; ++s) {
    __half_raw r;
    r.x = h;
    __nv_bfloat16_raw q;
    q.x = h;
    mix(__nv_cvt_halfraw_to_fp8(r, (__nv_saturation_t)s, __NV_E4M3));
    mix(__nv_cvt_halfraw_to_fp8(r, (__nv_saturation_t)s, __NV_E5M2));
    mix(__nv_cvt_bfloat16raw_to_fp8(q, (__nv_saturation_t)s, __NV_E4M3));
    mix(__nv_cvt_bfloat16raw_to_fp8(q, (__nv_saturation_t)s, __NV_E5M2));
  }
  GROUP("fp8 to half all") for (unsigned x = 0; x < 256; ++x) {
    mix(__nv_cvt_fp8_to_halfraw(x, __NV_E4M3).x);
    mix(__nv_cvt_fp8_to_halfraw(x, __NV_E5M2).x);
    mix(__nv_cvt_e8m0_to_bf16raw(x).x);
  }
  GROUP("fp8 struct ops") for (unsigned x = 0; x < 256; ++x) {
    __nv_fp8_e4m3 a;
    a.__x = x;
    __nv_fp8_e5m2 b;
    b.__x = x;
    __nv_fp8_e8m0 c;
    c.__x = x;
    mix(fb((float)a));
    mix(fb((float)b));
    mix(fb((float)c));
    mix(hb((__half)a));
    mix(hb((__half)b));
    mix(hb((__half)c));
    mix(bb((__nv_bfloat16)a));
    mix(bb((__nv_bfloat16)b));
    mix(bb((__nv_bfloat16)c));
    mix((int)a);
    mix((int)b);
    mix((int)c);
    mix((unsigned)a);
    mix((unsigned)b);
    mix((unsigned)c);
    mix((long long)a);
    mix((long long)b);
    mix((long long)c);
    mix((unsigned long long)a);
    mix((unsigned long long)b);
    mix((unsigned long long)c);
    mix((short)a);
    mix((short)b);
    mix((short)c);
    mix((unsigned short)a);
    mix((unsigned short)b);
    mix((unsigned short)c);
    mix((signed char)a);
    mix((signed char)b);
    mix((signed char)c);
    mix((unsigned char)a);
    mix((unsigned char)b);
    mix((unsigned char)c);
    mix((bool)a);
    mix((bool)b);
    mix((bool)c);
    mix((char)a);
    mix((char)b);
    mix((char)c);
  }
  GROUP("e8m0 from float") for (float f : fl) for (int s = 0; s < 2; ++s) {
    mix(__nv_cvt_float_to_e8m0(f, (__nv_saturation_t)s, cudaRoundZero));
    mix(__nv_cvt_float_to_e8m0(f, (__nv_saturation_t)s, cudaRoundPosInf));
  }
  GROUP("e8m0 from double") for (double d : dl) for (int s = 0; s < 2; ++s) {
    mix(__nv_cvt_double_to_e8m0(d, (__nv_saturation_t)s, cudaRoundZero));
    mix(__nv_cvt_double_to_e8m0(d, (__nv_saturation_t)s, cudaRoundPosInf));
  }
  GROUP("e8m0 ctors") for (long long v : il) {
    mix(__nv_fp8_e8m0((int)v).__x);
    mix(__nv_fp8_e8m0((unsigned)v).__x);
    mix(__nv_fp8_e8m0((short)v).__x);
    mix(__nv_fp8_e8m0((unsigned short)v).__x);
    mix(__nv_fp8_e8m0((float)v).__x);
    mix(__nv_fp8_e8m0(__half((float)v)).__x);
    mix(__nv_fp8_e8m0(v).__x);
    mix(__nv_fp8_e8m0((unsigned long long)v).__x);
  }
  GROUP("fp8 int ctors") for (long long v : il) {
    mix(__nv_fp8_e4m3((int)v).__x);
    mix(__nv_fp8_e5m2(v).__x);
    mix(__nv_fp8_e4m3((unsigned long long)v).__x);
    mix(__nv_fp8_e5m2((short)v).__x);
  }
  GROUP("fp8x2/x4") for (size_t i = 0; i + 4 < fl.size(); i += 7) {
    float4 q = make_float4(fl[i], fl[i + 1], fl[i + 2], fl[i + 3]);
    mix(__nv_fp8x4_e4m3(q).__x);
    mix(__nv_fp8x4_e5m2(q).__x);
    mix(__nv_fp8x4_e8m0(q).__x);
    float4 r = (float4)__nv_fp8x4_e4m3(q);
    mix(fb(r.x) ^ fb(r.w));
    float4 r2 = (float4)__nv_fp8x4_e8m0(q);
    mix(fb(r2.y) + fb(r2.z));
    __half2 h2 = __floats2half2_rn(fl[i], fl[i + 1]);
    mix(__nv_fp8x2_e4m3(h2).__x);
    mix(__nv_fp8x2_e8m0(h2).__x);
    __half2 b2 = (__half2)__nv_fp8x2_e5m2(h2);
    mix(hb(b2.x));
    mix(hb(b2.y));
  }
  return 0;
}
