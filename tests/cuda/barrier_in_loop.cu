// A tree reduction in shared memory: __syncthreads() inside a loop whose trip count depends
// on blockDim, with a partial last block.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void reduce(const float *in, float *out, int n) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

int main() {
  const int n = 100000;
  int failures = 0;
  for (int block : {32, 64, 128, 256, 512, 1024}) {
    int blocks = (n + block - 1) / block;
    float *in, *out;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&out, blocks * sizeof(float));
    for (int i = 0; i < n; ++i)
      in[i] = (i % 7) * 0.5f;
    reduce<<<blocks, block, block * sizeof(float)>>>(in, out, n);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("launch failed\n");
      return 1;
    }
    for (int b = 0; b < blocks; ++b) {
      float expect = 0;
      for (int i = b * block; i < n && i < (b + 1) * block; ++i)
        expect += (i % 7) * 0.5f;
      if (out[b] != expect) {
        if (failures++ < 5)
          printf("block size %d, block %d: %f, expected %f\n", block, b, out[b], expect);
      }
    }
    cudaFree(in);
    cudaFree(out);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
