// A thread reads back, with no barrier between, shared-memory elements it has just written
// through a strided index (HeCBench's scan: the last down-sweep step swaps temp[ai] and
// temp[bi], ai = offset * (2t + 1) - 1, then the thread copies temp[2t] and temp[2t + 1] out,
// inside a grid-stride loop over the blocks' tiles). The thread loop's accesses are marked
// parallel, and LLVM's interleaved-access grouping used to move the strided reloads above the
// same thread's stores, so the copy read the values from before the swap;
// ProtectSameThreadOrderPass now unmarks such loops.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

template <typename T, int N> __global__ void scan(long blocks, T *out, const T *in) {
  __shared__ T temp[N];
  for (long b = blockIdx.x; b < blocks; b += gridDim.x) {
    const T *gi = in + b * N;
    T *go = out + b * N;
    int t = threadIdx.x, offset = 1;
    temp[2 * t] = gi[2 * t];
    temp[2 * t + 1] = gi[2 * t + 1];
    for (int d = N >> 1; d > 0; d >>= 1) {
      __syncthreads();
      if (t < d) {
        int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
        temp[bi] += temp[ai];
      }
      offset *= 2;
    }
    if (t == 0)
      temp[N - 1] = 0;
    for (int d = 1; d < N; d *= 2) {
      offset >>= 1;
      __syncthreads();
      if (t < d) {
        int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
        T v = temp[ai];
        temp[ai] = temp[bi];
        temp[bi] += v;
      }
    }
    go[2 * t] = temp[2 * t];
    go[2 * t + 1] = temp[2 * t + 1];
  }
}

int main() {
  const int N = 128;
  int *in, *out;
  cudaMallocManaged(&in, N * sizeof(int));
  cudaMallocManaged(&out, N * sizeof(int));
  for (int i = 0; i < N; i++)
    in[i] = i % 5 + 1;
  scan<int, N><<<1, N / 2>>>(1, out, in);
  cudaDeviceSynchronize();
  int bad = 0, sum = 0;
  for (int i = 0; i < N; i++) {
    if (out[i] != sum && bad++ < 3)
      printf("@%d: %d, want %d\n", i, out[i], sum);
    sum += in[i];
  }
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
