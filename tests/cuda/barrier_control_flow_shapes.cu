// Barriers in less common control-flow shapes: a __device__ function containing
// __syncthreads() called from two places and from inside a loop, a barrier inside a uniform
// switch, `continue` (uniform) that skips a barrier, a loop whose exit test reads shared
// memory written before a barrier, a barrier in a loop nested in an if inside a loop, and warp
// shuffles mixed with barriers in the same loop body.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

__device__ int rotateShared(int *s, int v, int by) {
  int t = threadIdx.x, n = blockDim.x;
  s[t] = v;
  __syncthreads();
  int r = s[(t + by) % n];
  __syncthreads();
  return r;
}

__global__ void shapes(const int *params, int *out) {
  __shared__ int s[256];
  __shared__ int stop;
  int t = threadIdx.x, n = blockDim.x, lane = t % 32;
  int v = t;
  // device function with barriers, called twice and in a loop
  v = rotateShared(s, v, 1);
  v = rotateShared(s, v * 2, 3);
  for (int i = 0; i < params[0]; ++i) v = rotateShared(s, v + i, i + 1);
  // uniform switch with barriers in the cases
  switch (params[1] % 3) {
  case 0: s[t] = v + 1; __syncthreads(); v = s[n - 1 - t]; break;
  case 1: s[t] = v - 1; __syncthreads(); v = s[(t + 7) % n]; break;
  default: v = v * 3; break;
  }
  __syncthreads();
  // uniform continue that skips a barrier on some iterations
  for (int i = 0; i < 6; ++i) {
    if (i % params[2] == 0) continue;
    s[t] = v;
    __syncthreads();
    v = s[(t + i) % n] ^ i;
    __syncthreads();
  }
  // exit test from shared memory
  if (t == 0) stop = 0;
  __syncthreads();
  int rounds = 0;
  while (!stop) {
    ++rounds;
    s[t] = v + rounds;
    __syncthreads();
    v = s[(t + 1) % n];
    if (t == 0 && rounds >= params[3]) stop = 1;
    __syncthreads();
  }
  // loop { if (uniform) { loop { barrier } } }
  for (int i = 0; i < 3; ++i) {
    if ((i + params[0]) % 2 == 0) {
      for (int j = 0; j < i + 1; ++j) {
        s[t] = v + j;
        __syncthreads();
        v = s[(t + j + 1) % n] - j;
        __syncthreads();
      }
    }
  }
  // shuffles and barriers in one loop body
  for (int i = 0; i < 4; ++i) {
    int w = __shfl_xor_sync(0xffffffffu, v, 1 << i);
    s[t] = w + v;
    __syncthreads();
    v = s[(t + 32) % n] + (lane == 0 ? i : 0);
    __syncthreads();
  }
  out[t] = v;
}

int main() {
  const int n = 128;
  int *params, *out;
  cudaMallocManaged(&params, 4 * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  int failures = 0;
  int sets[3][4] = {{2, 0, 2, 3}, {3, 1, 3, 1}, {0, 2, 1, 5}};
  for (auto &ps : sets) {
    for (int k = 0; k < 4; ++k) params[k] = ps[k];
    shapes<<<1, n>>>(params, out);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
    std::vector<int> v(n), s(n);
    auto rot = [&](std::vector<int> x, int by) { std::vector<int> r(n); for (int t = 0; t < n; ++t) r[t] = x[(t + by) % n]; return r; };
    for (int t = 0; t < n; ++t) v[t] = t;
    v = rot(v, 1);
    for (int t = 0; t < n; ++t) v[t] *= 2;
    v = rot(v, 3);
    for (int i = 0; i < ps[0]; ++i) { for (int t = 0; t < n; ++t) v[t] += i; v = rot(v, i + 1); }
    std::vector<int> nv(n);
    switch (ps[1] % 3) {
    case 0: for (int t = 0; t < n; ++t) nv[t] = v[n - 1 - t] + 1; v = nv; break;
    case 1: for (int t = 0; t < n; ++t) nv[t] = v[(t + 7) % n] - 1; v = nv; break;
    default: for (int t = 0; t < n; ++t) v[t] *= 3; break;
    }
    for (int i = 0; i < 6; ++i) {
      if (i % ps[2] == 0) continue;
      for (int t = 0; t < n; ++t) nv[t] = v[(t + i) % n] ^ i;
      v = nv;
    }
    int rounds = 0;
    do {
      ++rounds;
      for (int t = 0; t < n; ++t) nv[t] = v[(t + 1) % n] + rounds;
      v = nv;
    } while (rounds < ps[3]);
    for (int i = 0; i < 3; ++i)
      if ((i + ps[0]) % 2 == 0)
        for (int j = 0; j < i + 1; ++j) {
          for (int t = 0; t < n; ++t) nv[t] = v[(t + j + 1) % n] + j - j;
          v = nv;
        }
    for (int i = 0; i < 4; ++i) {
      for (int t = 0; t < n; ++t) s[t] = v[t ^ (1 << i)] + v[t];
      for (int t = 0; t < n; ++t) nv[t] = s[(t + 32) % n] + (t % 32 == 0 ? i : 0);
      v = nv;
    }
    for (int t = 0; t < n; ++t)
      if (out[t] != v[t] && failures++ < 10) printf("params %d %d %d %d thread %d: %d, expected %d\n", ps[0], ps[1], ps[2], ps[3], t, out[t], v[t]);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
