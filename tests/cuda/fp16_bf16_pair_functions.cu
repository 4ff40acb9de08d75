// The pair (__half2, __nv_bfloat162) functions lane by lane: each must give, in each lane,
// exactly what its scalar counterpart gives there (the scalar functions are checked against
// exact references in fp16_bf16_arithmetic.cu), in device code and in host code, on random
// bit patterns (NaNs, infinities, signed zeros and subnormals among them):
// - __hsub2, __hadd2_rn/__hsub2_rn/__hmul2_rn, __hadd2_sat/__hmul2_sat, __hfma2_sat,
//   __hfma2_relu;
// - the comparisons (1.0 or 0.0 per lane) and their _mask forms (0xffff per lane), written by
//   COMPARE: __heq2, __hne2, __hle2, __hge2, __hlt2, __hgt2, __hequ2, __hneu2, __hleu2,
//   __hgeu2, __hltu2, __hgtu2 and __heq2_mask, __hne2_mask, __hle2_mask, __hge2_mask,
//   __hlt2_mask, __hgt2_mask, __hequ2_mask, __hneu2_mask, __hleu2_mask, __hgeu2_mask,
//   __hltu2_mask, __hgtu2_mask; and __hbequ2, __hbneu2, __hbge2, __hbgtu2 (both lanes);
// - moves and conversions: low/high halves and their pairs, __lowhigh2highlow, broadcasts,
//   float2 conversions, short bit casts, make_bfloat162.
// RUN: %nvcc -arch=sm_90 %s -o %t && %t | FileCheck %s
// CHECK: half: PASS
// CHECK: bfloat16: PASS
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdio>
#include <cstring>

constexpr int kChecks = 49;

__host__ __device__ unsigned short bits(__half h) { return __half_as_ushort(h); }
__host__ __device__ unsigned short bits(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }

// The names that differ between the two types.
struct HalfNames {
  typedef __half T;
  typedef __half2 P;
  static const char *name() { return "half"; }
  static __host__ __device__ T make(unsigned short b) { return __ushort_as_half(b); }
  static __host__ __device__ P pair(T a, T b) { return __halves2half2(a, b); }
  static __host__ __device__ T low(P p) { return __low2half(p); }
  static __host__ __device__ T high(P p) { return __high2half(p); }
  static __host__ __device__ P lows(P p) { return __low2half2(p); }
  static __host__ __device__ P highs(P p) { return __high2half2(p); }
  static __host__ __device__ P lowsOf(P p, P q) { return __lows2half2(p, q); }
  static __host__ __device__ P highsOf(P p, P q) { return __highs2half2(p, q); }
  static __host__ __device__ P broadcast(T a) { return __half2half2(a); }
  static __host__ __device__ P fromFloat(float f) { return __float2half2_rn(f); }
  static __host__ __device__ P fromFloat2(float2 f) { return __float22half2_rn(f); }
  static __host__ __device__ float2 toFloat2(P p) { return __half22float2(p); }
  static __host__ __device__ T fromFloat1(float f) { return __float2half_rn(f); }
  static __host__ __device__ float toFloat1(T a) { return __half2float(a); }
  static __host__ __device__ short asShort(T a) { return __half_as_short(a); }
  static __host__ __device__ T fromShort(short s) { return __short_as_half(s); }
  static __host__ __device__ P made(T a, T b) { return make_half2(a, b); }
};
struct Bfloat16Names {
  typedef __nv_bfloat16 T;
  typedef __nv_bfloat162 P;
  static const char *name() { return "bfloat16"; }
  static __host__ __device__ T make(unsigned short b) { return __ushort_as_bfloat16(b); }
  static __host__ __device__ P pair(T a, T b) { return __halves2bfloat162(a, b); }
  static __host__ __device__ T low(P p) { return __low2bfloat16(p); }
  static __host__ __device__ T high(P p) { return __high2bfloat16(p); }
  static __host__ __device__ P lows(P p) { return __low2bfloat162(p); }
  static __host__ __device__ P highs(P p) { return __high2bfloat162(p); }
  static __host__ __device__ P lowsOf(P p, P q) { return __lows2bfloat162(p, q); }
  static __host__ __device__ P highsOf(P p, P q) { return __highs2bfloat162(p, q); }
  static __host__ __device__ P broadcast(T a) { return __bfloat162bfloat162(a); }
  static __host__ __device__ P fromFloat(float f) { return __float2bfloat162_rn(f); }
  static __host__ __device__ P fromFloat2(float2 f) { return __float22bfloat162_rn(f); }
  static __host__ __device__ float2 toFloat2(P p) { return __bfloat1622float2(p); }
  static __host__ __device__ T fromFloat1(float f) { return __float2bfloat16_rn(f); }
  static __host__ __device__ float toFloat1(T a) { return __bfloat162float(a); }
  static __host__ __device__ short asShort(T a) { return __bfloat16_as_short(a); }
  static __host__ __device__ T fromShort(short s) { return __short_as_bfloat16(s); }
  static __host__ __device__ P made(T a, T b) { return make_bfloat162(a, b); }
};

