// Heavy contention: a 256-bin histogram built with shared-memory atomicAdd per block (grid-
// stride loop, many blocks) and then merged into global memory with atomicAdd; a second
// variant where all threads of all blocks hit 4 global bins directly.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

__global__ void histShared(const unsigned char *data, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += blockDim.x) local[i] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += blockDim.x)
    if (local[i]) atomicAdd(&bins[i], local[i]);
}

__global__ void histGlobalHot(const unsigned char *data, int n, unsigned long long *bins) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&bins[data[i] & 3], (unsigned long long)data[i]);
}

int main() {
  const int n = 1 << 21;
  unsigned char *data;
  unsigned *bins;
  unsigned long long *hot;
  cudaMallocManaged(&data, n);
  cudaMallocManaged(&bins, 256 * sizeof(unsigned));
  cudaMallocManaged(&hot, 4 * sizeof(unsigned long long));
  unsigned x = 12345;
  for (int i = 0; i < n; ++i) {
    x = x * 1664525u + 1013904223u;
    // skewed: half of the data goes to bin 7
    data[i] = (x >> 31) ? 7 : (unsigned char)(x >> 20);
  }
  std::vector<unsigned> want(256, 0);
  std::vector<unsigned long long> wantHot(4, 0);
  for (int i = 0; i < n; ++i) { want[data[i]]++; wantHot[data[i] & 3] += data[i]; }
  int failures = 0;
  for (int round = 0; round < 3; ++round) {
    int blocks = round == 0 ? 64 : round == 1 ? 333 : 1024;
    int threads = round == 2 ? 96 : 256;
    cudaMemset(bins, 0, 256 * sizeof(unsigned));
    cudaMemset(hot, 0, 4 * sizeof(unsigned long long));
    histShared<<<blocks, threads>>>(data, n, bins);
    histGlobalHot<<<blocks, threads>>>(data, n, hot);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
    for (int b = 0; b < 256; ++b)
      if (bins[b] != want[b] && failures++ < 10) printf("round %d bin %d: %u, expected %u\n", round, b, bins[b], want[b]);
    for (int b = 0; b < 4; ++b)
      if (hot[b] != wantHot[b] && failures++ < 10) printf("round %d hot bin %d: %llu, expected %llu\n", round, b, hot[b], wantHot[b]);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
