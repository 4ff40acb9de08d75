// cuda_fp8.h conversions against a reference written from the fp8 definitions
// (Inputs/small_float_reference.h), computed on the host and in a kernel, which must agree bit
// for bit:
// - all 256 e4m3 and e5m2 patterns widen exactly to half and float (e4m3 has no infinities;
//   its NaN is S.1111.111), all 256 e8m0 scales to bfloat16;
// - float, double, half and bfloat16 narrow to e4m3/e5m2 rounding to nearest even (ties at
//   every midpoint, double rounded once), with __NV_SATFINITE and __NV_NOSAT overflow
//   (e4m3 overflow is NaN, e5m2 infinity), NaN giving 0x7f;
// - e8m0 in cudaRoundZero and cudaRoundPosInf with both saturation modes;
// - the C++ types: constructors, conversion operators (integers truncate and clamp, NaN gives
//   0 or 0x8000000000000000), pairs and quads with the first element in the lowest byte;
// - the x2 conversion functions from float2, double2, half2 and bfloat162 and back to half2.
// RUN: %nvcc -O2 -arch=sm_89 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cuda_fp8.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#include "Inputs/small_float_reference.h"

static int failures = 0;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond) && ++failures <= 20) {                                                             \
      printf("FAIL line %d: ", __LINE__);                                                          \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)
#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      printf("CUDA error %s at line %d\n", cudaGetErrorString(e), __LINE__);                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static float bitsf(unsigned u) { float f; memcpy(&f, &u, 4); return f; }

// Everything computed from one float input: 4 fp8 narrowings, 4 e8m0 narrowings, the same
// from the value as a double, and the C++ constructors.
#define NOUT 14
__host__ __device__ void narrowAll(float f, unsigned char *o) {
  o[0] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E4M3);
  o[1] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E4M3);
  o[2] = __nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E5M2);
  o[3] = __nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E5M2);
  o[4] = __nv_cvt_float_to_e8m0(f, __NV_NOSAT, cudaRoundZero);
  o[5] = __nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundZero);
  o[6] = __nv_cvt_float_to_e8m0(f, __NV_NOSAT, cudaRoundPosInf);
  o[7] = __nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf);
  o[8] = __nv_cvt_double_to_fp8((double)f, __NV_NOSAT, __NV_E4M3);
  o[9] = __nv_cvt_double_to_fp8((double)f, __NV_SATFINITE, __NV_E5M2);
  o[10] = __nv_cvt_double_to_e8m0((double)f, __NV_SATFINITE, cudaRoundPosInf);
  o[11] = __nv_fp8_e4m3(f).__x;
  o[12] = __nv_fp8_e5m2(f).__x;
  o[13] = __nv_fp8_e8m0(f).__x;
}
__global__ void narrowKernel(const float *in, int n, unsigned char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) narrowAll(in[i], out + NOUT * i);
}

// Everything computed from one 8-bit pattern.
struct Widened {
  unsigned short halfE4, halfE5, bf16E8;
  float floatE4, floatE5, floatE8;
  long long ints[3][6]; // int, unsigned, long long, unsigned long long, short, signed char
  bool truth[3];
  unsigned short bfE4, halfE8;
};
__host__ __device__ void widenAll(unsigned x, Widened *w) {
  w->halfE4 = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)x, __NV_E4M3).x;
  w->halfE5 = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)x, __NV_E5M2).x;
  w->bf16E8 = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)x).x;
  __nv_fp8_e4m3 a;
  __nv_fp8_e5m2 b;
  __nv_fp8_e8m0 c;
  a.__x = b.__x = c.__x = (__nv_fp8_storage_t)x;
  w->floatE4 = (float)a;
  w->floatE5 = (float)b;
  w->floatE8 = (float)c;
  w->ints[0][0] = (int)a; w->ints[0][1] = (unsigned)a; w->ints[0][2] = (long long)a;
  w->ints[0][3] = (long long)(unsigned long long)a; w->ints[0][4] = (short)a; w->ints[0][5] = (signed char)a;
  w->ints[1][0] = (int)b; w->ints[1][1] = (unsigned)b; w->ints[1][2] = (long long)b;
  w->ints[1][3] = (long long)(unsigned long long)b; w->ints[1][4] = (short)b; w->ints[1][5] = (signed char)b;
  w->ints[2][0] = (int)c; w->ints[2][1] = (unsigned)c; w->ints[2][2] = (long long)c;
  w->ints[2][3] = (long long)(unsigned long long)c; w->ints[2][4] = (short)c; w->ints[2][5] = (signed char)c;
  w->truth[0] = (bool)a; w->truth[1] = (bool)b; w->truth[2] = (bool)c;
  w->bfE4 = __bfloat16_as_ushort((__nv_bfloat16)a);
  w->halfE8 = __half_as_ushort((__half)c);
}
__global__ void widenKernel(Widened *out) { widenAll(threadIdx.x, out + threadIdx.x); }

