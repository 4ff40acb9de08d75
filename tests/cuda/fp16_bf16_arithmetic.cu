// Arithmetic, comparisons and math functions of __half/__half2 and __nv_bfloat16/
// __nv_bfloat162, computed in a kernel and on the host (which must agree bit for bit) and
// checked against a reference written from exact arithmetic (Inputs/small_float_reference.h):
// - __hadd/__hsub/__hmul/__hdiv and their _rn, _sat forms and the operators (+ - * /, +=, *=,
//   ++, --, unary -) are correctly rounded to nearest even; _sat clamps to [0, 1], NaN to +0;
// - __hfma rounds once (a bfloat16 product landing on a midpoint plus a tiny addend must not
//   tie), __hfma_sat, __hfma_relu, __hfma2 and __hcmadd as CUDA documents it;
// - ordered and unordered comparisons, the operators, the pair forms, masks and __hb*2 forms,
//   with NaN, signed zeros and infinities; __hmax/__hmin (NaN loses, +0 > -0), the _nan forms;
//   __hneg/__habs/__hisnan/__hisinf;
// - hsin, hcos, htanh, hexp, hexp2, hexp10, hlog, hlog2, hlog10, hsqrt, hrsqrt, hrcp, hceil,
//   hfloor, htrunc, hrint and their h2 forms for all 65536 inputs of each type: correctly
//   rounded against long double references.
// RUN: %nvcc -O2 -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: half: PASS
// CHECK: bfloat16: PASS
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "Inputs/small_float_reference.h"

