// Warp shuffles, atomics and cache-hinted loads/stores of __half, __half2, __nv_bfloat16 and
// __nv_bfloat162:
// - __shfl_sync/__shfl_up_sync/__shfl_down_sync/__shfl_xor_sync with every width move the exact
//   bits (NaN payloads included), with the PTX ISA shfl.sync source-lane rule for widths and
//   out-of-range lanes; a warp sum by __shfl_down_sync matches the sequential one;
// - atomicAdd under contention, in global and shared memory: counts stay exact, every returned
//   old value appears once, and the neighbouring 16-bit value in the same 32-bit word is never
//   disturbed;
// - __ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

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
#define FULL 0xffffffffu

// ---- Shuffles -------------------------------------------------------------------------------

enum { IDX, UP, DOWN, XOR };
__host__ __device__ unsigned short pattern(int g, int k) { // distinct bits, some NaN payloads
  return (unsigned short)(g % 7 == 3 ? 0x7e00 + g * 3 + k : g * 0x2c5 + k * 0x1111);
}
__host__ __device__ unsigned bitsOf(__half h) { return __half_as_ushort(h); }
__host__ __device__ unsigned bitsOf(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__host__ __device__ unsigned bitsOf(__half2 h) { return bitsOf(h.x) | bitsOf(h.y) << 16; }
__host__ __device__ unsigned bitsOf(__nv_bfloat162 h) { return bitsOf(h.x) | bitsOf(h.y) << 16; }
template <class T> __host__ __device__ T make(int g);
template <> __host__ __device__ __half make<__half>(int g) { return __ushort_as_half(pattern(g, 0)); }
template <> __host__ __device__ __nv_bfloat16 make<__nv_bfloat16>(int g) { return __ushort_as_bfloat16(pattern(g, 1)); }
template <> __host__ __device__ __half2 make<__half2>(int g) {
  return __halves2half2(__ushort_as_half(pattern(g, 2)), __ushort_as_half(pattern(g, 3)));
}
template <> __host__ __device__ __nv_bfloat162 make<__nv_bfloat162>(int g) {
  return __halves2bfloat162(__ushort_as_bfloat16(pattern(g, 4)), __ushort_as_bfloat16(pattern(g, 5)));
}

template <class T>
__global__ void shuffle(const int *modes, const int *args, const int *widths, int ncfg, unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x, n = gridDim.x * blockDim.x;
  T v = make<T>(g);
  for (int c = 0; c < ncfg; ++c) {
    T r;
    switch (modes[c]) {
    case IDX: r = __shfl_sync(FULL, v, args[c], widths[c]); break;
    case UP: r = __shfl_up_sync(FULL, v, (unsigned)args[c], widths[c]); break;
    case DOWN: r = __shfl_down_sync(FULL, v, (unsigned)args[c], widths[c]); break;
    default: r = __shfl_xor_sync(FULL, v, args[c], widths[c]); break;
    }
    out[c * n + g] = bitsOf(r);
  }
  // Default width.
  out[ncfg * n + g] = bitsOf(__shfl_xor_sync(FULL, v, 5));
}

// PTX ISA shfl.sync: c = ((32 - width) << 8) | (up ? 0 : 0x1f).
static int sourceLane(int mode, int lane, int b, int width) {
  int c = ((32 - width) << 8) | (mode == UP ? 0 : 0x1f);
  int bval = b & 31, cval = c & 31, segmask = (c >> 8) & 31;
  int maxLane = (lane & segmask) | (cval & ~segmask), minLane = lane & segmask, j;
  bool inRange;
  switch (mode) {
  case UP: j = lane - bval; inRange = j >= maxLane; break;
  case DOWN: j = lane + bval; inRange = j <= maxLane; break;
  case XOR: j = lane ^ bval; inRange = j <= maxLane; break;
  default: j = minLane | (bval & ~segmask); inRange = j <= maxLane; break;
  }
  return inRange ? j : lane;
}

template <class T> static int checkShuffles(const char *name) {
  std::vector<int> modes, args, widths;
  for (int w : {1, 2, 4, 8, 16, 32}) {
    for (int a : {0, 3, 17, 31, 33, -1}) { modes.push_back(IDX); args.push_back(a); widths.push_back(w); }
    for (int m : {UP, DOWN})
      for (int a : {0, 1, 3, 8, 16, 31}) { modes.push_back(m); args.push_back(a); widths.push_back(w); }
    for (int a : {1, 2, 7, 16, 31}) { modes.push_back(XOR); args.push_back(a); widths.push_back(w); }
  }
  int ncfg = (int)modes.size(), n = 2 * 64;
  int *dm, *da, *dw;
  unsigned *out;
  CHECK_CUDA(cudaMallocManaged(&dm, ncfg * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&da, ncfg * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&dw, ncfg * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&out, (ncfg + 1) * n * sizeof(unsigned)));
  memcpy(dm, modes.data(), ncfg * sizeof(int));
  memcpy(da, args.data(), ncfg * sizeof(int));
  memcpy(dw, widths.data(), ncfg * sizeof(int));
  shuffle<T><<<2, 64>>>(dm, da, dw, ncfg, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int c = 0; c <= ncfg; ++c)
    for (int g = 0; g < n; ++g) {
      int lane = g % 32;
      int src = c == ncfg ? sourceLane(XOR, lane, 5, 32) : sourceLane(modes[c], lane, args[c], widths[c]);
      unsigned want = bitsOf(make<T>(g - lane + src));
      EXPECT(out[c * n + g] == want, "%s config %d thread %d: got %08x want %08x", name, c, g, out[c * n + g], want);
    }
  cudaFree(dm); cudaFree(da); cudaFree(dw); cudaFree(out);
  return 0;
}

// A warp sum of halves in the usual tree, against the same tree computed on the host.
__global__ void warpSum(const __half2 *in, __half2 *out) {
  __half2 v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2)
    v = __hadd2(v, __shfl_down_sync(FULL, v, offset));
  if (threadIdx.x % 32 == 0) out[threadIdx.x / 32] = v;
}

