// A region whose ways out all follow branches every thread takes the same way (a loop over
// tiles with a trip count from a parameter, a choice between two barriers by a parameter, a
// whole block returning) runs the next region itself when its first thread waits there. Each
// case must still give every thread its work: loops of zero, one and many trips, the choice
// either way, blocks that return while others go on, and 2D blocks.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

// Sums tiles of the input through shared memory, `tiles` times (a uniform trip count).
__global__ void tileSums(const int *in, int *out, int tiles) {
  __shared__ int tile[256];
  int t = threadIdx.y * blockDim.x + threadIdx.x, n = blockDim.x * blockDim.y;
  int sum = 0;
  for (int k = 0; k < tiles; ++k) {
    tile[t] = in[(blockIdx.x * tiles + k) * n + t];
    __syncthreads();
    sum += tile[(t + 1) % n];
    __syncthreads();
  }
  out[blockIdx.x * n + t] = sum;
}

// Takes one of two barriers by a uniform choice; each side reads a different neighbour.
__global__ void choose(int *out, int left) {
  __shared__ int tile[256];
  int t = threadIdx.x, n = blockDim.x;
  tile[t] = 10 * t + blockIdx.x;
  int v;
  if (left) {
    __syncthreads();
    v = tile[(t + n - 1) % n];
  } else {
    __syncthreads();
    v = tile[(t + 1) % n];
  }
  out[blockIdx.x * n + t] = v;
}

// Odd blocks return before the barrier, every thread together.
__global__ void oddBlocksLeave(int *out) {
  __shared__ int tile[256];
  int t = threadIdx.x, n = blockDim.x;
  out[blockIdx.x * n + t] = -1;
  if (blockIdx.x % 2)
    return;
  tile[t] = t + 100 * blockIdx.x;
  __syncthreads();
  out[blockIdx.x * n + t] = tile[n - 1 - t];
}

int main() {
  int failures = 0;
  const int maxInts = 8 * 5 * 256;
  int *in, *out;
  cudaMallocManaged(&in, maxInts * sizeof(int));
  cudaMallocManaged(&out, maxInts * sizeof(int));
  for (int i = 0; i < maxInts; ++i)
    in[i] = (i * 7) % 23;
  for (dim3 block : {dim3(256), dim3(16, 16), dim3(32, 8), dim3(96), dim3(5, 3)}) {
    int n = block.x * block.y, blocks = 3;
    for (int tiles : {0, 1, 5}) {
      tileSums<<<blocks, block>>>(in, out, tiles);
      cudaDeviceSynchronize();
      for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < n; ++t) {
          int want = 0;
          for (int k = 0; k < tiles; ++k)
            want += in[(b * tiles + k) * n + (t + 1) % n];
          if (out[b * n + t] != want && failures++ < 8)
            printf("tileSums %dx%d tiles %d block %d thread %d: %d, want %d\n", block.x, block.y,
                   tiles, b, t, out[b * n + t], want);
        }
    }
  }
  for (int n : {256, 64, 33}) {
    for (int left : {0, 1}) {
      choose<<<4, n>>>(out, left);
      cudaDeviceSynchronize();
      for (int b = 0; b < 4; ++b)
        for (int t = 0; t < n; ++t) {
          int from = left ? (t + n - 1) % n : (t + 1) % n, want = 10 * from + b;
          if (out[b * n + t] != want && failures++ < 8)
            printf("choose %d left %d block %d thread %d: %d, want %d\n", n, left, b, t,
                   out[b * n + t], want);
        }
    }
    oddBlocksLeave<<<5, n>>>(out);
    cudaDeviceSynchronize();
    for (int b = 0; b < 5; ++b)
      for (int t = 0; t < n; ++t) {
        int want = b % 2 ? -1 : n - 1 - t + 100 * b;
        if (out[b * n + t] != want && failures++ < 8)
          printf("oddBlocksLeave %d block %d thread %d: %d, want %d\n", n, b, t, out[b * n + t],
                 want);
      }
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("CUDA error\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
