// __barrier_sync(id) with every thread of the block taking part is a block barrier like
// __syncthreads(), whatever barrier id it names (PTX's barrier.sync without a thread count):
// a shared-memory exchange across it, in straight code and in a loop, with odd block sizes.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void exchange(int *out, int rounds) {
  __shared__ int buffer[1024];
  int t = threadIdx.x, n = blockDim.x, value = t * 7 + blockIdx.x;
  for (int r = 0; r < rounds; ++r) {
    buffer[t] = value;
    __barrier_sync(r % 4);
    value = buffer[n - 1 - t] + 1;
    __barrier_sync(15);
  }
  out[blockIdx.x * n + t] = value;
}

int main() {
  int failures = 0;
  for (int n : {32, 100, 257, 1024}) {
    const int blocks = 3, rounds = 5;
    int *out;
    cudaMallocManaged(&out, blocks * n * sizeof(int));
    exchange<<<blocks, n>>>(out, rounds);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: launch with %d threads\n", n);
      return 1;
    }
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < n; ++t) {
        int owner = rounds % 2 ? n - 1 - t : t; // an odd number of swaps ends mirrored
        int want = owner * 7 + b + rounds;
        if (out[b * n + t] != want && failures++ < 10)
          printf("block size %d, block %d, thread %d: %d, expected %d\n", n, b, t, out[b * n + t],
                 want);
      }
    cudaFree(out);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
