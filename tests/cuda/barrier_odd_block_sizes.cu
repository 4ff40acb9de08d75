// Hillis-Steele inclusive scan in shared memory with block sizes that are not multiples of 32
// (1, 7, 33, 48, 100, 255, 1000, 1023) and 1024: every thread must pass every barrier exactly
// once and see the others' writes.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void scan(const int *in, int *out) {
  extern __shared__ int s[];
  int t = threadIdx.x;
  int g = blockIdx.x * blockDim.x + t;
  s[t] = in[g];
  __syncthreads();
  for (int off = 1; off < blockDim.x; off <<= 1) {
    int v = t >= off ? s[t - off] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  out[g] = s[t];
}

int main() {
  int failures = 0;
  for (int n : {1, 7, 33, 48, 100, 255, 1000, 1023, 1024}) {
    const int blocks = 3;
    int *in, *out;
    cudaMallocManaged(&in, blocks * n * sizeof(int));
    cudaMallocManaged(&out, blocks * n * sizeof(int));
    for (int i = 0; i < blocks * n; ++i) in[i] = (i * 37) % 11 - 5;
    scan<<<blocks, n, n * sizeof(int)>>>(in, out);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("block %d: %s\n", n, cudaGetErrorString(e)); failures++; continue; }
    for (int b = 0; b < blocks; ++b) {
      int acc = 0;
      for (int t = 0; t < n; ++t) {
        acc += in[b * n + t];
        if (out[b * n + t] != acc && failures++ < 8)
          printf("block size %d, block %d, thread %d: %d, expected %d\n", n, b, t, out[b * n + t], acc);
      }
    }
    cudaFree(in); cudaFree(out);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