template <class N> struct Checker {
  typedef typename N::T T;
  typedef typename N::P P;
  bool *ok;
  int next = 0;
  __host__ __device__ void same(P got, T wantLow, T wantHigh) {
    ok[next++] = bits(got.x) == bits(wantLow) && bits(got.y) == bits(wantHigh);
  }
  __host__ __device__ void truth(P got, bool low, bool high) {
    T one = N::fromFloat1(1.0f), zero = N::fromFloat1(0.0f);
    same(got, low ? one : zero, high ? one : zero);
  }
  __host__ __device__ void mask(unsigned got, bool low, bool high) {
    ok[next++] = got == ((low ? 0xffffu : 0u) | (high ? 0xffff0000u : 0u));
  }
  __host__ __device__ void flag(bool got, bool want) { ok[next++] = got == want; }
};

// Every check for one (p, q, r, f); ok[k] says whether check k held. Returns how many ran.
template <class N>
__host__ __device__ int checkAll(typename N::P p, typename N::P q, typename N::P r, float f,
                                  bool *ok) {
  typedef typename N::P P;
  Checker<N> c{ok};
  c.same(__hsub2(p, q), __hsub(p.x, q.x), __hsub(p.y, q.y));
  c.same(__hadd2_rn(p, q), __hadd_rn(p.x, q.x), __hadd_rn(p.y, q.y));
  c.same(__hsub2_rn(p, q), __hsub_rn(p.x, q.x), __hsub_rn(p.y, q.y));
  c.same(__hmul2_rn(p, q), __hmul_rn(p.x, q.x), __hmul_rn(p.y, q.y));
  c.same(__hadd2_sat(p, q), __hadd_sat(p.x, q.x), __hadd_sat(p.y, q.y));
  c.same(__hmul2_sat(p, q), __hmul_sat(p.x, q.x), __hmul_sat(p.y, q.y));
  c.same(__hfma2_sat(p, q, r), __hfma_sat(p.x, q.x, r.x), __hfma_sat(p.y, q.y, r.y));
  c.same(__hfma2_relu(p, q, r), __hfma_relu(p.x, q.x, r.x), __hfma_relu(p.y, q.y, r.y));
  // Comparisons: the pair form, the mask form, and the both-lanes form where CUDA has one.
#define COMPARE(name)                                                                              \
  c.truth(name##2(p, q), name(p.x, q.x), name(p.y, q.y));                                          \
  c.mask(name##2_mask(p, q), name(p.x, q.x), name(p.y, q.y));
  COMPARE(__heq) COMPARE(__hne) COMPARE(__hle) COMPARE(__hge) COMPARE(__hlt) COMPARE(__hgt)
  COMPARE(__hequ) COMPARE(__hneu) COMPARE(__hleu) COMPARE(__hgeu) COMPARE(__hltu) COMPARE(__hgtu)
#undef COMPARE
  c.flag(__hbequ2(p, q), __hequ(p.x, q.x) && __hequ(p.y, q.y));
  c.flag(__hbneu2(p, q), __hneu(p.x, q.x) && __hneu(p.y, q.y));
  c.flag(__hbge2(p, q), __hge(p.x, q.x) && __hge(p.y, q.y));
  c.flag(__hbgtu2(p, q), __hgtu(p.x, q.x) && __hgtu(p.y, q.y));
  // Moves and conversions.
  c.flag(bits(N::low(p)) == bits(p.x) && bits(N::high(p)) == bits(p.y), true);
  c.same(N::lows(p), p.x, p.x);
  c.same(N::highs(p), p.y, p.y);
  c.same(N::lowsOf(p, q), p.x, q.x);
  c.same(N::highsOf(p, q), p.y, q.y);
  c.same(__lowhigh2highlow(p), p.y, p.x);
  c.same(N::broadcast(q.x), q.x, q.x);
  c.same(N::fromFloat(f), N::fromFloat1(f), N::fromFloat1(f));
  float2 pairOfFloats;
  pairOfFloats.x = f, pairOfFloats.y = -2 * f;
  c.same(N::fromFloat2(pairOfFloats), N::fromFloat1(f), N::fromFloat1(-2 * f));
  float2 back = N::toFloat2(p);
  float lowFloat = N::toFloat1(p.x), highFloat = N::toFloat1(p.y);
  c.flag(__builtin_bit_cast(unsigned, back.x) == __builtin_bit_cast(unsigned, lowFloat) &&
             __builtin_bit_cast(unsigned, back.y) == __builtin_bit_cast(unsigned, highFloat),
         true);
  c.flag((unsigned short)N::asShort(p.x) == bits(p.x), true);
  c.flag(bits(N::fromShort((short)bits(q.y))) == bits(q.y), true);
  c.same(N::made(r.y, r.x), r.y, r.x);
  (void)sizeof(P);
  return c.next;
}

template <class N>
__global__ void evaluate(const unsigned *words, const float *floats, int n, bool *ok) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  auto pairOf = [](unsigned w) { return N::pair(N::make(w & 0xffff), N::make(w >> 16)); };
  checkAll<N>(pairOf(words[3 * i]), pairOf(words[3 * i + 1]), pairOf(words[3 * i + 2]),
              floats[i], ok + (size_t)i * kChecks);
}

template <class N> int run(const unsigned *words, const float *floats, int n, bool *ok) {
  evaluate<N><<<(n + 127) / 128, 128>>>(words, floats, n, ok);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("%s: launch failed\n", N::name());
    return 1;
  }
  int failures = 0;
  bool host[kChecks];
  for (int i = 0; i < n; ++i) {
    auto pairOf = [](unsigned w) { return N::pair(N::make(w & 0xffff), N::make(w >> 16)); };
    memset(host, 0, sizeof host);
    if (checkAll<N>(pairOf(words[3 * i]), pairOf(words[3 * i + 1]), pairOf(words[3 * i + 2]),
                    floats[i], host) != kChecks) {
      printf("%s: the test ran a different number of checks than kChecks\n", N::name());
      return 1;
    }
    for (int k = 0; k < kChecks; ++k)
      if ((!ok[(size_t)i * kChecks + k] || !host[k]) && failures++ < 10)
        printf("%s: check %d failed (%s) for words %#x %#x %#x\n", N::name(), k,
               ok[(size_t)i * kChecks + k] ? "host" : "device", words[3 * i], words[3 * i + 1],
               words[3 * i + 2]);
  }
  printf("%s: %s\n", N::name(), failures ? "FAIL" : "PASS");
  return failures;
}

int main() {
  const int n = 20000;
  unsigned *words;
  float *floats;
  bool *ok;
  cudaMallocManaged(&words, 3 * n * sizeof(unsigned));
  cudaMallocManaged(&floats, n * sizeof(float));
  cudaMallocManaged(&ok, (size_t)n * kChecks);
  unsigned long long s = 0x2545F4914F6CDD1Dull;
  const unsigned short special[] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7f80, 0xff80,
                                    0x7fc0, 0x0001, 0x3c00, 0x3f80, 0xbc00};
  for (int i = 0; i < 3 * n; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    unsigned lo = (unsigned)s & 0xffff, hi = (unsigned)(s >> 16) & 0xffff;
    if (i % 5 == 0)
      lo = special[(s >> 40) % 12];
    if (i % 7 == 0)
      hi = special[(s >> 44) % 12];
    words[i] = lo | hi << 16;
  }
  for (int i = 0; i < n; ++i) {
    unsigned w = words[i] * 2654435761u;
    memcpy(&floats[i], &w, 4);
  }
  int failures = run<HalfNames>(words, floats, n, ok);
  failures += run<Bfloat16Names>(words, floats, n, ok);
  return failures != 0;
}
