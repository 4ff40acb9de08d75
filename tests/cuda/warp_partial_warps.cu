// Warp collectives in a block whose last warp is partial (48, 40, 17 and 1 threads): the
// missing lanes are inactive, so __activemask() names only the present lanes, and collectives
// with that mask (ballot, any/all, shuffles within width 16/8, match, reduce, __syncwarp) see
// only them.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#define NOUT 10

__global__ void partial(unsigned *out, int *sums) {
  __shared__ int s[64];
  int t = threadIdx.x, lane = t % 32;
  unsigned mask = __activemask();
  unsigned *o = out + t * NOUT;
  o[0] = mask;
  o[1] = __ballot_sync(mask, lane % 3 == 0);
  o[2] = __any_sync(mask, t == blockDim.x - 1);
  o[3] = __all_sync(mask, t < blockDim.x);
  // width-8 butterfly sum: lanes of a present 8-lane group only exchange among themselves
  // (only when the block fills its last 8-lane group).
  int v = t * 3 + 1;
  if (blockDim.x % 8 == 0) {
    for (int m = 4; m >= 1; m >>= 1) v += __shfl_xor_sync(mask, v, m, 8);
  }
  o[4] = v;
  o[5] = __match_any_sync(mask, lane / 4);
  o[6] = __reduce_add_sync(mask, (unsigned)t);
  o[7] = __reduce_max_sync(mask, (unsigned)(t * 7 % 11));
  s[t] = t * t;
  __syncwarp(mask);
  o[8] = s[(lane ^ 1) < __popc(mask) ? (t ^ 1) : t];
  o[9] = __popc(mask);
  if (lane == 0) atomicAdd(sums, 1);
}

int main() {
  int failures = 0;
  unsigned *out;
  int *sums;
  cudaMallocManaged(&out, 64 * NOUT * sizeof(unsigned));
  cudaMallocManaged(&sums, sizeof(int));
  for (int n : {48, 40, 17, 1}) {
    *sums = 0;
    partial<<<1, n>>>(out, sums);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("n=%d: launch failed\n", n); failures++; continue; }
    if (*sums != (n + 31) / 32 && failures++ < 10) printf("n=%d: %d warps ran\n", n, *sums);
    for (int t = 0; t < n; ++t) {
      int base = t - t % 32, cnt = n - base < 32 ? n - base : 32;
      unsigned mask = cnt == 32 ? 0xffffffffu : (1u << cnt) - 1;
      unsigned want[NOUT] = {};
      want[0] = mask;
      for (int l = 0; l < cnt; ++l) {
        if (l % 3 == 0) want[1] |= 1u << l;
        if (l / 4 == (t % 32) / 4) want[5] |= 1u << l;
        want[6] += base + l;
        unsigned m = (base + l) * 7 % 11;
        if (m > want[7]) want[7] = m;
      }
      want[2] = (n - 1) / 32 == t / 32;
      want[3] = 1;
      int v = t * 3 + 1;
      if (n % 8 == 0) {
        int g0 = t - t % 8;
        v = 0;
        for (int k = 0; k < 8; ++k) v += (g0 + k) * 3 + 1;
      }
      want[4] = v;
      int lane = t % 32;
      want[8] = ((lane ^ 1) < cnt) ? (t ^ 1) * (t ^ 1) : t * t;
      want[9] = cnt;
      for (int k = 0; k < NOUT; ++k) {
        unsigned got = out[t * NOUT + k];
        bool ok = (k == 2 || k == 3) ? (got != 0) == (want[k] != 0) : got == want[k];
        if (!ok && failures++ < 10) printf("n=%d thread %d result %d: got %#x, expected %#x\n", n, t, k, got, want[k]);
      }
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