// Half and bfloat16 patterns narrowed to fp8.
__global__ void narrow16Kernel(unsigned char *out) {
  unsigned c = blockIdx.x * blockDim.x + threadIdx.x;
  __half_raw h;
  h.x = (unsigned short)c;
  __nv_bfloat16_raw b;
  b.x = (unsigned short)c;
  out[6 * c + 0] = __nv_cvt_halfraw_to_fp8(h, __NV_SATFINITE, __NV_E4M3);
  out[6 * c + 1] = __nv_cvt_halfraw_to_fp8(h, __NV_NOSAT, __NV_E5M2);
  out[6 * c + 2] = __nv_cvt_bfloat16raw_to_fp8(b, __NV_NOSAT, __NV_E4M3);
  out[6 * c + 3] = __nv_cvt_bfloat16raw_to_fp8(b, __NV_SATFINITE, __NV_E5M2);
  out[6 * c + 4] = __nv_cvt_bfloat16raw_to_e8m0(b, __NV_NOSAT, cudaRoundPosInf);
  out[6 * c + 5] = __nv_fp8_e4m3(__half(h)).__x;
}

// e8m0 reference: the magnitude's power of two, toward zero or up, clipped below at 2^-127.
static unsigned refE8m0(long double x, bool up, bool satfinite) {
  if (x != x) return 0xff;
  long double a = fabsl(x);
  if (std::isinf(a)) return satfinite ? 0xfe : 0xff;
  if (a == 0) return 0;
  int e;
  long double m = frexpl(a, &e); // a = m * 2^e, m in [0.5, 1)
  int p = e - 1;                  // 2^p <= a < 2^(p+1)
  if (up && m != 0.5L) ++p;
  if (p < -127) return 0;
  if (p > 127) return satfinite ? 0xfe : 0xff;
  return (unsigned)(p + 127);
}

