// Barrier-free kernels whose threads diverge (data-dependent while loops, early returns,
// different switch arms, per-thread indirect stores) in full and partial tail blocks, where a
// CPU implementation may vectorise the loop over threads: every thread must compute exactly
// what it computes alone.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

__host__ __device__ int collatzSteps(unsigned long long x) {
  int s = 0;
  while (x != 1) { x = (x & 1) ? 3 * x + 1 : x / 2; ++s; }
  return s;
}

__host__ __device__ long long work(int i, const int *perm) {
  if (i % 7 == 3) return -1; // early return in the device version
  long long r = collatzSteps((unsigned long long)i + 1);
  switch (i % 4) {
  case 0: r *= 3; break;
  case 1: for (int k = 0; k < i % 13; ++k) r += k * k; break;
  case 2: r = -r; break;
  default: r ^= perm[i % 64]; break;
  }
  return r;
}

__global__ void divergent(const int *perm, long long *out, int *scatter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (i % 7 == 3) { out[i] = -1; return; }
  out[i] = work(i, perm);
  scatter[perm[i % 64] + 64 * (i / 64)] = i; // a permutation within each 64-slot chunk
}

int main() {
  int failures = 0;
  int *perm;
  cudaMallocManaged(&perm, 64 * sizeof(int));
  for (int k = 0; k < 64; ++k) perm[k] = (k * 29 + 5) % 64;
  for (int block : {1, 7, 32, 64, 100, 256, 1024}) {
    const int n = 5000;
    int chunks = (n + 63) / 64;
    long long *out;
    int *scatter;
    cudaMallocManaged(&out, n * sizeof(long long));
    cudaMallocManaged(&scatter, chunks * 64 * sizeof(int));
    for (int k = 0; k < chunks * 64; ++k) scatter[k] = -2;
    divergent<<<(n + block - 1) / block, block>>>(perm, out, scatter, n);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("block %d: launch failed\n", block); failures++; continue; }
    std::vector<int> wantScatter(chunks * 64, -2);
    for (int i = 0; i < n; ++i) {
      long long w = work(i, perm);
      if (out[i] != w && failures++ < 10) printf("block %d, thread %d: %lld, expected %lld\n", block, i, out[i], w);
      if (i % 7 != 3) wantScatter[perm[i % 64] + 64 * (i / 64)] = i;
    }
    for (int k = 0; k < chunks * 64; ++k)
      if (scatter[k] != wantScatter[k] && failures++ < 10) printf("block %d, scatter[%d] = %d, expected %d\n", block, k, scatter[k], wantScatter[k]);
    cudaFree(out); cudaFree(scatter);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
