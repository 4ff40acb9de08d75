// Threads of one block wait for each other without a barrier (flags in shared and global memory,
// volatile and atomic accesses). CUDA guarantees that once a thread of a block makes progress,
// all threads of its block eventually make progress (libcu++ execution model; independent
// thread scheduling since Volta), so these spin-waits terminate on sm_70+. The chain runs
// against thread order (thread t waits for thread t+1) and across warps. A watchdog turns a
// hang into a failure.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <csignal>
#include <unistd.h>

__global__ void reverseChain(int *out) {
  __shared__ volatile int flag[256];
  __shared__ volatile int value[256];
  int t = threadIdx.x, n = blockDim.x;
  flag[t] = 0;
  __syncthreads();
  int mine;
  if (t == n - 1) {
    mine = 1;
  } else {
    while (flag[t + 1] == 0) {
    }
    mine = value[t + 1] + 1;
  }
  value[t] = mine;
  __threadfence_block();
  flag[t] = 1;
  out[t] = mine;
}

// warp 0 consumes what warp 1 produces, through global memory and atomics, then answers back
__global__ void producerConsumer(int *data, int *ready, int *ack, int *out) {
  int t = threadIdx.x;
  if (t >= 32) { // producer warp
    data[t - 32] = (t - 32) * 7;
    __threadfence();
    atomicExch(&ready[t - 32], 1);
    while (atomicAdd(&ack[t - 32], 0) == 0) {
    }
    out[t] = 1000 + atomicAdd(&ack[t - 32], 0);
  } else { // consumer warp
    while (atomicAdd(&ready[t], 0) == 0) {
    }
    __threadfence();
    out[t] = data[t];
    atomicExch(&ack[t], 2);
  }
}

static void watchdog(int) {
  const char msg[] = "FAIL: timed out (threads of a block did not make progress)\n";
  write(1, msg, sizeof msg - 1);
  _exit(1);
}

int main() {
  signal(SIGALRM, watchdog);
  alarm(10);
  int failures = 0;
  int *out, *data, *ready, *ack;
  cudaMallocManaged(&out, 256 * sizeof(int));
  cudaMallocManaged(&data, 32 * sizeof(int));
  cudaMallocManaged(&ready, 32 * sizeof(int));
  cudaMallocManaged(&ack, 32 * sizeof(int));
  for (int n : {2, 32, 33, 256}) {
    reverseChain<<<1, n>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("reverseChain: launch failed\n"); return 1; }
    for (int t = 0; t < n; ++t)
      if (out[t] != n - t && failures++ < 10) printf("reverseChain(%d) thread %d: %d, expected %d\n", n, t, out[t], n - t);
  }
  cudaMemset(ready, 0, 32 * sizeof(int));
  cudaMemset(ack, 0, 32 * sizeof(int));
  producerConsumer<<<1, 64>>>(data, ready, ack, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("producerConsumer: launch failed\n"); return 1; }
  for (int t = 0; t < 64; ++t) {
    int want = t < 32 ? t * 7 : 1002;
    if (out[t] != want && failures++ < 10) printf("producerConsumer thread %d: %d, expected %d\n", t, out[t], want);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
