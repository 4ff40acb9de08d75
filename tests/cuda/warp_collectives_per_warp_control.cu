// Warp collectives under warp-uniform (but not block-uniform) control flow mixed with block
// barriers: warps run different numbers of shuffle iterations between the same two
// __syncthreads(), take different branches with different collectives per iteration, and
// loop "while (__any_sync(...))" with per-lane work counts.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

#define FULL 0xffffffffu

__global__ void perWarp(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x, lane = t % 32, w = t / 32, n = blockDim.x;
  int v = t * 5 + 1;
  for (int i = 0; i < 4; ++i) {
    // warp w runs w + i shuffle steps
    for (int k = 0; k < w + i; ++k) v += __shfl_down_sync(FULL, v, 1) & 0xff;
    if ((i + w) % 2 == 0) v ^= __ballot_sync(FULL, v & 1);
    else v += __reduce_max_sync(FULL, (unsigned)(v & 0xfff));
    s[t] = v;
    __syncthreads();
    v = s[(t + 32) % n] + i;
    __syncthreads();
  }
  // converged loop while any lane still has work
  int work = (lane * 7 + w) % 9, k = 0, acc = 0;
  while (__any_sync(FULL, k < work)) {
    int contrib = k < work ? k + 1 : 0;
    acc += __reduce_add_sync(FULL, (unsigned)contrib);
    ++k;
  }
  out[t] = v;
  out[n + t] = acc * 100 + k;
}

int main() {
  const int n = 192, warps = n / 32;
  int *out;
  cudaMallocManaged(&out, 2 * n * sizeof(int));
  perWarp<<<1, n>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  std::vector<int> v(n), nv(n);
  for (int t = 0; t < n; ++t) v[t] = t * 5 + 1;
  for (int i = 0; i < 4; ++i) {
    for (int w = 0; w < warps; ++w) {
      int *x = &v[w * 32];
      for (int k = 0; k < w + i; ++k) {
        int y[32];
        for (int l = 0; l < 32; ++l) y[l] = x[l] + ((l + 1 < 32 ? x[l + 1] : x[l]) & 0xff);
        for (int l = 0; l < 32; ++l) x[l] = y[l];
      }
      if ((i + w) % 2 == 0) {
        unsigned b = 0;
        for (int l = 0; l < 32; ++l) b |= (unsigned)(x[l] & 1) << l;
        for (int l = 0; l < 32; ++l) x[l] ^= (int)b;
      } else {
        unsigned m = 0;
        for (int l = 0; l < 32; ++l) m = (unsigned)(x[l] & 0xfff) > m ? (unsigned)(x[l] & 0xfff) : m;
        for (int l = 0; l < 32; ++l) x[l] += (int)m;
      }
    }
    for (int t = 0; t < n; ++t) nv[t] = v[(t + 32) % n] + i;
    v = nv;
  }
  int failures = 0;
  for (int t = 0; t < n; ++t) {
    if (out[t] != v[t] && failures++ < 10) printf("thread %d: %d, expected %d\n", t, out[t], v[t]);
    int w = t / 32, maxWork = 0, acc = 0;
    for (int l = 0; l < 32; ++l) maxWork = (l * 7 + w) % 9 > maxWork ? (l * 7 + w) % 9 : maxWork;
    for (int k = 0; k < maxWork; ++k)
      for (int l = 0; l < 32; ++l) acc += k < (l * 7 + w) % 9 ? k + 1 : 0;
    int want = acc * 100 + maxWork;
    if (out[n + t] != want && failures++ < 10) printf("thread %d any-loop: %d, expected %d\n", t, out[n + t], want);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