int main() {
  RefFormat e4m3(4, 3, false), e5m2(5, 2, true);

  // Widening: all 256 patterns.
  std::vector<Widened> dev(256);
  Widened *dWide;
  CHECK_CUDA(cudaMalloc(&dWide, 256 * sizeof(Widened)));
  widenKernel<<<1, 256>>>(dWide);
  CHECK_CUDA(cudaMemcpy(dev.data(), dWide, 256 * sizeof(Widened), cudaMemcpyDeviceToHost));
  for (unsigned x = 0; x < 256; ++x) {
    Widened w;
    widenAll(x, &w);
    const Widened &d = dev[x];
    bool same = w.halfE4 == d.halfE4 && w.halfE5 == d.halfE5 && w.bf16E8 == d.bf16E8 &&
                fbits(w.floatE4) == fbits(d.floatE4) && fbits(w.floatE5) == fbits(d.floatE5) &&
                fbits(w.floatE8) == fbits(d.floatE8) && w.bfE4 == d.bfE4 && w.halfE8 == d.halfE8 &&
                memcmp(w.ints, d.ints, sizeof(w.ints)) == 0;
    for (int k = 0; k < 3; ++k) same = same && w.truth[k] == d.truth[k];
    EXPECT(same, "widen %02x: host and device differ", x);
    const RefFormat *refs[2] = {&e4m3, &e5m2};
    unsigned short halves[2] = {w.halfE4, w.halfE5};
    float floats[2] = {w.floatE4, w.floatE5};
    for (int k = 0; k < 2; ++k) {
      long double v;
      if (refs[k]->decode(x, &v)) {
        float h = __half2float(__ushort_as_half(halves[k]));
        EXPECT((long double)h == v && std::signbit(h) == std::signbit(v), "kind %d %02x -> half %04x, want %La", k, x, halves[k], v);
        EXPECT((long double)floats[k] == v, "kind %d %02x -> float %a", k, x, floats[k]);
        // Integer operators: truncate, clamp.
        long double t = truncl(v);
        EXPECT(w.ints[k][0] == (long long)t && w.ints[k][2] == (long long)t, "kind %d %02x int", k, x);
        EXPECT(w.ints[k][1] == (long long)(t < 0 ? 0 : t), "kind %d %02x unsigned", k, x);
        EXPECT(w.ints[k][4] == (long long)(t > 32767 ? 32767 : t < -32768 ? -32768 : t), "kind %d %02x short", k, x);
        EXPECT(w.ints[k][5] == (long long)(t > 127 ? 127 : t < -128 ? -128 : t), "kind %d %02x schar", k, x);
        EXPECT(w.truth[k] == (v != 0), "kind %d %02x bool", k, x);
      } else if (refs[k]->isNan(x)) {
        EXPECT(halves[k] == 0x7fff && floats[k] != floats[k], "kind %d %02x NaN -> %04x", k, x, halves[k]);
        EXPECT(w.ints[k][0] == 0 && w.ints[k][1] == 0 && w.ints[k][2] == LLONG_MIN &&
                   w.ints[k][3] == LLONG_MIN && w.ints[k][4] == 0 && w.ints[k][5] == 0 && w.truth[k],
               "kind %d %02x NaN integer conversions", k, x);
      } else {
        EXPECT(k == 1 && halves[k] == ((x & 0x80) ? 0xfc00 : 0x7c00), "kind %d %02x infinity -> %04x", k, x, halves[k]);
      }
    }
    EXPECT(w.bfE4 == __bfloat16_as_ushort(__float2bfloat16(w.floatE4)), "e4m3 %02x to bfloat16", x);
    // e8m0: 2^(x-127), 0xff NaN.
    if (x == 0xff) {
      EXPECT(w.bf16E8 == 0x7fff && w.floatE8 != w.floatE8 && w.ints[2][0] == 0 && w.ints[2][2] == LLONG_MIN,
             "e8m0 NaN");
    } else {
      long double v = ldexpl(1.0L, (int)x - 127);
      EXPECT((long double)w.floatE8 == v, "e8m0 %02x -> %a", x, w.floatE8);
      EXPECT((long double)__bfloat162float(__ushort_as_bfloat16(w.bf16E8)) == v, "e8m0 %02x -> bf16 %04x", x, w.bf16E8);
      EXPECT(w.ints[2][0] == (long long)(v >= 2147483647.0L ? 2147483647.0L : truncl(v)), "e8m0 %02x int %lld", x, w.ints[2][0]);
      EXPECT(w.ints[2][2] == (long long)(v >= 9223372036854775807.0L ? 9223372036854775807.0L : truncl(v)), "e8m0 %02x ll", x);
      EXPECT(w.halfE8 == __half_as_ushort(__float2half(w.floatE8)), "e8m0 %02x half", x);
    }
    EXPECT(w.truth[2], "e8m0 bool");
  }

  // Narrowing floats: every half value (a grid finer than fp8's, so it holds all fp8 values and
  // their midpoints), neighbours of the fp8 midpoints, powers of two and their neighbours.
  std::vector<float> in;
  for (unsigned c = 0; c < 65536; ++c) in.push_back(__half2float(__ushort_as_half((unsigned short)c)));
  for (unsigned x = 0; x < 127; ++x) {
    long double v, w;
    if (e4m3.decode(x, &v) && e4m3.decode(x + 1, &w)) {
      float mid = (float)((v + w) / 2);
      for (int d = -1; d <= 1; ++d) { in.push_back(bitsf(fbits(mid) + d)); in.push_back(-bitsf(fbits(mid) + d)); }
    }
    if (e5m2.decode(x, &v) && e5m2.decode(x + 1, &w)) {
      float mid = (float)((v + w) / 2);
      for (int d = -1; d <= 1; ++d) { in.push_back(bitsf(fbits(mid) + d)); in.push_back(-bitsf(fbits(mid) + d)); }
    }
  }
  for (int p = -149; p <= 127; ++p) {
    float f = ldexpf(1.0f, p);
    for (int d = -1; d <= 1; ++d) { in.push_back(bitsf(fbits(f) + d)); in.push_back(-bitsf(fbits(f) + d)); }
    in.push_back(f * 1.5f);
  }
  const float specials[] = {INFINITY, -INFINITY, NAN, -NAN, FLT_MAX, -FLT_MAX, 448.0f, 464.0f,
                            464.00003f, 480.0f, 57344.0f, 61440.0f, 61439.996f, 1e20f, 0x1p-9f,
                            0x1p-10f, 0x1.0001p-10f, 0x1p-16f, 0x1p-17f, 0x1.0001p-17f, 0.0f, -0.0f};
  for (float f : specials) in.push_back(f);
  int n = (int)in.size();
  float *dIn;
  unsigned char *dOut;
  std::vector<unsigned char> devOut(NOUT * (size_t)n);
  CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dOut, devOut.size()));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  narrowKernel<<<(n + 255) / 256, 256>>>(dIn, n, dOut);
  CHECK_CUDA(cudaMemcpy(devOut.data(), dOut, devOut.size(), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float f = in[i];
    unsigned char host[NOUT];
    narrowAll(f, host);
    EXPECT(memcmp(host, &devOut[NOUT * i], NOUT) == 0, "narrow %a: host and device differ", f);
    bool nan = f != f;
    unsigned want[NOUT] = {
        nan ? 0x7fu : e4m3.round(f, RN, false), nan ? 0x7fu : e4m3.round(f, RN, true),
        nan ? 0x7fu : e5m2.round(f, RN, false), nan ? 0x7fu : e5m2.round(f, RN, true),
        refE8m0(f, false, false), refE8m0(f, false, true), refE8m0(f, true, false), refE8m0(f, true, true),
        0, 0, 0, 0, 0, 0};
    want[8] = want[0];
    want[9] = want[3];
    want[10] = want[7];
    want[11] = want[1];
    want[12] = want[3];
    want[13] = want[7];
    for (int k = 0; k < NOUT; ++k)
      EXPECT(host[k] == want[k], "narrow %a (%08x) slot %d: got %02x want %02x", f, fbits(f), k, host[k], want[k]);
  }

  // Doubles round once: fp8 midpoints nudged by far less than a float ulp.
  for (unsigned x = 0; x < 0x7e; ++x) {
    long double v, w;
    const RefFormat *refs[2] = {&e4m3, &e5m2};
    for (int k = 0; k < 2; ++k) {
      if (!refs[k]->decode(x, &v) || !refs[k]->decode(x + 1, &w)) continue;
      double mid = (double)((v + w) / 2);
      for (double d : {mid, mid + ldexp(mid, -40), mid - ldexp(mid, -40), -mid - ldexp(mid, -40)}) {
        unsigned got = __nv_cvt_double_to_fp8(d, __NV_SATFINITE, k ? __NV_E5M2 : __NV_E4M3);
        unsigned want = refs[k]->round(d, RN, true);
        EXPECT(got == want, "double %a kind %d: got %02x want %02x", d, k, got, want);
      }
    }
  }

  // Half and bfloat16 patterns, all 65536 of each.
  std::vector<unsigned char> n16(6 * 65536);
  unsigned char *dN16;
  CHECK_CUDA(cudaMalloc(&dN16, n16.size()));
  narrow16Kernel<<<256, 256>>>(dN16);
  CHECK_CUDA(cudaMemcpy(n16.data(), dN16, n16.size(), cudaMemcpyDeviceToHost));
  RefFormat half(5, 10, true), bf16(8, 7, true);
  for (unsigned c = 0; c < 65536; ++c) {
    long double hv, bv;
    bool hf = half.decode(c, &hv), bfin = bf16.decode(c, &bv);
    bool hnan = half.isNan(c), bnan = bf16.isNan(c);
    if (!hf && !hnan) hv = (c & 0x8000) ? -INFINITY : INFINITY;
    if (!bfin && !bnan) bv = (c & 0x8000) ? -INFINITY : INFINITY;
    unsigned want[6] = {hnan ? 0x7fu : e4m3.round(hv, RN, true), hnan ? 0x7fu : e5m2.round(hv, RN, false),
                        bnan ? 0x7fu : e4m3.round(bv, RN, false), bnan ? 0x7fu : e5m2.round(bv, RN, true),
                        refE8m0(bnan ? NAN : bv, true, false), 0};
    want[5] = want[0];
    for (int k = 0; k < 6; ++k)
      EXPECT(n16[6 * c + k] == want[k], "16-bit %04x slot %d: got %02x want %02x", c, k, n16[6 * c + k], want[k]);
  }

  // Pairs and quads: first element in the lowest byte; round trips.
  __nv_fp8x2_e4m3 p2(make_float2(1.0f, 2.0f));
  EXPECT(p2.__x == 0x4038, "fp8x2 e4m3 %04x", p2.__x);
  __nv_fp8x4_e4m3 p4(make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  EXPECT(p4.__x == 0x48444038u, "fp8x4 e4m3 %08x", p4.__x);
  __nv_fp8x4_e4m3 p4h(__floats2half2_rn(1.0f, 2.0f), __floats2half2_rn(3.0f, 4.0f));
  EXPECT(p4h.__x == p4.__x, "fp8x4 from half2 pair %08x", p4h.__x);
  float4 back = (float4)p4;
  EXPECT(back.x == 1.0f && back.y == 2.0f && back.z == 3.0f && back.w == 4.0f, "fp8x4 to float4");
  __nv_fp8x2_e5m2 q2(__floats2half2_rn(-0.5f, 1e6f));
  float2 qb = (float2)q2;
  EXPECT(q2.__x == 0x7bb8 && qb.x == -0.5f && qb.y == 57344.0f, "fp8x2 e5m2 %04x", q2.__x);
  __half2 qh = (__half2)q2;
  EXPECT(__half_as_ushort(qh.x) == 0xb800 && __half_as_ushort(qh.y) == 0x7b00, "fp8x2 e5m2 to half2");
  __nv_fp8x4_e5m2 q4(make_double4(1.0, -2.0, 1e300, -1e-300));
  EXPECT(q4.__x == 0x807bc03cu, "fp8x4 e5m2 from double4 %08x", q4.__x);
  __nv_fp8x2_e4m3 b2(__floats2bfloat162_rn(0.1f, -1000.0f));
  EXPECT(b2.__x == (unsigned short)(e4m3.round((long double)__bfloat162float(__float2bfloat16(0.1f)), RN) | (0xfe << 8)),
         "fp8x2 e4m3 from bfloat162 %04x", b2.__x);
  __nv_fp8x2_e8m0 s2(make_float2(3.0f, 0.25f));
  float2 sb = (float2)s2;
  EXPECT(s2.__x == 0x7d81 && sb.x == 4.0f && sb.y == 0.25f, "fp8x2 e8m0 %04x", s2.__x);
  __nv_fp8x4_e8m0 s4(make_float4(1.0f, 1.5f, 1e30f, 0.0f));
  EXPECT(s4.__x == 0x00e3807fu, "fp8x4 e8m0 %08x", s4.__x);
  EXPECT(__nv_cvt_float2_to_e8m0x2(make_float2(3.0f, 3.0f), __NV_SATFINITE, cudaRoundZero) == 0x8080, "e8m0x2 rz");
  __nv_bfloat162_raw s2raw = __nv_cvt_e8m0x2_to_bf162raw(0xff00);
  EXPECT(s2raw.x == 0x0040 && s2raw.y == 0x7fff, "e8m0x2 to bfloat162");
  // The x2 conversions are the scalar ones on each element, the first in the low byte.
  const float pairs[][2] = {{0.1f, -1000.0f}, {448.0f, 1e-9f}, {NAN, -0.0f}, {57344.0f, 3.5f}};
  for (const float *p : pairs) {
    for (__nv_fp8_interpretation_t kind : {__NV_E4M3, __NV_E5M2})
      for (__nv_saturation_t sat : {__NV_NOSAT, __NV_SATFINITE}) {
        unsigned want = __nv_cvt_float_to_fp8(p[0], sat, kind) |
                        __nv_cvt_float_to_fp8(p[1], sat, kind) << 8;
        EXPECT(__nv_cvt_float2_to_fp8x2(make_float2(p[0], p[1]), sat, kind) == want, "float2 x2");
        unsigned wantD = __nv_cvt_double_to_fp8(p[0], sat, kind) |
                         __nv_cvt_double_to_fp8(p[1], sat, kind) << 8;
        EXPECT(__nv_cvt_double2_to_fp8x2(make_double2(p[0], p[1]), sat, kind) == wantD, "double2 x2");
        __half2 h = __floats2half2_rn(p[0], p[1]);
        __half2_raw hr = h;
        __half_raw h0, h1;
        h0.x = hr.x, h1.x = hr.y;
        unsigned wantH = __nv_cvt_halfraw_to_fp8(h0, sat, kind) |
                         __nv_cvt_halfraw_to_fp8(h1, sat, kind) << 8;
        EXPECT(__nv_cvt_halfraw2_to_fp8x2(hr, sat, kind) == wantH, "half2 x2");
        __nv_bfloat162 b = __floats2bfloat162_rn(p[0], p[1]);
        __nv_bfloat162_raw br = b;
        __nv_bfloat16_raw b0, b1;
        b0.x = br.x, b1.x = br.y;
        unsigned wantB = __nv_cvt_bfloat16raw_to_fp8(b0, sat, kind) |
                         __nv_cvt_bfloat16raw_to_fp8(b1, sat, kind) << 8;
        EXPECT(__nv_cvt_bfloat16raw2_to_fp8x2(br, sat, kind) == wantB, "bfloat162 x2");
        __half2_raw wide = __nv_cvt_fp8x2_to_halfraw2((__nv_fp8x2_storage_t)want, kind);
        EXPECT(wide.x == __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(want & 0xff), kind).x &&
                   wide.y == __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(want >> 8), kind).x,
               "fp8x2 to half2");
      }
  }
  // Integer constructors go through float and saturate.
  EXPECT(__nv_fp8_e4m3(1000).__x == 0x7e && __nv_fp8_e4m3(-3).__x == 0xc4 && __nv_fp8_e5m2(100000LL).__x == 0x7b,
         "integer constructors");
  EXPECT(__nv_fp8_e8m0(5).__x == 0x82 && __nv_fp8_e8m0(1u << 31).__x == 0x9e && __nv_fp8_e8m0(-4).__x == 0x81,
         "e8m0 integer constructors");

  if (failures) {
    printf("FAILED (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
