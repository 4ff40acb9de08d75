// Blocks that wait for earlier blocks (single-pass scans: CUB's decoupled look-back) start in
// index order, as on a GPU: when a block starts, every block before it has started, and at most
// the blocks the other workers are running have not finished. Two chained prefix sums, one
// waiting on a volatile flag, one the way CUB 1.17 waits (a warp votes on a `ld.global.cg` of
// the predecessor's status after `__threadfence_block()`), check their sums and how many blocks
// before each were unfinished when it started (at most workers - 1; a worker's contiguous share
// of the grid would leave hundreds). A watchdog turns a hang into a failure.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: env DRAWBRIDGE_CPU_THREADS=2 %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=5 %t | FileCheck %s
// CHECK: PASS
#include "Inputs/expect.h"
#include "Inputs/watchdog.h"

#include <cstdio>
#include <vector>

constexpr int kBlock = 128;

// The tile's sum by a shared-memory tree, and how many blocks before this one had not finished
// when it started.
__device__ long long tileSum(const int *in, unsigned *finished, int *lag) {
  __shared__ long long partial[kBlock];
  const int t = threadIdx.x;
  if (t == 0)
    lag[blockIdx.x] = blockIdx.x - atomicAdd(finished, 0u);
  partial[t] = in[blockIdx.x * kBlock + t];
  __syncthreads();
  for (int half = kBlock / 2; half > 0; half /= 2) {
    if (t < half)
      partial[t] += partial[t + half];
    __syncthreads();
  }
  return partial[0];
}

__global__ void chainVolatile(const int *in, volatile long long *prefix, volatile int *flag,
                              unsigned *finished, int *lag) {
  const long long sum = tileSum(in, finished, lag);
  if (threadIdx.x == 0) {
    long long before = 0;
    if (blockIdx.x > 0) {
      while (flag[blockIdx.x - 1] == 0) {
      }
      before = prefix[blockIdx.x - 1];
    }
    prefix[blockIdx.x] = before + sum;
    __threadfence();
    flag[blockIdx.x] = 1;
    atomicAdd(finished, 1u);
  }
}

__device__ unsigned loadCacheGlobal(const unsigned *p) {
  unsigned v;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}

// status[b] is 0 until block b publishes prefix[b], then 1.
__global__ void chainWarpVote(const int *in, long long *prefix, unsigned *status,
                              unsigned *finished, int *lag) {
  const long long sum = tileSum(in, finished, lag);
  if (threadIdx.x < 32) {
    long long before = 0;
    if (blockIdx.x > 0) {
      unsigned ready;
      do {
        __threadfence_block();
        ready = loadCacheGlobal(&status[blockIdx.x - 1]);
      } while (__any_sync(0xffffffffu, ready == 0));
      __threadfence();
      before = *(volatile long long *)&prefix[blockIdx.x - 1];
    }
    if (threadIdx.x == 0) {
      prefix[blockIdx.x] = before + sum;
      __threadfence();
      atomicExch(&status[blockIdx.x], 1u);
      atomicAdd(finished, 1u);
    }
  }
}

int main() {
  armWatchdog(120);
  const int blocks = 1024, n = blocks * kBlock;
  int *in, *lag, *flag;
  long long *prefix;
  unsigned *finished, *status;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&lag, blocks * sizeof(int));
  cudaMallocManaged(&flag, blocks * sizeof(int));
  cudaMallocManaged(&status, blocks * sizeof(unsigned));
  cudaMallocManaged(&prefix, blocks * sizeof(long long));
  cudaMallocManaged(&finished, sizeof(unsigned));
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7919) % 1000 - 400;
  std::vector<long long> expected(blocks);
  long long acc = 0;
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < kBlock; ++t)
      acc += in[b * kBlock + t];
    expected[b] = acc;
  }
  int workers = 0;
  cudaDeviceGetAttribute(&workers, cudaDevAttrMultiProcessorCount, 0);
  for (int variant = 0; variant < 2; ++variant) {
    cudaMemset(flag, 0, blocks * sizeof(int));
    cudaMemset(status, 0, blocks * sizeof(unsigned));
    cudaMemset(finished, 0, sizeof(unsigned));
    if (variant == 0)
      chainVolatile<<<blocks, kBlock>>>(in, prefix, flag, finished, lag);
    else
      chainWarpVote<<<blocks, kBlock>>>(in, prefix, status, finished, lag);
    EXPECT_OK(cudaDeviceSynchronize());
    int wrong = 0, maxLag = 0;
    for (int b = 0; b < blocks; ++b) {
      wrong += prefix[b] != expected[b];
      maxLag = lag[b] > maxLag ? lag[b] : maxLag;
    }
    EXPECT_TRUE(wrong == 0, "variant %d: %d blocks' prefixes wrong", variant, wrong);
    EXPECT_TRUE(maxLag < workers,
                "variant %d: a block started with %d unfinished before it "
                "(%d workers)",
                variant, maxLag, workers);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
