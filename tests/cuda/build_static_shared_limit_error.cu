// A kernel whose sized __shared__ variables come to more than 48 KB does not build, as with
// NVIDIA's nvcc (ptxas: "uses too much shared data"); the error names the kernel's line, the
// size and what to do instead. Exactly 48 KB, spread over a kernel and a device function it
// calls, builds and runs, and so does more through `extern __shared__` with the attribute.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s shared.cu
// RUN: not %nvcc -arch=sm_80 -DTOO_MUCH -c shared.cu -o bad.o 2> err.txt
// RUN: FileCheck %s --check-prefix=ERROR < err.txt
// RUN: not test -e bad.o
// ERROR: shared.cu:[[@LINE+20]]:{{[0-9]+}}: error: kernel 'staged(float*)' uses too much shared data (49156 bytes, 49152 max)
// ERROR-SAME: extern __shared__
// ERROR-SAME: cudaFuncAttributeMaxDynamicSharedMemorySize
// RUN: %nvcc -arch=sm_80 shared.cu -o ok && ./ok | FileCheck %s
// CHECK: PASS
#include <cstdio>

#ifdef TOO_MUCH
constexpr int kExtra = 1;
#else
constexpr int kExtra = 0;
#endif

__device__ float fromHelper(int t) {
  __shared__ float helper[4096]; // 16 KB
  helper[t] = t;
  __syncthreads();
  return helper[(t + 1) % blockDim.x] + kExtra;
}

__global__ void staged(float *out) {
  __shared__ float tile[8192 + kExtra]; // 32 KB, and 4 bytes more with TOO_MUCH
  const int t = threadIdx.x;
  tile[t] = 2 * t;
  __syncthreads();
  out[t] = tile[(t + 3) % blockDim.x] + fromHelper(t);
}

__global__ void dynamicTile(float *out) {
  extern __shared__ float big[]; // 64 KB at launch
  const int t = threadIdx.x;
  for (int i = t; i < 16384; i += blockDim.x)
    big[i] = i;
  __syncthreads();
  out[t] = big[16383 - t];
}

int main() {
  float *out;
  cudaMallocManaged(&out, 1024 * sizeof(float));
  staged<<<1, 1024>>>(out);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int t = 0; t < 1024; ++t)
    wrong += out[t] != 2 * ((t + 3) % 1024) + (t + 1) % 1024;
  cudaFuncSetAttribute(dynamicTile, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  dynamicTile<<<1, 256, 65536>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess)
    wrong++;
  for (int t = 0; t < 256; ++t)
    wrong += out[t] != 16383 - t;
  printf(wrong ? "FAIL: %d wrong\n" : "PASS\n", wrong);
  return wrong != 0;
}
