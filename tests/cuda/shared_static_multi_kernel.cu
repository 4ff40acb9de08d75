// Static __shared__ arrays in several kernels of one file (different sizes and types, several
// per kernel, none overlapping), and a __shared__ variable declared inside a __device__
// function that two kernels call.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__device__ int blockSumViaHelper(int v) {
  __shared__ int partial[64]; // static storage, one per block
  __shared__ int total;
  int t = threadIdx.x;
  partial[t] = v;
  __syncthreads();
  if (t == 0) {
    int s = 0;
    for (int i = 0; i < blockDim.x; ++i) s += partial[i];
    total = s;
  }
  __syncthreads();
  return total;
}

__global__ void kernelA(int *out) {
  __shared__ char bytes[37];
  __shared__ double dbl[19];
  __shared__ int ints[64];
  int t = threadIdx.x;
  if (t < 37) bytes[t] = (char)(t + 1);
  if (t < 19) dbl[t] = t * 0.5;
  ints[t] = 1000 + t;
  __syncthreads();
  int v = ints[63 - t] + (t < 37 ? bytes[36 - t] : 0) + (t < 19 ? (int)(dbl[18 - t] * 2) : 0);
  out[t] = v;
  out[64 + t] = blockSumViaHelper(t + blockIdx.x);
}

__global__ void kernelB(long long *out) {
  __shared__ long long a[32];
  __shared__ short b[64];
  __shared__ float c[3][5];
  int t = threadIdx.x;
  if (t < 32) a[t] = (long long)t << 34;
  b[t] = (short)(-t);
  if (t < 15) c[t / 5][t % 5] = t * 0.25f;
  __syncthreads();
  long long v = a[(t + 1) % 32] + b[(t + 2) % 64] + (long long)(c[(t % 15) / 5][(t % 15) % 5] * 4);
  out[t] = v;
  out[64 + t] = blockSumViaHelper(2 * t);
}

__global__ void kernelC(int *out) {
  __shared__ int only;
  if (threadIdx.x == 0) only = 4242 + blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = only;
}

int main() {
  int failures = 0;
  int *outA, *outC;
  long long *outB;
  cudaMallocManaged(&outA, 4 * 128 * sizeof(int));
  cudaMallocManaged(&outB, 128 * sizeof(long long));
  cudaMallocManaged(&outC, 8 * 32 * sizeof(int));
  for (int b = 0; b < 4; ++b) kernelA<<<1, 64>>>(outA + b * 128); // blockIdx.x = 0 each time
  kernelB<<<1, 64>>>(outB);
  kernelC<<<8, 32>>>(outC);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  for (int b = 0; b < 4; ++b)
    for (int t = 0; t < 64; ++t) {
      int want = 1000 + 63 - t + (t < 37 ? 37 - t : 0) + (t < 19 ? 18 - t : 0);
      if (outA[b * 128 + t] != want && failures++ < 8) printf("A[%d]: %d, expected %d\n", t, outA[b * 128 + t], want);
      if (outA[b * 128 + 64 + t] != 64 * 63 / 2 && failures++ < 8) printf("A helper[%d]: %d\n", t, outA[b * 128 + 64 + t]);
    }
  for (int t = 0; t < 64; ++t) {
    long long want = ((long long)((t + 1) % 32) << 34) - (t + 2) % 64 + (long long)((t % 15) * 0.25f * 4);
    if (outB[t] != want && failures++ < 8) printf("B[%d]: %lld, expected %lld\n", t, outB[t], want);
    if (outB[64 + t] != 64 * 63 && failures++ < 8) printf("B helper[%d]: %lld\n", t, outB[64 + t]);
  }
  for (int i = 0; i < 8 * 32; ++i)
    if (outC[i] != 4242 + i / 32 && failures++ < 8) printf("C[%d]: %d\n", i, outC[i]);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
