// Benchmark: the same 64 MiB copy written three ways, timed in one run so the ratios hold on a
// noisy machine. The peer is std::copy on the host (one thread: the memory system's pace);
// the kernels use every worker. A grid-stride loop (NVIDIA's recommended idiom) should cost
// little more than one element per thread.
#include "best_time.h"

#include <algorithm>
#include <cstdio>
#include <vector>

__global__ void gridStride(int *out, const int *in, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

__global__ void onePerThread(int *out, const int *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

int main() {
  const int n = 1 << 24;
  int *in, *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMemset(in, 1, n * sizeof(int));
  cudaMemset(out, 0, n * sizeof(int));
  std::vector<int> hostIn(n, 1), hostOut(n);
  double peer = bestMs([&] {
    std::copy(hostIn.begin(), hostIn.end(), hostOut.begin());
    asm volatile("" : : "r"(hostOut.data()) : "memory"); // the copy must happen
  });
  double stride = bestMs([&] {
    gridStride<<<64, 256>>>(out, in, n);
    cudaDeviceSynchronize();
  });
  double each = bestMs([&] {
    onePerThread<<<n / 256, 256>>>(out, in, n);
    cudaDeviceSynchronize();
  });
  printf("copy of %d ints: std::copy %.2f ms, grid-stride %.2f ms, one per thread %.2f ms\n", n,
         peer, stride, each);
  printf("grid-stride / one-per-thread: %.2fx\n", stride / each);
  printf("grid-stride / std::copy:      %.2fx\n", stride / peer);
  printf("one-per-thread / std::copy:   %.2fx\n", each / peer);
  return 0;
}
