// Single-pass chained prefix sum across blocks: each block takes a ticket with atomicAdd (so a
// block only ever waits for a block that has already started), sums its tile, waits for its
// predecessor's published inclusive prefix (spin on a volatile flag) and publishes its own. The
// block that took a ticket has made progress, so it keeps making progress and the chain
// completes. A watchdog turns a hang into a failure.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include "Inputs/watchdog.h"

#include <cstdio>

__global__ void chainedScan(const int *in, long long *out, int n, unsigned *ticket, volatile long long *prefix,
                            volatile int *flag) {
  __shared__ unsigned tile;
  __shared__ long long partial[256];
  __shared__ long long base;
  int t = threadIdx.x;
  if (t == 0) tile = atomicAdd(ticket, 1u);
  __syncthreads();
  int i = tile * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off <<= 1) { // inclusive scan of the tile
    long long v = t >= off ? partial[t - off] : 0;
    __syncthreads();
    partial[t] += v;
    __syncthreads();
  }
  if (t == 0) {
    long long before = 0;
    if (tile > 0) {
      while (flag[tile - 1] == 0) {
        __nanosleep(64); // back off, as CUB's decoupled look-back does
      }
      __threadfence();
      before = prefix[tile - 1];
    }
    prefix[tile] = before + partial[blockDim.x - 1];
    __threadfence();
    flag[tile] = 1;
    base = before;
  }
  __syncthreads();
  if (i < n) out[i] = base + partial[t];
}

int main() {
  armWatchdog(60);
  const int n = 1 << 16, block = 256, blocks = (n + block - 1) / block;
  int *in, *flag;
  long long *out, *prefix;
  unsigned *ticket;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(long long));
  cudaMallocManaged(&prefix, blocks * sizeof(long long));
  cudaMallocManaged(&flag, blocks * sizeof(int));
  cudaMallocManaged(&ticket, sizeof(unsigned));
  for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 1000 - 400;
  int failures = 0;
  for (int rep = 0; rep < 2; ++rep) {
    cudaMemset(flag, 0, blocks * sizeof(int));
    cudaMemset(ticket, 0, sizeof(unsigned));
    chainedScan<<<blocks, block>>>(in, out, n, ticket, prefix, flag);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
    long long acc = 0;
    for (int i = 0; i < n; ++i) {
      acc += in[i];
      if (out[i] != acc) { if (failures++ < 10) printf("rep %d: out[%d] = %lld, expected %lld\n", rep, i, out[i], acc); break; }
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