// ---- Atomics ----------------------------------------------------------------------------------

struct Counters {
  __half h[4];           // h[0] and h[3] counted, h[1] and h[2] sentinels sharing their words
  __half2 h2;
  __nv_bfloat16 b[4];    // likewise
  __nv_bfloat162 b2;
  __half sharedResult[2];
};

__global__ void hammer(Counters *c, unsigned short *oldH, unsigned short *oldB) {
  __shared__ __half s[2];
  if (threadIdx.x < 2) s[threadIdx.x] = __float2half(0.0f);
  __syncthreads();
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  // 2048 threads: 1024 increments of each half counter (exact up to 2048).
  oldH[g] = __half_as_ushort(atomicAdd(&c->h[(g & 1) * 3], __float2half(1.0f)));
  atomicAdd(&c->h2, __floats2half2_rn(1.0f, 0.5f));
  // 512 of them: 256 increments of each bfloat16 counter (exact up to 256).
  if (g < 512)
    oldB[g] = __bfloat16_as_ushort(atomicAdd(&c->b[(g & 1) * 3], __float2bfloat16(1.0f)));
  if (g < 256)
    atomicAdd(&c->b2, __floats2bfloat162_rn(1.0f, 0.25f));
  atomicAdd(&s[threadIdx.x & 1], __float2half(1.0f));
  __syncthreads();
  if (threadIdx.x < 2) atomicAdd(&c->sharedResult[threadIdx.x], s[threadIdx.x]);
}

// ---- Cache-hinted loads and stores ------------------------------------------------------------

template <class T> __global__ void loadsStores(const T *in, T *out) {
  int i = threadIdx.x;
  T v;
  switch (i % 6) {
  case 0: v = __ldg(&in[i]); break;
  case 1: v = __ldcg(&in[i]); break;
  case 2: v = __ldca(&in[i]); break;
  case 3: v = __ldcs(&in[i]); break;
  case 4: v = __ldlu(&in[i]); break;
  default: v = __ldcv(&in[i]); break;
  }
  switch (i % 4) {
  case 0: __stwb(&out[i], v); break;
  case 1: __stcg(&out[i], v); break;
  case 2: __stcs(&out[i], v); break;
  default: __stwt(&out[i], v); break;
  }
}
template <class T> static int checkLoadsStores(const char *name) {
  T *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&out, 64 * sizeof(T)));
  for (int i = 0; i < 64; ++i) in[i] = make<T>(i);
  loadsStores<T><<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int i = 0; i < 64; ++i) EXPECT(bitsOf(out[i]) == bitsOf(in[i]), "%s load/store %d", name, i);
  cudaFree(in); cudaFree(out);
  return 0;
}

