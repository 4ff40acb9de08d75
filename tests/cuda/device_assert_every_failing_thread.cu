// Every thread of a block whose assert fails reports it, as on a GPU (cuda-samples'
// simpleAssert expects four lines for threads 28-31 of block 1), whether the kernel is one
// region or is cut at barriers; the launch then fails with cudaErrorAssert.
// RUN: %nvcc %s -o %t && %t plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: block: [1,0,0], thread: [28,0,0] Assertion `gid < n` failed.
// PLAIN-NEXT: block: [1,0,0], thread: [29,0,0] Assertion `gid < n` failed.
// PLAIN-NEXT: block: [1,0,0], thread: [30,0,0] Assertion `gid < n` failed.
// PLAIN-NEXT: block: [1,0,0], thread: [31,0,0] Assertion `gid < n` failed.
// PLAIN-NEXT: cudaErrorAssert
// RUN: %t barrier 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: block: [0,0,0], thread: [3,0,0] Assertion `s[threadIdx.x ^ 1] != 2` failed.
// BARRIER-NEXT: block: [0,0,0], thread: [5,0,0] Assertion `s[threadIdx.x ^ 1] != 4` failed.
// BARRIER-NEXT: cudaErrorAssert
#include <cassert>
#include <cstdio>
#include <cstring>

__global__ void plain(int n, int *out) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  assert(gid < n);
  out[gid] = 1;
}

__global__ void barrier(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 3)
    assert(s[threadIdx.x ^ 1] != 2);
  if (threadIdx.x == 5)
    assert(s[threadIdx.x ^ 1] != 4);
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x ^ 1];
}

int main(int argc, char **argv) {
  int *out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  if (argc > 1 && !strcmp(argv[1], "plain"))
    plain<<<2, 32>>>(60, out);
  else
    barrier<<<1, 64>>>(out);
  cudaError_t error = cudaDeviceSynchronize();
  fflush(stderr);
  printf("%s\n", cudaGetErrorName(error));
  return error == cudaErrorAssert ? 0 : 1;
}
