// Warp collectives inside divergent branches with a partial member mask (valid since Volta):
// lanes 0-15 with mask 0x0000ffff and lanes 16-31 with 0xffff0000 running different
// collectives in the two arms, nested divergence (lanes 0-7 with 0xff), odd lanes only, and a
// loop from which lanes drop out while the rest keep using __ballot_sync/__reduce_add_sync
// with the shrinking mask.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#define NOUT 12

__global__ void divergent(int *out) {
  __shared__ int s[64];
  int t = threadIdx.x, lane = t % 32;
  int *o = out + t * NOUT;
  int v = t * 10 + 3;
  if (lane < 16) {
    o[0] = __shfl_xor_sync(0x0000ffffu, v, 5);
    o[1] = __shfl_down_sync(0x0000ffffu, v, 4, 16); // lanes 12-15 keep their own value
    o[2] = __ballot_sync(0x0000ffffu, lane & 2);
    o[3] = __reduce_add_sync(0x0000ffffu, (unsigned)v);
    s[t] = v * 2;
    __syncwarp(0x0000ffffu);
    o[4] = s[t ^ 15];
    unsigned am = __activemask();
    o[5] = (am & (1u << lane)) && !(am & 0xffff0000u); // contains self, no lanes of the else arm
    if (lane < 8) {
      o[6] = __shfl_sync(0x000000ffu, v, 7 - lane);
      o[7] = __match_any_sync(0x000000ffu, lane & 1);
    } else {
      o[6] = __shfl_up_sync(0x0000ff00u, v, 1, 8); // lanes 8-15 form their own 8-lane segment
      o[7] = __all_sync(0x0000ff00u, v > 0);
    }
  } else {
    o[0] = __shfl_sync(0xffff0000u, v, 31 - lane + 16);
    o[1] = __shfl_up_sync(0xffff0000u, v, 2, 16); // lanes 16,17 keep their own value
    o[2] = __ballot_sync(0xffff0000u, lane % 3 == 0);
    o[3] = __reduce_max_sync(0xffff0000u, (unsigned)(v % 17));
    s[t] = v + 1;
    __syncwarp(0xffff0000u);
    o[4] = s[t ^ 1];
    unsigned am = __activemask();
    o[5] = (am & (1u << lane)) && !(am & 0x0000ffffu);
    o[6] = __any_sync(0xffff0000u, lane == 20);
    o[7] = __match_any_sync(0xffff0000u, (long long)(lane / 8));
  }
  // odd lanes only
  if (lane & 1) {
    o[8] = __shfl_sync(0xaaaaaaaau, v, (lane + 2) % 32); // (lane+2)%32 is odd: a member
    o[9] = __ballot_sync(0xaaaaaaaau, lane > 20);
  } else {
    o[8] = -1;
    o[9] = -1;
  }
  // lanes drop out of a loop: lane runs lane % 5 + 1 iterations
  int iters = lane % 5 + 1;
  unsigned active = 0xffffffffu;
  int acc = 0;
  for (int i = 0;; ++i) {
    acc += __reduce_add_sync(active, (unsigned)(i * 100 + lane));
    unsigned next = __ballot_sync(active, i + 1 < iters);
    if (i + 1 >= iters) break;
    active = next;
  }
  o[10] = acc;
  o[11] = (int)active;
}

int main() {
  const int n = 64;
  int *out;
  cudaMallocManaged(&out, n * NOUT * sizeof(int));
  divergent<<<1, n>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  auto V = [](int t) { return t * 10 + 3; };
  for (int t = 0; t < n; ++t) {
    int lane = t % 32, base = t - lane;
    int want[NOUT] = {};
    if (lane < 16) {
      want[0] = V(t ^ 5);
      want[1] = lane + 4 < 16 ? V(t + 4) : V(t);
      for (int l = 0; l < 16; ++l) want[2] |= (l & 2) ? 1 << l : 0;
      for (int l = 0; l < 16; ++l) want[3] += V(base + l);
      want[4] = V(t ^ 15) * 2;
      want[5] = 1;
      if (lane < 8) {
        want[6] = V(base + 7 - lane);
        for (int l = 0; l < 8; ++l) want[7] |= ((l & 1) == (lane & 1)) << l;
      } else {
        want[6] = lane > 8 ? V(t - 1) : V(t);
        want[7] = 1;
      }
    } else {
      want[0] = V(base + 31 - lane + 16);
      want[1] = lane >= 18 ? V(t - 2) : V(t);
      for (int l = 16; l < 32; ++l) want[2] |= (l % 3 == 0) ? 1 << l : 0;
      for (int l = 16; l < 32; ++l) want[3] = V(base + l) % 17 > want[3] ? V(base + l) % 17 : want[3];
      want[4] = V(t ^ 1) + 1;
      want[5] = 1;
      want[6] = 1;
      for (int l = 16; l < 32; ++l) want[7] |= (l / 8 == lane / 8) ? 1 << l : 0;
    }
    if (lane & 1) {
      want[8] = V(base + (lane + 2) % 32);
      for (int l = 21; l < 32; l += 2) want[9] |= 1 << l;
    } else {
      want[8] = want[9] = -1;
    }
    int iters = lane % 5 + 1, acc = 0;
    unsigned active = 0xffffffffu;
    for (int i = 0;; ++i) {
      int sum = 0;
      unsigned next = 0;
      for (int l = 0; l < 32; ++l)
        if (active & (1u << l)) {
          sum += i * 100 + l;
          if (i + 1 < l % 5 + 1) next |= 1u << l;
        }
      acc += sum;
      if (i + 1 >= iters) break;
      active = next;
    }
    want[10] = acc;
    want[11] = (int)active;
    for (int k = 0; k < NOUT; ++k) {
      int got = out[t * NOUT + k];
      bool ok = (k == 5 || (k == 6 && lane >= 16) || (k == 7 && lane >= 8 && lane < 16)) ? (got != 0) == (want[k] != 0)
                                                                                        : got == want[k];
      if (!ok && failures++ < 10) printf("thread %d result %d: got %#x, expected %#x\n", t, k, got, want[k]);
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
