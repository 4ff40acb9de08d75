// threadIdx, blockIdx, blockDim and gridDim for 1D grids with more than 65535 blocks, 2D grids
// with a large y extent and 3D grids of 3D blocks; every thread records its coordinates and
// each (block, thread) pair must appear exactly once.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void record(unsigned *hits, unsigned *dims) {
  unsigned long long block = blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
  unsigned thread = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned per = blockDim.x * blockDim.y * blockDim.z;
  atomicAdd(&hits[block * per + thread], 1u);
  if (block == 0 && thread == 0) {
    dims[0] = gridDim.x; dims[1] = gridDim.y; dims[2] = gridDim.z;
    dims[3] = blockDim.x; dims[4] = blockDim.y; dims[5] = blockDim.z;
  }
  if (threadIdx.x >= blockDim.x || threadIdx.y >= blockDim.y || threadIdx.z >= blockDim.z || blockIdx.x >= gridDim.x ||
      blockIdx.y >= gridDim.y || blockIdx.z >= gridDim.z)
    atomicAdd(&dims[6], 1u);
}

int main() {
  struct Cfg { dim3 grid, block; } cfgs[] = {{dim3(70000), dim3(32)},
                                             {dim3(2, 40000), dim3(8)},
                                             {dim3(5, 4, 3), dim3(4, 2, 3)},
                                             {dim3(3, 1, 70), dim3(1, 1, 64)},
                                             {dim3(1), dim3(1024)}};
  int failures = 0;
  for (auto &c : cfgs) {
    size_t per = c.block.x * c.block.y * c.block.z;
    size_t total = (size_t)c.grid.x * c.grid.y * c.grid.z * per;
    unsigned *hits, *dims;
    cudaMallocManaged(&hits, total * sizeof(unsigned));
    cudaMallocManaged(&dims, 8 * sizeof(unsigned));
    cudaMemset(hits, 0, total * sizeof(unsigned));
    cudaMemset(dims, 0, 8 * sizeof(unsigned));
    record<<<c.grid, c.block>>>(hits, dims);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("grid (%u,%u,%u) block (%u,%u,%u): %s\n", c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y, c.block.z, cudaGetErrorString(e)); failures++; continue; }
    size_t bad = 0;
    for (size_t i = 0; i < total; ++i) bad += hits[i] != 1;
    unsigned want[7] = {c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y, c.block.z, 0};
    for (int k = 0; k < 7; ++k) bad += dims[k] != want[k];
    if (bad && failures++ < 10) printf("grid (%u,%u,%u) block (%u,%u,%u): %zu wrong entries\n", c.grid.x, c.grid.y, c.grid.z, c.block.x, c.block.y, c.block.z, bad);
    cudaFree(hits); cudaFree(dims);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
