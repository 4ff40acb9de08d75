// Launches written with spaced brackets, as code formatted by NetBeans or astyle has them
// (Rodinia's particlefilter); see spaced_launches.test.
#include "spaced_launch.h"
#include <cstdio>
#include <cstring>

__global__ void fill(int *a, int base) { a[blockIdx.x * blockDim.x + threadIdx.x] = base + 1; }

int main() {
  int *d, h[8];
  cudaMalloc(&d, sizeof h);
  fill << < SPACED_BLOCKS, 4 >> > (d, 10);
  fill << < dim3((SPACED_BLOCKS >> 1), 1), 4 >> > (d, 20);
  fill<<<1, 1>>>(d, 30);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  const char *file = __FILE__;
  std::printf("%d %d %d %d %s\n", h[0], h[1], h[4], h[7],
              std::strstr(file, "Inputs/spaced_launch.cu") ? "file-ok" : file);
#ifdef BROKEN
  int broken = "not an int";
#endif
  return 0;
}
