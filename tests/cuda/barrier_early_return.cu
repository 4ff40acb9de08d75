// Threads that return before a __syncthreads() do not block the remaining threads (Volta and
// later count exited threads as arrived): whole warps, part of a warp, thread 0, and threads
// that leave a barrier loop at different iterations.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

// Threads t >= active leave; the rest do a shared-memory tree sum over `active` values.
__global__ void sumActive(int active, int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  if (t >= active)
    return;
  s[t] = t + 1;
  __syncthreads();
  int pow2 = 1;
  while (pow2 < active) pow2 <<= 1;
  for (int stride = pow2 / 2; stride > 0; stride >>= 1) {
    if (t < stride && t + stride < active)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
  out[1 + t] = s[t];
}

// Thread 0 (the usual "leader") leaves; thread 1 writes a value the others read after a barrier.
__global__ void leaderLeaves(int *out) {
  __shared__ int v;
  int t = threadIdx.x;
  if (t == 0)
    return;
  if (t == 1)
    v = 1234;
  __syncthreads();
  out[t] = v + t;
}

// Thread t runs t % 5 iterations of a barrier loop, then returns. Thread blockDim-1 counts
// iterations; every iteration a thread increments a shared counter, the counter is read after
// the barrier. Expected per-iteration counts follow from how many threads are still present.
__global__ void staggered(int *out, int iters) {
  __shared__ int count[8];
  int t = threadIdx.x;
  for (int i = t; i < 8; i += blockDim.x) count[i] = 0;
  __syncthreads();
  int mine = (t == blockDim.x - 1) ? iters : t % 5;
  for (int i = 0; i < iters; ++i) {
    if (i >= mine)
      return;
    atomicAdd(&count[i], 1);
    __syncthreads();
    if (t == blockDim.x - 1)
      out[i] = count[i];
    __syncthreads();
  }
}

int main() {
  int failures = 0;
  int *out;
  cudaMallocManaged(&out, 1024 * sizeof(int));
  for (int active : {1, 13, 32, 33, 64, 100, 200}) {
    for (int i = 0; i < 257; ++i) out[i] = -1;
    sumActive<<<1, 256>>>(active, out);
    cudaError_t e = cudaDeviceSynchronize();
    int want = active * (active + 1) / 2;
    if (e != cudaSuccess || out[0] != want) {
      if (failures++ < 8) printf("sumActive(%d): got %d, expected %d (%s)\n", active, out[0], want, cudaGetErrorString(e));
    }
    for (int t = active; t < 256; ++t)
      if (out[1 + t] != -1 && failures++ < 8) printf("sumActive(%d): exited thread %d wrote\n", active, t);
  }
  for (int n : {2, 31, 64, 129}) {
    for (int i = 0; i < n; ++i) out[i] = -1;
    leaderLeaves<<<1, n>>>(out);
    cudaDeviceSynchronize();
    for (int t = 1; t < n; ++t)
      if (out[t] != 1234 + t && failures++ < 8) printf("leaderLeaves(%d): out[%d] = %d\n", n, t, out[t]);
  }
  for (int n : {6, 37, 96}) {
    const int iters = 7;
    for (int i = 0; i < iters; ++i) out[i] = -1;
    staggered<<<1, n>>>(out, iters);
    cudaDeviceSynchronize();
    for (int i = 0; i < iters; ++i) {
      int want = 0;
      for (int t = 0; t < n; ++t) {
        int mine = (t == n - 1) ? iters : t % 5;
        if (i < mine) want++;
      }
      if (out[i] != want && failures++ < 8) printf("staggered(%d): iteration %d count %d, expected %d\n", n, i, out[i], want);
    }
  }
  if (cudaGetLastError() != cudaSuccess) { printf("CUDA error\n"); failures++; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
