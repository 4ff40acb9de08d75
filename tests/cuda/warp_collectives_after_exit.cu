// Warp collectives wait only for the non-exited threads named in the mask (PTX ISA shfl.sync,
// vote.sync, bar.warp.sync, redux.sync, match.sync): after some lanes have returned, the rest
// may still use the full mask. Lanes 16-31 of warp 0, the odd lanes of warp 1 and all lanes but
// 5 of warp 2 exit first.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <csignal>
#include <unistd.h>

#define FULL 0xffffffffu
#define NOUT 7

__host__ __device__ bool exits(int t) {
  int warp = t / 32, lane = t % 32;
  return warp == 0 ? lane >= 16 : warp == 1 ? (lane & 1) : lane != 5;
}

__global__ void afterExit(int *out) {
  __shared__ int s[96];
  int t = threadIdx.x, lane = t % 32;
  if (exits(t)) return;
  int *o = out + t * NOUT;
  int v = t * 3 + 1;
  o[0] = __activemask();
  unsigned present = __ballot_sync(FULL, 1);
  o[1] = present;
  o[2] = __reduce_add_sync(FULL, (unsigned)v);
  o[3] = __all_sync(FULL, v > 0);
  s[t] = v;
  __syncwarp();
  o[4] = s[t - lane + __ffs(present) - 1]; // the lowest remaining lane's value
  // a partner that is still present: lanes 0-15 pair with lane^1, odd-exited warp uses lane^2
  int partner = (t / 32 == 0) ? 1 : (t / 32 == 1) ? 2 : 0;
  o[5] = __shfl_xor_sync(FULL, v, partner);
  o[6] = __match_any_sync(FULL, lane / 8);
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
  cudaMallocManaged(&out, 96 * NOUT * sizeof(int));
  for (int i = 0; i < 96 * NOUT; ++i) out[i] = -7;
  afterExit<<<1, 96>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  for (int t = 0; t < 96; ++t) {
    if (exits(t)) continue;
    int base = t - t % 32;
    unsigned present = 0;
    int sum = 0;
    for (int l = 0; l < 32; ++l)
      if (!exits(base + l)) { present |= 1u << l; sum += (base + l) * 3 + 1; }
    int low = base + __builtin_ctz(present);
    int partner = (t / 32 == 0) ? 1 : (t / 32 == 1) ? 2 : 0;
    unsigned match = 0;
    for (int l = 0; l < 32; ++l)
      if ((present >> l & 1) && l / 8 == (t % 32) / 8) match |= 1u << l;
    int want[NOUT] = {(int)present, (int)present, sum, 1, low * 3 + 1, (t ^ partner) * 3 + 1, (int)match};
    for (int k = 0; k < NOUT; ++k) {
      bool ok = k == 0 ? (out[t * NOUT] & ~present) == 0 && (out[t * NOUT] >> (t % 32) & 1) // subset containing self
                       : k == 3 ? out[t * NOUT + k] != 0 : out[t * NOUT + k] == want[k];
      if (!ok && failures++ < 10) printf("thread %d value %d: %#x, expected %#x\n", t, k, out[t * NOUT + k], want[k]);
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
