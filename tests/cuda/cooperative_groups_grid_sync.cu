// grid_group::sync() in a cooperative launch: every block writes, the grid synchronises, and
// every block then reads what all the others wrote, three times over. The grid's ranks and
// dimensions, is_valid(), cudaLaunchCooperativeKernel's size limit
// (cudaErrorCooperativeLaunchTooLarge), and grid.sync() in an ordinary launch (the launch
// fails, with a message) are checked too.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t 2>&1 | FileCheck %s
// CHECK: grid_group::sync() needs a cooperative launch
// CHECK: PASS
#include <cooperative_groups.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void phases(int *slots, int *sums, int *info) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long b = grid.block_rank();
  int nblocks = (int)grid.num_blocks();
  for (int phase = 0; phase < 3; ++phase) {
    if (threadIdx.x == 0)
      slots[b] = (int)b + 100 * phase;
    grid.sync();
    if (threadIdx.x == 0) {
      int sum = 0;
      for (int k = 0; k < nblocks; ++k)
        sum += slots[k];
      sums[phase * nblocks + b] = sum;
    }
    grid.sync();
  }
  if (grid.thread_rank() == 0) {
    info[0] = grid.is_valid();
    info[1] = (int)grid.num_threads();
    info[2] = (int)grid.dim_blocks().x;
  }
}

__global__ void notCooperative(int *info) {
  info[3] = cg::this_grid().is_valid();
  cg::this_grid().sync();
}

int main() {
  int failures = 0;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int perSm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, phases, 64, 0);
  int blocks = prop.multiProcessorCount * perSm;
  int *slots, *sums, *info;
  cudaMallocManaged(&slots, blocks * sizeof(int));
  cudaMallocManaged(&sums, 3 * blocks * sizeof(int));
  cudaMallocManaged(&info, 4 * sizeof(int));
  void *args[] = {&slots, &sums, &info};
  if (!prop.cooperativeLaunch) { printf("cooperativeLaunch is 0\n"); ++failures; }
  cudaError_t e = cudaLaunchCooperativeKernel((void *)phases, blocks, 64, args, 0, 0);
  if (e != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
    printf("cooperative launch of %d blocks: %s\n", blocks, cudaGetErrorName(e));
    return 1;
  }
  for (int phase = 0; phase < 3; ++phase)
    for (int b = 0; b < blocks; ++b) {
      int want = blocks * (blocks - 1) / 2 + 100 * phase * blocks;
      if (sums[phase * blocks + b] != want && failures++ < 10)
        printf("phase %d block %d saw %d, expected %d\n", phase, b, sums[phase * blocks + b], want);
    }
  if (info[0] != 1 || info[1] != blocks * 64 || info[2] != blocks) {
    printf("grid info %d %d %d\n", info[0], info[1], info[2]);
    ++failures;
  }
  e = cudaLaunchCooperativeKernel((void *)phases, blocks + 1, 64, args, 0, 0);
  if (e != cudaErrorCooperativeLaunchTooLarge) {
    printf("too large a cooperative grid: %s\n", cudaGetErrorName(e));
    ++failures;
  }
  cudaGetLastError();
  notCooperative<<<1, 32>>>(info);
  e = cudaDeviceSynchronize();
  fflush(stderr);
  if (e != cudaErrorLaunchFailure || info[3] != 0) {
    printf("grid.sync() outside a cooperative launch: %s, is_valid %d\n", cudaGetErrorName(e), info[3]);
    ++failures;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