static int failures = 0;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond) && ++failures <= 25) {                                                             \
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

__host__ __device__ unsigned short bitsOf(__half h) { return __half_as_ushort(h); }
__host__ __device__ unsigned short bitsOf(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
template <class T> struct Type;
template <> struct Type<__half> {
  typedef __half2 Pair;
  static __host__ __device__ __half make(unsigned short b) { return __ushort_as_half(b); }
  static const char *name() { return "half"; }
  static RefFormat format() { return RefFormat(5, 10, true); }
};
template <> struct Type<__nv_bfloat16> {
  typedef __nv_bfloat162 Pair;
  static __host__ __device__ __nv_bfloat16 make(unsigned short b) { return __ushort_as_bfloat16(b); }
  static const char *name() { return "bfloat16"; }
  static RefFormat format() { return RefFormat(8, 7, true); }
};

// Everything computed from one triple (a, b, c).
#define NB 40
template <class T> __host__ __device__ void binaryOps(T a, T b, T c, unsigned short *o) {
  typedef typename Type<T>::Pair P;
  o[0] = bitsOf(__hadd(a, b)); o[1] = bitsOf(__hsub(a, b)); o[2] = bitsOf(__hmul(a, b)); o[3] = bitsOf(__hdiv(a, b));
  o[4] = bitsOf(__hadd_sat(a, b)); o[5] = bitsOf(__hsub_sat(a, b)); o[6] = bitsOf(__hmul_sat(a, b));
  o[7] = bitsOf(__hfma(a, b, c)); o[8] = bitsOf(__hfma_sat(a, b, c)); o[9] = bitsOf(__hfma_relu(a, b, c));
  o[10] = bitsOf(__hmax(a, b)); o[11] = bitsOf(__hmin(a, b)); o[12] = bitsOf(__hmax_nan(a, b)); o[13] = bitsOf(__hmin_nan(a, b));
  o[14] = bitsOf(__hneg(a)); o[15] = bitsOf(__habs(a));
  unsigned cmp = __heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 | __hgt(a, b) << 4 |
                 __hge(a, b) << 5 | __hequ(a, b) << 6 | __hneu(a, b) << 7 | __hltu(a, b) << 8 |
                 __hleu(a, b) << 9 | __hgtu(a, b) << 10 | __hgeu(a, b) << 11 | (a == b) << 12 |
                 (a != b) << 13 | (a < b) << 14 | (a <= b) << 15 | (unsigned)(a > b) << 16 | (unsigned)(a >= b) << 17;
  o[16] = (unsigned short)cmp; o[17] = (unsigned short)(cmp >> 16);
  o[18] = (unsigned short)(__hisnan(a) | (__hisinf(a) + 1) << 1);
  o[19] = bitsOf(a + b); o[20] = bitsOf(a - b); o[21] = bitsOf(a * b); o[22] = bitsOf(a / b);
  T x = a;
  x += b;
  x *= c;
  o[23] = bitsOf(x);
  x = a;
  ++x;
  o[24] = bitsOf(x);
  x--;
  o[25] = bitsOf(x);
  o[26] = bitsOf(__hadd_rn(a, b)); o[27] = bitsOf(__hmul_rn(a, b)); o[28] = bitsOf(-a);
  P p(a, b), q(b, c), r(c, a);
  P s = __hadd2(p, q);
  o[29] = bitsOf(s.x); o[30] = bitsOf(s.y);
  P f = __hfma2(p, q, r);
  o[31] = bitsOf(f.x); o[32] = bitsOf(f.y);
  P m = __hcmadd(p, q, r);
  o[33] = bitsOf(m.x); o[34] = bitsOf(m.y);
  o[35] = (unsigned short)((__heq2_mask(p, q) & 0x1u) | (__hlt2_mask(p, q) & 0x10000u) >> 15 |
                           (__hgeu2_mask(p, q) & 0x1u) << 2 | (__hneu2_mask(p, q) >> 16 & 1u) << 3 |
                           (bitsOf(__hle2(p, q).x) == bitsOf(T(1.0f))) << 4 |
                           (bitsOf(__hgtu2(p, q).y) == bitsOf(T(1.0f))) << 5 |
                           (bitsOf(__hisnan2(p).y) == bitsOf(T(1.0f))) << 6);
  o[36] = (unsigned short)(__hbeq2(p, q) | __hbne2(p, q) << 1 | __hblt2(p, q) << 2 | __hbleu2(p, q) << 3 |
                           __hbgt2(p, q) << 4 | __hbgeu2(p, q) << 5 | (p == q) << 6 | (p != q) << 7 |
                           (p < q) << 8 | (p >= q) << 9);
  P mx = __hmax2_nan(p, q), mn = __hmin2(p, q);
  o[37] = bitsOf(mx.x); o[38] = bitsOf(mx.y); o[39] = bitsOf(mn.y);
}
template <class T> __global__ void binaryKernel(const unsigned short *in, int n, unsigned short *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    binaryOps(Type<T>::make(in[3 * i]), Type<T>::make(in[3 * i + 1]), Type<T>::make(in[3 * i + 2]), out + NB * i);
}

#define NU 17
template <class T> __host__ __device__ void unaryOps(T a, unsigned short *o) {
  typedef typename Type<T>::Pair P;
  o[0] = bitsOf(hsin(a)); o[1] = bitsOf(hcos(a)); o[2] = bitsOf(htanh(a)); o[3] = bitsOf(hexp(a));
  o[4] = bitsOf(hexp2(a)); o[5] = bitsOf(hexp10(a)); o[6] = bitsOf(hlog(a)); o[7] = bitsOf(hlog2(a));
  o[8] = bitsOf(hlog10(a)); o[9] = bitsOf(hsqrt(a)); o[10] = bitsOf(hrsqrt(a)); o[11] = bitsOf(hrcp(a));
  o[12] = bitsOf(hceil(a)); o[13] = bitsOf(hfloor(a)); o[14] = bitsOf(htrunc(a)); o[15] = bitsOf(hrint(a));
  // The pair forms agree with the scalar ones in both halves.
  P p(a, __hneg(a));
  bool same = bitsOf(h2sin(p).x) == o[0] && bitsOf(h2cos(p).y) == bitsOf(hcos(__hneg(a))) &&
              bitsOf(h2exp(p).x) == o[3] && bitsOf(h2exp2(p).x) == o[4] && bitsOf(h2exp10(p).x) == o[5] &&
              bitsOf(h2log(p).x) == o[6] && bitsOf(h2log2(p).x) == o[7] && bitsOf(h2log10(p).x) == o[8] &&
              bitsOf(h2sqrt(p).x) == o[9] && bitsOf(h2rsqrt(p).x) == o[10] && bitsOf(h2rcp(p).x) == o[11] &&
              bitsOf(h2ceil(p).x) == o[12] && bitsOf(h2floor(p).y) == bitsOf(hfloor(__hneg(a))) &&
              bitsOf(h2trunc(p).x) == o[14] && bitsOf(h2rint(p).x) == o[15] && bitsOf(h2tanh(p).x) == o[2] &&
              bitsOf(htanh_approx(a)) == o[2] && bitsOf(h2tanh_approx(p).x) == o[2];
  o[16] = same;
}
template <class T> __global__ void unaryKernel(unsigned short *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unaryOps(Type<T>::make((unsigned short)i), out + NU * i);
}

// ---- Reference ------------------------------------------------------------------------------

struct Ref {
  RefFormat f;
  unsigned one;
  explicit Ref(RefFormat format) : f(format) { one = f.round(1.0L, RN); }
  bool nan(unsigned c) const { return f.isNan(c); }
  long double val(unsigned c) const { // NaN must be excluded by the caller
    long double v;
    if (f.decode(c, &v)) return v;
    return (c & f.signBit) ? -INFINITY : INFINITY;
  }
  unsigned rn(long double x) const { return x != x ? f.nanCode : f.round(x, RN); }
  // Rounding of s + e, where e is the exact error of s (|e| at most half an ulp of s): s alone
  // rounds the same unless s is a midpoint of the format, where the sign of e decides.
  unsigned rnSticky(long double s, long double e) const {
    unsigned r = rn(s);
    if (e == 0 || s != s || std::isinf(s)) return r;
    unsigned toward = f.round(s, RZ), away = f.round(s, s > 0 ? RU : RD);
    if (toward == away || nan(away) || std::isinf(val(away))) return r;
    if (fabsl(s - val(toward)) != fabsl(val(away) - s)) return r;
    return (e > 0) == (s > 0) ? away : toward;
  }
  unsigned add(unsigned a, unsigned b) const { return nan(a) || nan(b) ? f.nanCode : rn(val(a) + val(b)); }
  unsigned sub(unsigned a, unsigned b) const { return nan(a) || nan(b) ? f.nanCode : rn(val(a) - val(b)); }
  unsigned mul(unsigned a, unsigned b) const { return nan(a) || nan(b) ? f.nanCode : rn(val(a) * val(b)); }
  unsigned div(unsigned a, unsigned b) const { return nan(a) || nan(b) ? f.nanCode : rn(val(a) / val(b)); }
  unsigned fma(unsigned a, unsigned b, unsigned c) const {
    if (nan(a) || nan(b) || nan(c)) return f.nanCode;
    long double p = val(a) * val(b), z = val(c); // p is exact
    if (std::isinf(p) || std::isinf(z) || p != p) return rn(p + z);
    long double s = p + z, bz = s - p, e = (p - (s - bz)) + (z - bz); // TwoSum: p + z = s + e
    return rnSticky(s, e);
  }
  unsigned sat(unsigned r) const {
    if (nan(r)) return 0;
    long double v = val(r);
    return v <= 0 ? 0 : v >= 1 ? one : r;
  }
  unsigned relu(unsigned r) const { return nan(r) ? f.nanCode : (r & f.signBit) ? 0 : r; }
  unsigned maxmin(unsigned a, unsigned b, bool nanPropagates, bool isMax) const {
    if (nan(a) || nan(b)) return (nanPropagates || (nan(a) && nan(b))) ? f.nanCode : nan(a) ? b : a;
    long double x = val(a), y = val(b);
    if (x != y) return (x > y) == isMax ? a : b;
    bool aNeg = (a & f.signBit) != 0; // +0 > -0
    return aNeg == isMax ? b : a;
  }
  unsigned compares(unsigned a, unsigned b) const {
    bool un = nan(a) || nan(b);
    long double x = un ? 0 : val(a), y = un ? 0 : val(b);
    bool eq = !un && x == y, lt = !un && x < y, gt = !un && x > y;
    bool le = eq || lt, ge = eq || gt, ne = !un && x != y;
    unsigned r = eq | ne << 1 | lt << 2 | le << 3 | gt << 4 | ge << 5 | (eq || un) << 6 | (ne || un) << 7 |
                 (lt || un) << 8 | (le || un) << 9 | (gt || un) << 10 | (ge || un) << 11;
    r |= eq << 12 | (ne || un) << 13 | lt << 14 | le << 15 | (unsigned)gt << 16 | (unsigned)ge << 17;
    return r;
  }
};

template <class T> static int run(uint64_t seed) {
  Ref ref(Type<T>::format());
  const RefFormat &f = ref.f;
  int before = failures;
  // Inputs: every combination of interesting values, then random triples.
  std::vector<unsigned short> sp = {0x0000, 0x8000, (unsigned short)f.infCode, (unsigned short)(f.infCode | f.signBit),
                                    (unsigned short)f.nanCode, (unsigned short)(f.nanCode | f.signBit),
                                    (unsigned short)(f.infCode + 1), (unsigned short)ref.one,
                                    (unsigned short)(ref.one | f.signBit), 0x0001, 0x8001,
                                    (unsigned short)(f.infCode - 1), (unsigned short)((f.infCode - 1) | f.signBit),
                                    (unsigned short)(ref.one + 1), (unsigned short)(ref.one - 1),
                                    (unsigned short)(1u << f.manBits), (unsigned short)((1u << f.manBits) - 1),
                                    (unsigned short)f.round(0.5L, RN), (unsigned short)f.round(3.0L, RN),
                                    (unsigned short)f.round(-7.0L, RN), (unsigned short)f.round(0.1L, RN),
                                    (unsigned short)f.round(1000.0L, RN)};
  std::vector<unsigned short> in;
  for (auto a : sp) for (auto b : sp) for (auto c : sp) { in.push_back(a); in.push_back(b); in.push_back(c); }
  uint64_t s = seed;
  auto rnd = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; };
  for (int i = 0; i < 150000; ++i) {
    uint64_t r = rnd();
    unsigned short a = (unsigned short)r, b = (unsigned short)(r >> 16), c = (unsigned short)(r >> 32);
    if (i % 3 == 1) b = (unsigned short)((a ^ 0x8000) + ((r >> 48) & 0x3f) - 32); // cancellation
    if (i % 3 == 2) { b = (unsigned short)((a & 0x8000) | (((a & 0x7fff) + 0x3c00) & 0x7fff)); }
    in.push_back(a); in.push_back(b); in.push_back(c);
  }
  // A bfloat16 product on a midpoint (15 * 23 = 345 needs 9 bits) plus a tiny addend: a plain
  // double fused multiply-add would lose the addend and tie.
  in.push_back(f.round(15.0L * powl(2, 60), RN)); in.push_back(f.round(23.0L * powl(2, 60), RN)); in.push_back(f.round(powl(2, 50), RN));
  in.push_back(f.round(15.0L * powl(2, 60), RN)); in.push_back(f.round(23.0L * powl(2, 60), RN)); in.push_back(f.round(-powl(2, 50), RN));
  in.push_back(f.round(15.0L, RN)); in.push_back(f.round(23.0L * powl(2, -10), RN)); in.push_back(f.round(powl(2, -24), RN));
  int n = (int)in.size() / 3;

  unsigned short *dIn, *dOut;
  std::vector<unsigned short> dev(NB * (size_t)n);
  CHECK_CUDA(cudaMalloc(&dIn, in.size() * 2));
  CHECK_CUDA(cudaMalloc(&dOut, dev.size() * 2));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), in.size() * 2, cudaMemcpyHostToDevice));
  binaryKernel<T><<<(n + 255) / 256, 256>>>(dIn, n, dOut);
  CHECK_CUDA(cudaMemcpy(dev.data(), dOut, dev.size() * 2, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
    unsigned short h[NB];
    binaryOps(Type<T>::make(a), Type<T>::make(b), Type<T>::make(c), h);
    EXPECT(memcmp(h, &dev[NB * i], sizeof(h)) == 0, "%s %04x %04x %04x: host and device differ", Type<T>::name(), a, b, c);
    unsigned cmp = ref.compares(a, b);
    unsigned sum = ref.add(a, b), fm = ref.fma(a, b, c);
    unsigned want[NB] = {sum, ref.sub(a, b), ref.mul(a, b), ref.div(a, b),
                         ref.sat(sum), ref.sat(ref.sub(a, b)), ref.sat(ref.mul(a, b)),
                         fm, ref.sat(fm), ref.relu(fm),
                         ref.maxmin(a, b, false, true), ref.maxmin(a, b, false, false),
                         ref.maxmin(a, b, true, true), ref.maxmin(a, b, true, false),
                         ref.nan(a) ? f.nanCode : a ^ f.signBit, ref.nan(a) ? f.nanCode : a & ~f.signBit,
                         cmp & 0xffff, cmp >> 16, 0,
                         sum, ref.sub(a, b), ref.mul(a, b), ref.div(a, b),
                         ref.mul(sum, c), ref.add(a, ref.one), ref.sub(ref.add(a, ref.one), ref.one),
                         sum, ref.mul(a, b), ref.nan(a) ? f.nanCode : a ^ f.signBit,
                         sum, ref.add(b, c), fm, ref.fma(b, c, a),
                         ref.fma(b ^ f.signBit, c, ref.fma(a, b, c)), ref.fma(b, b, ref.fma(a, c, a)),
                         0, 0, 0, 0, 0};
    // Classification.
    bool isInf = !ref.nan(a) && std::isinf(ref.val(a));
    want[18] = ref.nan(a) | (isInf ? ((a & f.signBit) ? 0 : 2) : 1) << 1;
    // Pair comparisons of p = (a, b) against q = (b, c).
    unsigned cx = ref.compares(a, b), cy = ref.compares(b, c);
    want[35] = (cx & 1) | ((cy >> 2) & 1) << 1 | ((cx >> 11) & 1) << 2 | ((cy >> 7) & 1) << 3 |
               ((cx >> 3) & 1) << 4 | ((cy >> 10) & 1) << 5 | ref.nan(b) << 6;
    unsigned both = cx & cy;
    want[36] = (both & 1) | ((both >> 1) & 1) << 1 | ((both >> 2) & 1) << 2 | ((both >> 9) & 1) << 3 |
               ((both >> 4) & 1) << 4 | ((both >> 11) & 1) << 5 | (both & 1) << 6 | ((both >> 7) & 1) << 7 |
               ((both >> 2) & 1) << 8 | ((both >> 5) & 1) << 9;
    want[37] = ref.maxmin(a, b, true, true);
    want[38] = ref.maxmin(b, c, true, true);
    want[39] = ref.maxmin(b, c, false, false);
    for (int k = 0; k < NB; ++k)
      EXPECT(h[k] == want[k], "%s slot %d of (%04x, %04x, %04x): got %04x want %04x", Type<T>::name(), k, a, b, c,
             h[k], want[k]);
  }

  // Math functions over every input.
  std::vector<unsigned short> udev(NU * 65536);
  unsigned short *dU;
  CHECK_CUDA(cudaMalloc(&dU, udev.size() * 2));
  unaryKernel<T><<<256, 256>>>(dU);
  CHECK_CUDA(cudaMemcpy(udev.data(), dU, udev.size() * 2, cudaMemcpyDeviceToHost));
  for (unsigned c = 0; c < 65536; ++c) {
    unsigned short h[NU];
    unaryOps(Type<T>::make((unsigned short)c), h);
    EXPECT(memcmp(h, &udev[NU * c], sizeof(h)) == 0, "%s math of %04x: host and device differ", Type<T>::name(), c);
    EXPECT(h[16] == 1, "%s pair math of %04x differs from scalar", Type<T>::name(), c);
    if (ref.nan(c)) {
      for (int k = 0; k < 16; ++k) EXPECT(h[k] == f.nanCode, "%s math %d of NaN %04x: %04x", Type<T>::name(), k, c, h[k]);
      continue;
    }
    long double x = ref.val(c);
    long double r[16] = {sinl(x), cosl(x), tanhl(x), expl(x), exp2l(x), exp10l(x), logl(x), log2l(x),
                         log10l(x), sqrtl(x), 1.0L / sqrtl(x), 1.0L / x, ceill(x), floorl(x), truncl(x), nearbyintl(x)};
    for (int k = 0; k < 16; ++k) {
      unsigned want = ref.rn(r[k]);
      EXPECT(h[k] == want, "%s math %d of %04x (%Lg): got %04x want %04x", Type<T>::name(), k, c, x, h[k], want);
    }
  }
  printf("%s: %s\n", Type<T>::name(), failures == before ? "PASS" : "FAIL");
  return 0;
}

int main() {
  if (run<__half>(88172645463325252ull)) return 1;
  if (run<__nv_bfloat16>(0x9e3779b97f4a7c15ull)) return 1;
  return failures ? 1 : 0;
}
