// Each participant of the worker pool runs its own contiguous share of a grid's blocks and then
// takes chunks from the others' shares. Every block must run exactly once, whatever the number
// of threads and blocks (fewer blocks than threads, counts that do not divide evenly, 3D grids),
// and when one block takes far longer than the rest, so that the others' shares are taken over.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: env DRAWBRIDGE_CPU_THREADS=1 %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=3 %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=7 %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void count(unsigned *runs) {
  unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  if (threadIdx.x == 0)
    atomicAdd(&runs[block], 1u);
}

// Block 0 spins for a while; the other blocks are empty.
__global__ void uneven(unsigned *runs, unsigned long long *sink) {
  unsigned block = blockIdx.x;
  if (threadIdx.x == 0) {
    unsigned long long v = block;
    if (block == 0)
      for (int i = 0; i < 20000000; ++i)
        v = v * 6364136223846793005ull + 1442695040888963407ull;
    sink[block] = v;
    atomicAdd(&runs[block], 1u);
  }
}

int main() {
  int failures = 0;
  const unsigned maxBlocks = 5000;
  unsigned *runs;
  unsigned long long *sink;
  cudaMallocManaged(&runs, maxBlocks * sizeof(unsigned));
  cudaMallocManaged(&sink, maxBlocks * sizeof(unsigned long long));
  auto check = [&](const char *name, unsigned blocks) {
    for (unsigned b = 0; b < blocks; ++b)
      if (runs[b] != 1 && failures++ < 8)
        printf("%s, %u blocks: block %u ran %u times\n", name, blocks, b, runs[b]);
  };
  for (dim3 grid : {dim3(1), dim3(2), dim3(3), dim3(5), dim3(7), dim3(64), dim3(1000), dim3(4999),
                    dim3(7, 3), dim3(5, 4, 3), dim3(1, 1, 9)}) {
    unsigned blocks = grid.x * grid.y * grid.z;
    for (unsigned b = 0; b < blocks; ++b)
      runs[b] = 0;
    count<<<grid, 32>>>(runs);
    cudaDeviceSynchronize();
    check("count", blocks);
  }
  for (unsigned blocks : {2u, 3u, 64u, 1000u}) {
    for (unsigned b = 0; b < blocks; ++b)
      runs[b] = 0;
    uneven<<<blocks, 32>>>(runs, sink);
    cudaDeviceSynchronize();
    check("uneven", blocks);
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("CUDA error\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
