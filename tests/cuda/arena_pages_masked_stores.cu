// The runtime's per-block buffers (exchange slots, states, frames) are written once when they
// are allocated, so that none of their pages is still the system's shared zero page: an
// AVX-512 masked store that touches such a page takes a microcode assist even where its lanes
// are masked off. A block whose last warp alone shuffles, choosing it by its thread rank as
// cooperative groups do (cuda-samples' reduce4), leaves the exchange slots past the first warp
// unwritten, and the regions' masked stores touch them: it ran 10x slower. The test checks the
// sums, and that the reduction costs at most 20x a kernel that reads the same elements with no
// barrier or shuffle, so no per-block buffer at all (about 6x here; 30x to 70x when the pages
// were left to the zero page).
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS
#include "../../bench/best_time.h"

#include <cstdio>
#include <vector>

__global__ void addPairs(const int *in, int *out, unsigned n) {
  unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[i] + in[i + blockDim.x];
}

__global__ void reduceLastWarp(const int *in, int *out, unsigned n) {
  extern __shared__ int sdata[];
  unsigned tid = threadIdx.x, i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  int sum = i < n ? in[i] : 0;
  if (i + blockDim.x < n)
    sum += in[i + blockDim.x];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  unsigned rank = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  if (rank < 32) {
    sum += sdata[tid + 32];
    for (int offset = 16; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffff, sum, offset);
  }
  if (rank == 0)
    out[blockIdx.x] = sum;
}

int main() {
  const unsigned n = 1u << 22;
  std::vector<int> ones(n, 1);
  int *in, *out, *pairs;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n / 1024 * sizeof(int));
  cudaMalloc(&pairs, n / 2 * sizeof(int));
  cudaMemcpy(in, ones.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  const unsigned threads = 512, blocks = n / (threads * 2);
  int failures = 0;
  double reduction = bestMs([&] {
    reduceLastWarp<<<blocks, threads, threads * sizeof(int)>>>(in, out, n);
    cudaDeviceSynchronize();
  });
  double reads = bestMs([&] {
    addPairs<<<blocks, threads>>>(in, pairs, n);
    cudaDeviceSynchronize();
  });
  std::vector<int> sums(blocks);
  cudaMemcpy(sums.data(), out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  for (unsigned b = 0; b < blocks; ++b)
    if (sums[b] != int(threads * 2) && failures++ < 4)
      printf("block %u summed %d, want %u\n", b, sums[b], threads * 2);
  if (reduction > 20 * reads) {
    printf("the reduction took %.2f ms, reading its elements %.2f ms\n", reduction, reads);
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
