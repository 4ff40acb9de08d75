// Inner loops that every thread of a block runs the same number of times (walking a shared
// tile, as n-body does) run in lockstep across the block on the CPU. Each thread must still
// get its own running values, whatever the block size (not a multiple of 32 included), with
// branches on the thread inside the loop, and next to threads that leave the kernel early.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__host__ __device__ int pull(int me, int other, int j) {
  int d = other - me;
  int weight = (d * d + 3 * j) % 97;
  return (d > 0 ? weight : -weight) + (me ^ j) % 13;
}

// Each thread combines its own value with every element of a shared tile, tile by tile.
__global__ void tileWalk(const int *values, int *out, int n) {
  extern __shared__ int tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int me = values[i];
  int sum = 0, odd = 0;
  for (int t = 0; t < n; t += blockDim.x) {
    tile[threadIdx.x] = values[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < blockDim.x; ++j) {
      sum += pull(me, tile[j], j);
      if (threadIdx.x & 1)
        odd += tile[j] % 7;
    }
    __syncthreads();
  }
  out[i] = sum * 3 + odd;
}

// The same walk after some threads have left.
__global__ void tileWalkAfterExit(const int *values, int *out, int n) {
  extern __shared__ int tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = values[threadIdx.x];
  __syncthreads();
  if (threadIdx.x % 5 == 4)
    return;
  int sum = 0;
  for (int j = 0; j < blockDim.x; ++j)
    sum += pull(values[i], tile[j], j) * (j % 3 + 1);
  out[i] = sum;
}

int main() {
  int failures = 0;
  const int maxN = 4 * 1024;
  int *values = nullptr, *out = nullptr;
  cudaMallocManaged(&values, maxN * sizeof(int));
  cudaMallocManaged(&out, maxN * sizeof(int));
  for (int i = 0; i < maxN; ++i)
    values[i] = (i * 7919) % 1000 - 500;

  for (int threads : {32, 48, 100, 256}) {
    const int blocks = 4, n = blocks * threads;
    tileWalk<<<blocks, threads, threads * sizeof(int)>>>(values, out, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) {
      int sum = 0, odd = 0, t = i % threads;
      for (int k = 0; k < n; ++k) {
        sum += pull(values[i], values[k], k % threads);
        if (t & 1)
          odd += values[k] % 7;
      }
      if (out[i] != sum * 3 + odd && failures++ < 10)
        printf("tileWalk %d threads, element %d: %d, want %d\n", threads, i, out[i],
               sum * 3 + odd);
    }

    for (int i = 0; i < n; ++i)
      out[i] = -1;
    tileWalkAfterExit<<<blocks, threads, threads * sizeof(int)>>>(values, out, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) {
      int t = i % threads, want = -1;
      if (t % 5 != 4) {
        want = 0;
        for (int j = 0; j < threads; ++j)
          want += pull(values[i], values[j], j) * (j % 3 + 1);
      }
      if (out[i] != want && failures++ < 10)
        printf("tileWalkAfterExit %d threads, element %d: %d, want %d\n", threads, i, out[i],
               want);
    }
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
