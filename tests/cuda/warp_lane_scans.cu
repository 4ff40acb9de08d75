// Warp-wide inclusive scans whose steps test the lane id, as CUB writes them (inline PTX:
// `shfl.sync.up.b32 r|p` then `@p add`) and as CUDA code does with %laneid (`if (lane >= d) v
// += up`), followed by an exclusive shift that every lane uses: the CPU lowering computes such
// a chain as vectors of the warp's 32 lanes, the lane tests from the lane ids. Blocks of 32,
// 48, 100 and 256 threads (partial last warps); results must match the host's scan.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS
#include "Inputs/expect.h"

#include <cstdio>
#include <vector>

__device__ unsigned laneId() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ int scanStepPtx(int input, int offset) {
  int output;
  asm volatile("{\n"
               "  .reg .s32 r0;\n"
               "  .reg .pred p;\n"
               "  shfl.sync.up.b32 r0|p, %1, %2, 0, -1;\n"
               "  @p add.s32 r0, r0, %1;\n"
               "  mov.s32 %0, r0;\n"
               "}\n"
               : "=r"(output)
               : "r"(input), "r"(offset));
  return output;
}

__global__ void scanPtx(const int *in, int *inclusive, int *exclusive) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  for (int d = 1; d < 32; d *= 2)
    v = scanStepPtx(v, d);
  inclusive[i] = v;
  const int before = __shfl_up_sync(0xffffffffu, v, 1);
  exclusive[i] = laneId() == 0 ? 0 : before;
}

__global__ void scanLaneId(const int *in, int *inclusive, int *exclusive) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const unsigned lane = laneId();
  int v = in[i];
  for (int d = 1; d < 32; d *= 2) {
    const int up = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d)
      v += up;
  }
  inclusive[i] = v;
  const int before = __shfl_up_sync(0xffffffffu, v, 1);
  exclusive[i] = lane == 0 ? 0 : before;
}

int main() {
  const int blocks = 3, maxThreads = 256, n = blocks * maxThreads;
  int *in, *inclusive, *exclusive;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&inclusive, n * sizeof(int));
  cudaMallocManaged(&exclusive, n * sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = (i * 37) % 101 - 50;
  for (int threads : {32, 48, 100, 256})
    for (int variant = 0; variant < 2; ++variant) {
      if (variant == 0)
        scanPtx<<<blocks, threads>>>(in, inclusive, exclusive);
      else
        scanLaneId<<<blocks, threads>>>(in, inclusive, exclusive);
      EXPECT_OK(cudaDeviceSynchronize());
      int wrong = 0;
      for (int b = 0; b < blocks; ++b)
        for (int w = 0; w * 32 < threads; ++w) {
          int sum = 0;
          for (int l = 0; l < 32 && w * 32 + l < threads; ++l) {
            const int i = b * threads + w * 32 + l;
            wrong += exclusive[i] != sum;
            sum += in[i];
            wrong += inclusive[i] != sum;
          }
        }
      EXPECT_TRUE(wrong == 0, "%s, %d threads: %d wrong", variant ? "lane id" : "PTX", threads,
                  wrong);
    }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
