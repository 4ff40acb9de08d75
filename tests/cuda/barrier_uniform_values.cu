// Values the compiler keeps once per block rather than once per thread (a loop counter that
// crosses barriers, a base offset) must still give each thread CUDA's answer when threads leave
// early in a scattered pattern (the block then runs in several pieces), when a value is only
// uniform inside a loop that threads leave at different times, and when uniform inputs meet at a
// branch that depends on the thread.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

// Every third thread leaves at once; the others run a barrier tree over their ids whose
// counter `stride` lives across the barriers.
__global__ void scatteredTreeSum(int *out) {
  __shared__ int s[256];
  int t = threadIdx.x;
  s[t] = 0;
  __syncthreads();
  if (t % 3 == 0)
    return;
  s[t] = t;
  for (int stride = 128; stride > 0; stride >>= 1) {
    __syncthreads();
    int partner = t + stride;
    int add = t < stride && partner < 256 ? s[partner] : 0;
    __syncthreads();
    s[t] += add;
  }
  __syncthreads();
  if (t == 1)
    out[blockIdx.x] = s[1];
}

// `last` is blockIdx.x * j on every iteration, the same for all threads, but each thread leaves
// the loop after its own number of iterations, so after the barrier it differs by thread.
__global__ void leaveAtOwnIteration(const int *trips, int *out) {
  int t = threadIdx.x;
  int last = -1;
  for (int j = 0; j < trips[t]; ++j)
    last = (blockIdx.x + 1) * j;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = last;
}

// Two uniform values chosen by the thread's parity.
__global__ void uniformByParity(int *out) {
  int t = threadIdx.x;
  int v = (t & 1) ? int(blockIdx.x) * 100 : 7;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = v;
}

// A tile loop whose counter `k` crosses two barriers, in a 2D block that leaves its last rows
// out before the loop.
__global__ void tiledRowSums(const int *in, int *out, int n) {
  __shared__ int tile[8][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  if (ty >= 6)
    return;
  int sum = 0;
  for (int k = 0; k < n; k += 32) {
    tile[ty][tx] = in[ty * n + k + tx];
    __syncthreads();
    for (int j = 0; j < 32; ++j)
      sum += tile[ty][j] * (k / 32 + 1);
    __syncthreads();
  }
  out[ty * 32 + tx] = sum;
}

int main() {
  int failures = 0;
  int *out = nullptr, *trips = nullptr, *in = nullptr;
  cudaMallocManaged(&out, 4 * 256 * sizeof(int));
  cudaMallocManaged(&trips, 256 * sizeof(int));
  cudaMallocManaged(&in, 6 * 128 * sizeof(int));

  scatteredTreeSum<<<4, 256>>>(out);
  cudaDeviceSynchronize();
  // The same steps on the host: what lands on a slot of a thread that left is lost.
  int s[256];
  for (int t = 0; t < 256; ++t)
    s[t] = t % 3 ? t : 0;
  for (int stride = 128; stride > 0; stride >>= 1) {
    int add[256] = {};
    for (int t = 0; t < 256; ++t)
      if (t % 3 && t < stride && t + stride < 256)
        add[t] = s[t + stride];
    for (int t = 0; t < 256; ++t)
      s[t] += add[t];
  }
  int want = s[1];
  for (int b = 0; b < 4; ++b)
    if (out[b] != want) {
      printf("scatteredTreeSum block %d: %d, want %d\n", b, out[b], want);
      ++failures;
    }

  for (int t = 0; t < 256; ++t)
    trips[t] = t % 7;
  leaveAtOwnIteration<<<3, 256>>>(trips, out);
  cudaDeviceSynchronize();
  for (int b = 0; b < 3; ++b)
    for (int t = 0; t < 256; ++t) {
      int expect = trips[t] == 0 ? -1 : (b + 1) * (trips[t] - 1);
      if (out[b * 256 + t] != expect && failures++ < 10)
        printf("leaveAtOwnIteration %d/%d: %d, want %d\n", b, t, out[b * 256 + t], expect);
    }

  uniformByParity<<<3, 64>>>(out);
  cudaDeviceSynchronize();
  for (int b = 0; b < 3; ++b)
    for (int t = 0; t < 64; ++t) {
      int expect = (t & 1) ? b * 100 : 7;
      if (out[b * 64 + t] != expect && failures++ < 10)
        printf("uniformByParity %d/%d: %d, want %d\n", b, t, out[b * 64 + t], expect);
    }

  const int n = 128;
  for (int i = 0; i < 6 * n; ++i)
    in[i] = i % 11 - 5;
  tiledRowSums<<<1, dim3(32, 8)>>>(in, out, n);
  cudaDeviceSynchronize();
  for (int ty = 0; ty < 6; ++ty)
    for (int tx = 0; tx < 32; ++tx) {
      int expect = 0;
      for (int k = 0; k < n; k += 32)
        for (int j = 0; j < 32; ++j)
          expect += in[ty * n + k + j] * (k / 32 + 1);
      if (out[ty * 32 + tx] != expect && failures++ < 10)
        printf("tiledRowSums %d/%d: %d, want %d\n", ty, tx, out[ty * 32 + tx], expect);
    }

  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
