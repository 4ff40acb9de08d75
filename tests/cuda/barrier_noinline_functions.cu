// __syncthreads() and warp collectives inside __noinline__ and __forceinline__ device functions
// (with __restrict__ pointers and a __launch_bounds__ kernel), called from several call sites,
// from a loop and through a template; each call must synchronise the whole block again.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

__device__ __noinline__ int blockSum(int *__restrict__ s, int v) {
  int t = threadIdx.x;
  v += __shfl_xor_sync(0xffffffffu, v, 16);
  v += __shfl_xor_sync(0xffffffffu, v, 8);
  v += __shfl_xor_sync(0xffffffffu, v, 4);
  v += __shfl_xor_sync(0xffffffffu, v, 2);
  v += __shfl_xor_sync(0xffffffffu, v, 1);
  if (t % 32 == 0) s[t / 32] = v;
  __syncthreads();
  int total = 0;
  for (int w = 0; w < (int)blockDim.x / 32; ++w) total += s[w];
  __syncthreads();
  return total;
}

__device__ __forceinline__ int shiftLeft(int *__restrict__ s, int v) {
  s[threadIdx.x] = v;
  __syncthreads();
  int r = s[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  return r;
}

template <int K> __device__ __noinline__ int repeatShift(int *s, int v) {
  for (int i = 0; i < K; ++i) v = shiftLeft(s, v) + i;
  return v;
}

__global__ void __launch_bounds__(256, 2) kernel(const int *__restrict__ in, int *__restrict__ out, int rounds) {
  __shared__ int s[256];
  int t = threadIdx.x;
  int v = in[t];
  int a = blockSum(s, v);
  int b = blockSum(s, v * 2);
  for (int r = 0; r < rounds; ++r) v = shiftLeft(s, v) + blockSum(s, r);
  v = repeatShift<3>(s, v);
  out[t] = v + a + b;
}

int main() {
  const int n = 256, rounds = 4;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  for (int t = 0; t < n; ++t) in[t] = t % 17 - 8;
  kernel<<<1, n>>>(in, out, rounds);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  std::vector<int> v(in, in + n), nv(n);
  int a = 0;
  for (int t = 0; t < n; ++t) a += in[t];
  int b = 2 * a;
  for (int r = 0; r < rounds; ++r) {
    for (int t = 0; t < n; ++t) nv[t] = v[(t + 1) % n] + r * n;
    v = nv;
  }
  for (int i = 0; i < 3; ++i) {
    for (int t = 0; t < n; ++t) nv[t] = v[(t + 1) % n] + i;
    v = nv;
  }
  int failures = 0;
  for (int t = 0; t < n; ++t)
    if (out[t] != v[t] + a + b && failures++ < 10) printf("thread %d: %d, expected %d\n", t, out[t], v[t] + a + b);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
