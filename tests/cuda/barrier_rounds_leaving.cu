// A loop with one __syncthreads runs as barrier rounds: the region after the barrier runs the
// block round after round itself while every thread comes back, stores no state for the
// threads that do, and keeps a uniform value carried round (the loop's base) in one slot. When
// threads leave the loop on different rounds, the region returns to the scheduler with some
// threads back at the barrier and others gone, and those that came back must be found waiting
// there with the carried value in their own slots: the next call starts at another thread
// (the lowest threads leave first), or covers part of the block.
// RUN: %nvcc -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

// Threads below `32 * leave` of the round have left; the rest add a neighbour's value of the
// round and carry base up by a stride that only the block knows.
__global__ void leavingRounds(int *out, int rounds, int step) {
  __shared__ int tile[2][1024]; // one per round's parity: a round reads while the next writes
  const int t = threadIdx.x;
  int sum = 0;
  int base = blockIdx.x * 7;
  for (int k = 0; k < rounds; ++k, base += step * blockDim.x) {
    tile[k & 1][t] = base + t;
    __syncthreads();
    sum += tile[k & 1][t ^ 1] - base;
    if (t < 32 * (k + 1)) {
      out[blockIdx.x * blockDim.x + t] = sum * 1000 + k + (base - blockIdx.x * 7) / step;
      return;
    }
  }
  out[blockIdx.x * blockDim.x + t] = sum * 1000 + rounds + (base - blockIdx.x * 7) / step;
}

// The same, with the highest threads leaving first, so the next call starts at thread 0.
__global__ void leavingFromTop(int *out, int rounds, int step) {
  __shared__ int tile[2][1024]; // one per round's parity: a round reads while the next writes
  const int t = threadIdx.x;
  int sum = 0;
  int base = blockIdx.x * 5;
  for (int k = 0; k < rounds; ++k, base += step) {
    tile[k & 1][t] = base + 2 * t;
    __syncthreads();
    sum += tile[k & 1][t ^ 1] - base;
    if (t >= (int)blockDim.x - 32 * (k + 1))
      break;
  }
  out[blockIdx.x * blockDim.x + t] = sum * 1000 + (base - blockIdx.x * 5) / step;
}

int main() {
  int failures = 0;
  for (int threads : {64, 96, 256, 1024}) {
    const int blocks = 5, rounds = 40, step = 3, n = blocks * threads;
    int *out;
    cudaMallocManaged(&out, n * sizeof(int));
    for (int kernel = 0; kernel < 2; ++kernel) {
      for (int i = 0; i < n; ++i)
        out[i] = -1;
      if (kernel == 0)
        leavingRounds<<<blocks, threads>>>(out, rounds, step);
      else
        leavingFromTop<<<blocks, threads>>>(out, rounds, step);
      if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: launch\n");
        return 1;
      }
      for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < threads; ++t) {
          int sum = 0, k = 0, want = 0;
          if (kernel == 0) {
            for (; k < rounds; ++k) {
              sum += t ^ 1;
              if (t < 32 * (k + 1))
                break;
            }
            // A thread that leaves on round k has not stepped base past it.
            want = k < rounds ? sum * 1000 + k + k * threads : sum * 1000 + rounds + rounds * threads;
          } else {
            for (; k < rounds; ++k) {
              sum += 2 * (t ^ 1);
              if (t >= threads - 32 * (k + 1))
                break;
            }
            want = sum * 1000 + k;
          }
          const int got = out[b * threads + t];
          if (got != want && failures++ < 5)
            printf("kernel %d, %d threads: block %d thread %d got %d, want %d\n", kernel, threads,
                   b, t, got, want);
        }
    }
    cudaFree(out);
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
