// Shuffles by constant distances (which the CPU lowering reads at t + d, or t - b and t + b for
// a butterfly), in a block of 40 threads, whose second warp has 8 lanes: __shfl_xor_sync by
// the all-reduce's powers of two, and down, up and xor within 8-, 16- and 4-lane segments. A
// source inside the segment and the block gives its value, one outside the segment the
// caller's own, and one past the block (no such thread; CUDA leaves it undefined) the
// caller's own too. Then the all-reduce itself, and cooperative groups' cg::reduce (a
// butterfly over the tile) in whole warps, at 1 and 64 blocks.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <cstdio>

namespace cg = cooperative_groups;

#define STEPS 8

__global__ void constantSteps(int *out) {
  int t = threadIdx.x, v = t * 3 + 1;
  int *o = out + t * STEPS;
  o[0] = __shfl_xor_sync(0xffffffffu, v, 1);
  o[1] = __shfl_xor_sync(0xffffffffu, v, 2);
  o[2] = __shfl_xor_sync(0xffffffffu, v, 4);
  o[3] = __shfl_xor_sync(0xffffffffu, v, 8);
  o[4] = __shfl_xor_sync(0xffffffffu, v, 16);
  o[5] = __shfl_down_sync(0xffffffffu, v, 2, 8);
  o[6] = __shfl_up_sync(0xffffffffu, v, 1, 16);
  o[7] = __shfl_xor_sync(0xffffffffu, v, 2, 4);
}

// The source lane of step k for thread t (PTX's shfl.sync within the step's segment).
int sourceOf(int k, int t) {
  const int steps[3][3] = {{2, 8, 'd'}, {1, 16, 'u'}, {2, 4, 'x'}}; // distance, width, kind
  if (k < 5)
    return t ^ (1 << k);
  const int d = steps[k - 5][0], w = steps[k - 5][1], inSegment = t % w;
  switch (steps[k - 5][2]) {
  case 'd':
    return inSegment + d < w ? t + d : t;
  case 'u':
    return inSegment >= d ? t - d : t;
  default:
    return t ^ d;
  }
}

__global__ void allReduce(const int *in, int *sums, int *tileSums) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int s = in[g];
  for (int b = 16; b > 0; b /= 2)
    s += __shfl_xor_sync(0xffffffffu, s, b);
  sums[g] = s;
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  tileSums[g] = cg::reduce(tile, in[g] * 2, cg::plus<int>());
}

int main() {
  int failures = 0;
  const int threads = 40;
  int *out;
  cudaMallocManaged(&out, threads * STEPS * sizeof(int));
  constantSteps<<<1, threads>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("constantSteps: launch failed\n");
    return 1;
  }
  for (int t = 0; t < threads; ++t)
    for (int k = 0; k < STEPS; ++k) {
      int source = sourceOf(k, t), want = (source < threads ? source : t) * 3 + 1;
      if (out[t * STEPS + k] != want && failures++ < 10)
        printf("thread %d step %d: got %d, expected %d\n", t, k, out[t * STEPS + k], want);
    }

  for (int blocks : {1, 64}) {
    const int n = blocks * 256;
    int *in, *sums, *tileSums;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&sums, n * sizeof(int));
    cudaMallocManaged(&tileSums, n * sizeof(int));
    for (int i = 0; i < n; ++i)
      in[i] = (i * 7) % 13 - 6;
    allReduce<<<blocks, 256>>>(in, sums, tileSums);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("allReduce: launch failed\n");
      return 1;
    }
    for (int w = 0; w < n / 32; ++w) {
      int want = 0;
      for (int l = 0; l < 32; ++l)
        want += in[w * 32 + l];
      for (int l = 0; l < 32; ++l) {
        int g = w * 32 + l;
        if ((sums[g] != want || tileSums[g] != 2 * want) && failures++ < 10)
          printf("%d blocks, thread %d: sums %d and %d, expected %d and %d\n", blocks, g, sums[g],
                 tileSums[g], want, 2 * want);
      }
    }
    cudaFree(in);
    cudaFree(sums);
    cudaFree(tileSums);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
