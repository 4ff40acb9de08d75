// A persistent kernel sized with the occupancy API (multiProcessorCount times
// cudaOccupancyMaxActiveBlocksPerMultiprocessor: the pre-cooperative-groups idiom for "every
// block resident") synchronises its blocks through a counter in global memory, twice. On
// NVIDIA GPUs all those blocks run at once; Drawbridge reports one resident block per
// worker, so they do here too. A watchdog turns a hang into a failure.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: grid barrier passed twice
// CHECK: PASS
#include <csignal>
#include <cstdio>
#include <unistd.h>

__device__ int arrived = 0;

__device__ void gridBarrier(int generation) {
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&arrived, 1);
    while (atomicAdd(&arrived, 0) < generation * (int)gridDim.x) {
    }
  }
  __syncthreads();
}

__global__ void persistent(int *out) {
  out[blockIdx.x] = 1;
  gridBarrier(1);
  int sum = 0; // every block sees every block's first write
  for (int b = 0; b < (int)gridDim.x; ++b)
    sum += ((volatile int *)out)[b];
  gridBarrier(2);
  if (threadIdx.x == 0)
    out[gridDim.x + blockIdx.x] = sum;
}

static void watchdog(int) {
  const char message[] = "FAIL: the persistent grid hung\n";
  write(1, message, sizeof message - 1);
  _exit(1);
}

int main() {
  signal(SIGALRM, watchdog);
  alarm(20);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  int perSm = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, persistent, 256, 0);
  int grid = prop.multiProcessorCount * perSm;
  int *out;
  cudaMallocManaged(&out, 2 * grid * sizeof(int));
  persistent<<<grid, 256>>>(out);
  cudaError_t error = cudaDeviceSynchronize();
  bool ok = error == cudaSuccess && grid >= 1;
  for (int b = 0; b < grid; ++b)
    ok &= out[grid + b] == grid;
  printf("grid barrier passed twice\n");
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
