// A barrier and warp shuffles inside extern __device__ functions defined in another file:
// they work only if the device link sees the whole call graph (Drawbridge inlines them).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -dc %s %S/Inputs/rdc_collectives_defs.cu
// RUN: %nvcc rdc_collectives_extern.o rdc_collectives_defs.o -o app
// RUN: ./app | FileCheck %s
// RUN: %nvcc -rdc=true -G %s %S/Inputs/rdc_collectives_defs.cu -o app_debug
// RUN: ./app_debug | FileCheck %s
// CHECK: PASS
#include <cstdio>

extern __device__ int rdc_block_sum(int value);
extern __device__ int rdc_warp_sum(int value);
extern __device__ int rdc_neighbour(int value);

__global__ void collectives(int *block_sums, int *warp_sums, int *neighbours) {
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  // Twice, so the second call's barrier follows the first call's.
  int first = rdc_block_sum(t);
  int second = rdc_block_sum(first + t);
  block_sums[g] = second;
  warp_sums[g] = rdc_warp_sum(t);
  neighbours[g] = rdc_neighbour(g);
}

int main() {
  int bad = 0;
  for (int block : {32, 64, 256}) {
    const int blocks = 3, n = blocks * block;
    int *block_sums, *warp_sums, *neighbours;
    cudaMallocManaged(&block_sums, n * sizeof(int));
    cudaMallocManaged(&warp_sums, n * sizeof(int));
    cudaMallocManaged(&neighbours, n * sizeof(int));
    collectives<<<blocks, block>>>(block_sums, warp_sums, neighbours);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("launch failed\n");
      return 1;
    }
    int first = block * (block - 1) / 2;
    int second = block * first + first;
    for (int g = 0; g < n; ++g) {
      int t = g % block, lane = t % 32;
      int warp_base = t - lane;
      int warp_sum = 32 * warp_base + 32 * 31 / 2;
      int neighbour = lane == 31 ? g : g + 1;
      if (block_sums[g] != second || warp_sums[g] != warp_sum || neighbours[g] != neighbour) {
        if (bad++ < 5)
          printf("block %d, thread %d: %d %d %d, expected %d %d %d\n", block, g, block_sums[g],
                 warp_sums[g], neighbours[g], second, warp_sum, neighbour);
      }
    }
    cudaFree(block_sums);
    cudaFree(warp_sums);
    cudaFree(neighbours);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
