// Grid- and block-stride loops run as uniform rounds behind a barrier (the compiler rewrites
// them so every thread of a block goes round the same number of times). Each thread must still
// see exactly its own elements, carry its running values through the rounds it has nothing
// to do in, and, when it has no element at all, leave with the loop's starting values; warp
// shuffles after the loop must see every lane, including lanes that had no work. Several
// rounds run between two barriers; near the top of int's range the later ones must not wrap.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__device__ int warpSum(int v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

// Per-thread count, sum and maximum over a grid-stride loop, then a warp reduction.
__global__ void gridStats(const int *in, int n, int *sum, int *count, int *maxOut) {
  int mySum = 0, myCount = 0, myMax = -1;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    mySum += in[i];
    ++myCount;
    myMax = in[i] > myMax ? in[i] : myMax;
  }
  int warpTotal = warpSum(mySum), warpCount = warpSum(myCount);
  if (threadIdx.x % 32 == 0) {
    atomicAdd(sum, warpTotal);
    atomicAdd(count, warpCount);
  }
  atomicMax(maxOut, myMax);
}

// Block-stride loops over size_t indices around a barrier: each thread reads what others wrote.
__global__ void mirror(size_t n, int *bad) {
  extern __shared__ int values[];
  for (size_t i = threadIdx.x; i < n; i += blockDim.x)
    values[i] = int(i * 3 + blockIdx.x);
  __syncthreads();
  for (size_t i = threadIdx.x; i < n; i += blockDim.x)
    if (values[n - 1 - i] != int((n - 1 - i) * 3 + blockIdx.x))
      atomicAdd(bad, 1);
}

// A block-stride loop whose indexes end just below INT_MAX - blockDim.x (so the source's own
// i += blockDim.x never overflows): the rounds after the first must stop at n, not wrap round.
__global__ void nearTheTop(int start, int n, int *counts, long long *sums) {
  int count = 0;
  long long sum = 0;
  for (int i = start + threadIdx.x; i < n; i += blockDim.x) {
    ++count;
    sum += i;
  }
  counts[threadIdx.x] = count;
  sums[threadIdx.x] = sum;
}

int main() {
  int failures = 0;
  const int maxN = 100003;
  int *in = nullptr, *results = nullptr;
  cudaMallocManaged(&in, maxN * sizeof(int));
  cudaMallocManaged(&results, 4 * sizeof(int));
  for (int i = 0; i < maxN; ++i)
    in[i] = (i * 37) % 1001;
  for (int n : {1, 31, 100, 385, 1000, 4097, maxN})
    for (int blocks : {1, 3})
      for (int threads : {32, 96, 128}) {
        results[0] = results[1] = 0;
        results[2] = -1;
        gridStats<<<blocks, threads>>>(in, n, &results[0], &results[1], &results[2]);
        cudaDeviceSynchronize();
        int sum = 0, max = -1;
        for (int i = 0; i < n; ++i) {
          sum += in[i];
          max = in[i] > max ? in[i] : max;
        }
        if (results[0] != sum || results[1] != n || results[2] != max) {
          printf("gridStats n=%d %dx%d: sum %d (want %d), count %d, max %d (want %d)\n", n, blocks,
                 threads, results[0], sum, results[1], results[2], max);
          ++failures;
        }
      }

  for (size_t n : {1, 100, 1000, 4096, 5001})
    for (int threads : {32, 64, 256}) {
      results[3] = 0;
      mirror<<<2, threads, n * sizeof(int)>>>(n, &results[3]);
      cudaDeviceSynchronize();
      if (results[3] != 0) {
        printf("mirror n=%zu threads=%d: %d wrong\n", n, threads, results[3]);
        ++failures;
      }
    }

  int *counts = nullptr;
  long long *sums = nullptr;
  cudaMallocManaged(&counts, 256 * sizeof(int));
  cudaMallocManaged(&sums, 256 * sizeof(long long));
  const int top = 2147483647 - 256;
  for (int start : {top - 5000, top - 700, top - 3}) {
    nearTheTop<<<1, 256>>>(start, top, counts, sums);
    cudaDeviceSynchronize();
    for (int t = 0; t < 256; ++t) {
      int count = 0;
      long long sum = 0;
      for (long long i = (long long)start + t; i < top; i += 256) {
        ++count;
        sum += i;
      }
      if (counts[t] != count || sums[t] != sum) {
        printf("nearTheTop start=%d thread %d: %d visits (want %d)\n", start, t, counts[t], count);
        ++failures;
        break;
      }
    }
  }

  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
