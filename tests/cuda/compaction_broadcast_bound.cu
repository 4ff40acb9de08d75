// A block compaction in the shape of Thrust's copy_if: the block's count of kept items is
// computed by thread 0, handed to every thread through a __shared__ variable after a barrier,
// and bounds a block-stride loop written with the block size (`i += 128`) that copies the kept
// items out. Before the count is known, warp 0 of each block waits for the block before it (a
// spin on a volatile flag, which a barrier separates from the loop). The count read from
// shared memory is the same for every thread, so the loop runs as rounds shared by the block;
// counts of 0, of a whole tile and in between, and a negative count (no thread copies) must
// all give the items a serial compaction gives.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: env DRAWBRIDGE_CPU_THREADS=2 %t | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O0 %s -o %t0
// RUN: %t0 | FileCheck %s
// CHECK: PASS
#include "Inputs/expect.h"
#include "Inputs/watchdog.h"

#include <vector>

constexpr int kBlock = 128, kItems = 4, kTile = kBlock * kItems;

__global__ void compact(const int *in, int *out, int *counts, volatile int *done, int keepBelow,
                        int forceCount) {
  __shared__ int kept[kTile];
  __shared__ int count;
  const int t = threadIdx.x, base = blockIdx.x * kTile;
  if (t < 32 && blockIdx.x > 0)
    while (done[blockIdx.x - 1] == 0) {
    }
  __syncthreads();
  if (t == 0) {
    int n = 0;
    for (int i = 0; i < kTile; ++i)
      if (in[base + i] < keepBelow)
        kept[n++] = in[base + i];
    count = forceCount ? forceCount : n;
  }
  __syncthreads();
  const int n = count;
  for (int i = t; i < n; i += kBlock)
    out[base + i] = kept[i];
  if (t == 0) {
    counts[blockIdx.x] = n;
    __threadfence();
    done[blockIdx.x] = 1;
  }
}

int main() {
  armWatchdog(60);
  const int blocks = 37, total = blocks * kTile;
  std::vector<int> in(total);
  for (int i = 0; i < total; ++i)
    in[i] = (i * 7919) % 1000;
  int *din, *dout, *dcounts, *ddone;
  cudaMalloc(&din, total * sizeof(int));
  cudaMalloc(&dout, total * sizeof(int));
  cudaMalloc(&dcounts, blocks * sizeof(int));
  cudaMalloc(&ddone, blocks * sizeof(int));
  cudaMemcpy(din, in.data(), total * sizeof(int), cudaMemcpyHostToDevice);
  for (int keepBelow : {0, 1, 500, 1000}) {
    for (int forceCount : {0, -5}) {
      cudaMemset(dout, 0xff, total * sizeof(int));
      cudaMemset(ddone, 0, blocks * sizeof(int));
      compact<<<blocks, kBlock>>>(din, dout, dcounts, ddone, keepBelow, forceCount);
      EXPECT_OK(cudaDeviceSynchronize());
      std::vector<int> out(total), counts(blocks);
      cudaMemcpy(out.data(), dout, total * sizeof(int), cudaMemcpyDeviceToHost);
      cudaMemcpy(counts.data(), dcounts, blocks * sizeof(int), cudaMemcpyDeviceToHost);
      int wrong = 0;
      for (int b = 0; b < blocks; ++b) {
        std::vector<int> want;
        for (int i = 0; i < kTile; ++i)
          if (in[b * kTile + i] < keepBelow)
            want.push_back(in[b * kTile + i]);
        const int n = forceCount ? forceCount : (int)want.size();
        wrong += counts[b] != n;
        for (int i = 0; i < kTile; ++i) {
          const int expect = forceCount == 0 && i < n ? want[i] : -1;
          wrong += out[b * kTile + i] != expect;
        }
      }
      EXPECT_TRUE(wrong == 0, "keepBelow %d, forced count %d: %d wrong\n", keepBelow, forceCount,
                  wrong);
    }
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
