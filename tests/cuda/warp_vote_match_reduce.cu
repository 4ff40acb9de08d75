// Converged-warp collectives with the full mask: __activemask, __ballot_sync, __any_sync,
// __all_sync, __match_any_sync/__match_all_sync (32- and 64-bit, sm_70+) and
// __reduce_add/min/max_sync (int and unsigned) and __reduce_and/or/xor_sync (sm_80), over
// several blocks of 96 threads, against host references.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#define FULL 0xffffffffu
#define NOUT 18

__host__ __device__ unsigned valueOf(int g, int k) {
  unsigned x = g * 2654435761u + k * 40503u;
  x ^= x >> 13;
  return x;
}

__global__ void collectives(unsigned *out) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned *o = out + g * NOUT;
  unsigned v = valueOf(g, 0);
  int sv = (int)valueOf(g, 1) % 1000; // signed, both signs
  o[0] = __activemask();
  o[1] = __ballot_sync(FULL, v & 1);
  o[2] = __ballot_sync(FULL, 0);
  o[3] = __any_sync(FULL, (v % 97) == 0); // usually false
  o[4] = __any_sync(FULL, threadIdx.x == 90);
  o[5] = __all_sync(FULL, v != 12345);
  o[6] = __all_sync(FULL, (v & 3) != 0);
  o[7] = __match_any_sync(FULL, v % 5);                                  // 32-bit key
  o[8] = __match_any_sync(FULL, (unsigned long long)(v % 3) << 40 | 7); // 64-bit key, high bits differ
  int pred = 0;
  o[9] = __match_all_sync(FULL, (g / 32) * 10, &pred); // same in the whole warp
  o[10] = pred;
  o[11] = __match_all_sync(FULL, (long long)(threadIdx.x % 32 == 3), &pred); // differs
  o[12] = pred;
  o[13] = (unsigned)__reduce_add_sync(FULL, sv);
  o[14] = (unsigned)__reduce_min_sync(FULL, sv);
  o[15] = (unsigned)__reduce_max_sync(FULL, sv);
  o[16] = __reduce_max_sync(FULL, v) ^ __reduce_min_sync(FULL, v) ^ __reduce_add_sync(FULL, v);
  o[17] = __reduce_and_sync(FULL, v | 0x80000001u) ^ (__reduce_or_sync(FULL, v & 0xff00) << 1) ^
          (__reduce_xor_sync(FULL, v) * 3u);
}

int main() {
  const int blocks = 3, threads = 96, n = blocks * threads;
  unsigned *out;
  cudaMallocManaged(&out, n * NOUT * sizeof(unsigned));
  collectives<<<blocks, threads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  for (int g = 0; g < n; ++g) {
    int base = g - g % 32;
    unsigned want[NOUT] = {};
    want[0] = FULL;
    unsigned any3 = 0, all6 = 1, addu = 0, minu = ~0u, maxu = 0, andv = ~0u, orv = 0, xorv = 0;
    int adds = 0, mins = 1 << 30, maxs = -(1 << 30);
    for (int l = 0; l < 32; ++l) {
      unsigned v = valueOf(base + l, 0);
      int sv = (int)valueOf(base + l, 1) % 1000;
      want[1] |= (v & 1u) << l;
      any3 |= (v % 97) == 0;
      all6 &= (v & 3) != 0;
      if (v % 5 == valueOf(g, 0) % 5) want[7] |= 1u << l;
      if (v % 3 == valueOf(g, 0) % 3) want[8] |= 1u << l;
      adds += sv; mins = sv < mins ? sv : mins; maxs = sv > maxs ? sv : maxs;
      addu += v; minu = v < minu ? v : minu; maxu = v > maxu ? v : maxu;
      andv &= v | 0x80000001u; orv |= v & 0xff00; xorv ^= v;
    }
    want[3] = any3;
    want[4] = (g % threads) / 32 == 2; // thread 90 is in the third warp of each block
    want[5] = 1;
    want[6] = all6;
    want[9] = FULL; want[10] = 1; want[11] = 0; want[12] = 0;
    want[13] = (unsigned)adds; want[14] = (unsigned)mins; want[15] = (unsigned)maxs;
    want[16] = maxu ^ minu ^ addu;
    want[17] = andv ^ (orv << 1) ^ (xorv * 3u);
    for (int k = 0; k < NOUT; ++k) {
      unsigned got = out[g * NOUT + k];
      bool ok = (k >= 3 && k <= 6) || k == 10 || k == 12 ? (got != 0) == (want[k] != 0) : got == want[k];
      if (!ok && failures++ < 10) printf("thread %d, result %d: got %#x, expected %#x\n", g, k, got, want[k]);
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
