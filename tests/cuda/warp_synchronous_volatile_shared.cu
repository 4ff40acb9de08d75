// Legacy warp-synchronous code: the last 64 partial sums of a block reduction are combined by
// one warp through volatile shared memory with no __syncwarp (the classic "reduce6" unrolled
// tail), and a loop form of the same. NVIDIA GPUs give exact sums; on the CPU each volatile
// shared store is a warp convergence point, so the lanes keep the same order. Run optimised
// and with -G, where pointers still pass through locals.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// RUN: %nvcc -G %s -o %t.g && %t.g | FileCheck %s
// CHECK: unrolled 1024 1024 1024
// CHECK: loop 1024 1024 1024
// CHECK: PASS
#include <cstdio>

template <unsigned Block> __device__ void warpReduce(volatile int *s, unsigned tid) {
  if (Block >= 64) s[tid] += s[tid + 32];
  if (Block >= 32) s[tid] += s[tid + 16];
  if (Block >= 16) s[tid] += s[tid + 8];
  if (Block >= 8) s[tid] += s[tid + 4];
  if (Block >= 4) s[tid] += s[tid + 2];
  if (Block >= 2) s[tid] += s[tid + 1];
}

template <unsigned Block> __global__ void reduceUnrolled(const int *in, int *out) {
  __shared__ int s[Block];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * Block + tid];
  __syncthreads();
  for (unsigned stride = Block / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) warpReduce<Block>(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}

__global__ void reduceLoop(const int *in, int *out) {
  extern __shared__ int dyn[];
  volatile int *s = dyn;
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32)
    for (unsigned stride = 32; stride > 0; stride >>= 1) s[tid] = s[tid] + s[tid + stride];
  if (tid == 0) out[blockIdx.x] = s[0];
}

int main() {
  const int blocks = 3, block = 256;
  int *in, *out;
  cudaMallocManaged(&in, blocks * 1024 * sizeof(int));
  cudaMallocManaged(&out, blocks * sizeof(int));
  for (int i = 0; i < blocks * 1024; ++i) in[i] = 4;
  bool ok = true;
  reduceUnrolled<block><<<blocks, block>>>(in, out);
  cudaDeviceSynchronize();
  printf("unrolled %d %d %d\n", out[0], out[1], out[2]);
  for (int b = 0; b < blocks; ++b) ok &= out[b] == block * 4;
  reduceLoop<<<blocks, block, block * sizeof(int)>>>(in, out);
  cudaDeviceSynchronize();
  printf("loop %d %d %d\n", out[0], out[1], out[2]);
  for (int b = 0; b < blocks; ++b) ok &= out[b] == block * 4;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
