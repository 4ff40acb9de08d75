// A block reduction as cuda-samples' reduce4 writes it: a tree loop with a barrier in it (its
// region runs the barrier's rounds itself), then the first warp alone finishes with shuffles
// while the other threads leave. Once no thread goes round the loop again, the loop's region
// goes on into the shuffles itself with the run of threads still there; this checks the sums
// for block sizes 64 to 1024, and for a tail taken by the last warp instead of the first.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void treeThenWarp(const int *in, int *out, bool lastWarp) {
  extern __shared__ int partial[];
  const unsigned t = threadIdx.x, n = blockDim.x;
  int sum = in[blockIdx.x * n + t];
  partial[t] = sum;
  __syncthreads();
  for (unsigned s = n / 2; s > 32; s >>= 1) {
    if (t < s)
      partial[t] = sum = sum + partial[t + s];
    __syncthreads();
  }
  // The 64 partial sums left are in partial[0, 64): the finishing warp adds them in pairs.
  const unsigned first = lastWarp ? n - 32 : 0;
  if (t < first || t >= first + 32)
    return;
  const unsigned lane = t - first;
  sum = partial[lane] + partial[lane + 32];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (lane == 0)
    out[blockIdx.x] = sum;
}

int main() {
  const int blocks = 7, maxThreads = 1024;
  int *in, *out;
  cudaMallocManaged(&in, blocks * maxThreads * sizeof(int));
  cudaMallocManaged(&out, blocks * sizeof(int));
  for (int i = 0; i < blocks * maxThreads; ++i)
    in[i] = (i * 37) % 101 - 50;
  int failures = 0;
  for (int threads : {64, 128, 256, 512, 1024})
    for (bool lastWarp : {false, true}) {
      for (int b = 0; b < blocks; ++b)
        out[b] = -1;
      treeThenWarp<<<blocks, threads, threads * sizeof(int)>>>(in, out, lastWarp);
      cudaDeviceSynchronize();
      for (int b = 0; b < blocks; ++b) {
        int want = 0;
        for (int t = 0; t < threads; ++t)
          want += in[b * threads + t];
        if (out[b] != want && failures++ < 10)
          printf("FAIL: %d threads%s, block %d: %d, want %d\n", threads,
                 lastWarp ? " (last warp)" : "", b, out[b], want);
      }
    }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