int main() {
  if (checkShuffles<__half>("half") || checkShuffles<__half2>("half2") ||
      checkShuffles<__nv_bfloat16>("bfloat16") || checkShuffles<__nv_bfloat162>("bfloat162"))
    return 1;

  __half2 *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, 64 * sizeof(__half2)));
  CHECK_CUDA(cudaMallocManaged(&out, 2 * sizeof(__half2)));
  for (int i = 0; i < 64; ++i) in[i] = __floats2half2_rn(0.1f * i, 1.0f / (i + 1));
  warpSum<<<1, 64>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int w = 0; w < 2; ++w) {
    // Each round, every lane reads its partner's value from before the round (its own past
    // the end of the warp).
    std::vector<__half2> t(in + 32 * w, in + 32 * w + 32);
    for (int offset = 16; offset > 0; offset /= 2) {
      std::vector<__half2> next = t;
      for (int lane = 0; lane < 32; ++lane)
        next[lane] = __hadd2(t[lane], t[lane + offset < 32 ? lane + offset : lane]);
      t = next;
    }
    EXPECT(bitsOf(out[w]) == bitsOf(t[0]), "warp sum %d: got %08x want %08x", w, bitsOf(out[w]), bitsOf(t[0]));
  }

  Counters *c;
  unsigned short *oldH, *oldB;
  CHECK_CUDA(cudaMallocManaged(&c, sizeof(Counters)));
  CHECK_CUDA(cudaMallocManaged(&oldH, 2048 * 2));
  CHECK_CUDA(cudaMallocManaged(&oldB, 512 * 2));
  memset(c, 0, sizeof(Counters));
  c->h[1] = __ushort_as_half(0x7e55); // NaN with a payload: any rewrite would show
  c->h[2] = __ushort_as_half(0x9234);
  c->b[1] = __ushort_as_bfloat16(0x7fc5);
  c->b[2] = __ushort_as_bfloat16(0x8123);
  hammer<<<8, 256>>>(c, oldH, oldB);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(__half2float(c->h[0]) == 1024.0f && __half2float(c->h[3]) == 1024.0f, "half counters %g %g",
         __half2float(c->h[0]), __half2float(c->h[3]));
  EXPECT(__half_as_ushort(c->h[1]) == 0x7e55 && __half_as_ushort(c->h[2]) == 0x9234, "half neighbours disturbed");
  EXPECT(__low2float(c->h2) == 2048.0f && __high2float(c->h2) == 1024.0f, "half2 counter %g %g",
         __low2float(c->h2), __high2float(c->h2));
  EXPECT(__bfloat162float(c->b[0]) == 256.0f && __bfloat162float(c->b[3]) == 256.0f, "bfloat16 counters %g %g",
         __bfloat162float(c->b[0]), __bfloat162float(c->b[3]));
  EXPECT(__bfloat16_as_ushort(c->b[1]) == 0x7fc5 && __bfloat16_as_ushort(c->b[2]) == 0x8123,
         "bfloat16 neighbours disturbed");
  EXPECT(__low2float(c->b2) == 256.0f && __high2float(c->b2) == 64.0f, "bfloat162 counter %g %g",
         __low2float(c->b2), __high2float(c->b2));
  EXPECT(__half2float(c->sharedResult[0]) == 1024.0f && __half2float(c->sharedResult[1]) == 1024.0f,
         "shared-memory counters %g %g", __half2float(c->sharedResult[0]), __half2float(c->sharedResult[1]));
  // Each counter returned every old value from 0 to its final count minus one exactly once.
  for (int parity = 0; parity < 2; ++parity) {
    std::vector<float> seen;
    for (int g = parity; g < 2048; g += 2) seen.push_back(__half2float(__ushort_as_half(oldH[g])));
    std::sort(seen.begin(), seen.end());
    for (int k = 0; k < 1024; ++k) EXPECT(seen[k] == (float)k, "half old values %d: %g", k, seen[k]);
    std::vector<float> seenB;
    for (int g = parity; g < 512; g += 2) seenB.push_back(__bfloat162float(__ushort_as_bfloat16(oldB[g])));
    std::sort(seenB.begin(), seenB.end());
    for (int k = 0; k < 256; ++k) EXPECT(seenB[k] == (float)k, "bfloat16 old values %d: %g", k, seenB[k]);
  }

  if (checkLoadsStores<__half>("half") || checkLoadsStores<__half2>("half2") ||
      checkLoadsStores<__nv_bfloat16>("bfloat16") || checkLoadsStores<__nv_bfloat162>("bfloat162"))
    return 1;

  if (failures) {
    printf("FAILED (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
