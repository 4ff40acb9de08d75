// Since sm_70 the lanes of a warp may meet at a warp-synchronous operation from different call
// sites: the PTX ISA restricts "the same bar.warp.sync / shfl.sync instruction in convergence"
// to sm_6x and below. Here the two half-warps of each warp take different branches and reach
// __syncwarp(), __shfl_sync(), __ballot_sync() and __reduce_add_sync() with the full mask from
// different lines. A watchdog turns a deadlock into a failure.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <csignal>
#include <cstdlib>
#include <unistd.h>

#define FULL 0xffffffffu

__global__ void sites(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x, lane = t % 32;
  int *o = out + t * 4;
  int v = t * 10 + 1;
  if (lane < 16) {
    s[t] = v;
    __syncwarp();
    o[0] = s[t ^ 16];
    o[1] = __shfl_sync(FULL, v, 31 - lane);
    o[2] = __ballot_sync(FULL, lane & 1);
    o[3] = __reduce_add_sync(FULL, 1u);
  } else {
    s[t] = -v;
    __syncwarp();
    o[0] = s[t ^ 16];
    o[1] = __shfl_sync(FULL, v * 2, 31 - lane);
    o[2] = __ballot_sync(FULL, lane % 3 == 0);
    o[3] = __reduce_add_sync(FULL, 100u);
  }
}

static void watchdog(int) {
  const char msg[] = "FAIL: timed out (deadlock)\n";
  write(1, msg, sizeof msg - 1);
  _exit(1);
}

int main() {
  signal(SIGALRM, watchdog);
  alarm(10);
  int *out;
  cudaMallocManaged(&out, 64 * 4 * sizeof(int));
  sites<<<1, 64>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  for (int t = 0; t < 64; ++t) {
    int lane = t % 32, base = t - lane;
    int partner = t ^ 16;
    int src = base + 31 - lane;
    unsigned ballot = 0;
    for (int l = 0; l < 32; ++l) if (l < 16 ? (l & 1) : (l % 3 == 0)) ballot |= 1u << l;
    int want[4] = {(partner % 32 < 16) ? partner * 10 + 1 : -(partner * 10 + 1),
                   (src % 32 < 16) ? src * 10 + 1 : (src * 10 + 1) * 2, (int)ballot, 16 * 1 + 16 * 100};
    for (int k = 0; k < 4; ++k)
      if (out[t * 4 + k] != want[k] && failures++ < 10) printf("thread %d value %d: %d, expected %d\n", t, k, out[t * 4 + k], want[k]);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
