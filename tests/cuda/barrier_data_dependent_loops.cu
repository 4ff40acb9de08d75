// __syncthreads() in loops whose (block-uniform) trip count is read from memory, in nested
// loops, in a do/while with a break, and in both arms of a uniform if/else.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

// Each block rotates a shared array `trips[blockIdx.x]` times (one barrier pair per step).
__global__ void rotate(const int *trips, int *out) {
  __shared__ int buf[256];
  int t = threadIdx.x, n = blockDim.x;
  buf[t] = t * 3 + blockIdx.x;
  __syncthreads();
  int k = trips[blockIdx.x];
  for (int i = 0; i < k; ++i) {
    int v = buf[(t + 1) % n];
    __syncthreads();
    buf[t] = v + 1;
    __syncthreads();
  }
  out[blockIdx.x * n + t] = buf[t];
}

// Nested loops with barriers at both levels; inner trip count depends on the outer index.
__global__ void nested(const int *outerTrips, int *out) {
  __shared__ int s[128];
  int t = threadIdx.x, n = blockDim.x;
  s[t] = t;
  int acc = 0;
  __syncthreads();
  for (int i = 0; i < outerTrips[blockIdx.x]; ++i) {
    for (int j = 0; j <= i; ++j) {
      acc += s[(t + j) % n];
      __syncthreads();
      if (t == 0)
        s[n - 1 - (i + j) % n] += 1;
      __syncthreads();
    }
    s[t] += acc & 7;
    __syncthreads();
  }
  out[blockIdx.x * n + t] = acc * 1000 + s[t];
}

// do/while with a uniform break after a barrier, and barriers inside both arms of an if/else
// whose condition is uniform per block.
__global__ void branches(const int *limit, int *out) {
  __shared__ int s[64];
  __shared__ int flag;
  int t = threadIdx.x, n = blockDim.x;
  s[t] = t;
  if (t == 0) flag = 0;
  __syncthreads();
  int steps = 0;
  do {
    ++steps;
    if ((blockIdx.x + steps) % 2 == 0) {
      int v = s[(t + 1) % n];
      __syncthreads();
      s[t] = v * 2 % 1000;
      __syncthreads();
    } else {
      int v = s[(t + n - 1) % n];
      __syncthreads();
      s[t] = v + 3;
      __syncthreads();
    }
    if (t == 0 && s[0] > limit[blockIdx.x]) flag = 1;
    __syncthreads();
    if (flag) break;
    __syncthreads();
  } while (steps < 50);
  out[blockIdx.x * n + t] = s[t] * 100 + steps;
}

static int failures = 0;
static void compare(const char *what, const std::vector<int> &got, const std::vector<int> &want) {
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i] && failures++ < 8)
      printf("%s[%zu]: got %d, expected %d\n", what, i, got[i], want[i]);
}

int main() {
  const int blocks = 6;
  int *trips, *out;
  cudaMallocManaged(&trips, blocks * sizeof(int));
  cudaMallocManaged(&out, blocks * 256 * sizeof(int));
  int tv[blocks] = {0, 1, 5, 17, 2, 9};
  for (int b = 0; b < blocks; ++b) trips[b] = tv[b];

  { // rotate, 200 threads
    const int n = 200;
    rotate<<<blocks, n>>>(trips, out);
    cudaDeviceSynchronize();
    std::vector<int> want(blocks * n), got(out, out + blocks * n);
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> buf(n);
      for (int t = 0; t < n; ++t) buf[t] = t * 3 + b;
      for (int i = 0; i < tv[b]; ++i) {
        std::vector<int> nb(n);
        for (int t = 0; t < n; ++t) nb[t] = buf[(t + 1) % n] + 1;
        buf = nb;
      }
      for (int t = 0; t < n; ++t) want[b * n + t] = buf[t];
    }
    compare("rotate", got, want);
  }
  { // nested, 96 threads
    const int n = 96;
    nested<<<blocks, n>>>(trips, out);
    cudaDeviceSynchronize();
    std::vector<int> want(blocks * n), got(out, out + blocks * n);
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> s(n), acc(n, 0);
      for (int t = 0; t < n; ++t) s[t] = t;
      for (int i = 0; i < tv[b]; ++i) {
        for (int j = 0; j <= i; ++j) {
          for (int t = 0; t < n; ++t) acc[t] += s[(t + j) % n];
          s[n - 1 - (i + j) % n] += 1;
        }
        for (int t = 0; t < n; ++t) s[t] += acc[t] & 7;
      }
      for (int t = 0; t < n; ++t) want[b * n + t] = acc[t] * 1000 + s[t];
    }
    compare("nested", got, want);
  }
  { // branches, 40 threads
    const int n = 40;
    int lim[blocks] = {100, 5, 500, 60, 999, 2000};
    for (int b = 0; b < blocks; ++b) trips[b] = lim[b];
    branches<<<blocks, n>>>(trips, out);
    cudaDeviceSynchronize();
    std::vector<int> want(blocks * n), got(out, out + blocks * n);
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> s(n);
      for (int t = 0; t < n; ++t) s[t] = t;
      int steps = 0;
      do {
        ++steps;
        std::vector<int> ns(n);
        for (int t = 0; t < n; ++t)
          ns[t] = (b + steps) % 2 == 0 ? s[(t + 1) % n] * 2 % 1000 : s[(t + n - 1) % n] + 3;
        s = ns;
        if (s[0] > lim[b]) break;
      } while (steps < 50);
      for (int t = 0; t < n; ++t) want[b * n + t] = s[t] * 100 + steps;
    }
    compare("branches", got, want);
  }
  if (cudaGetLastError() != cudaSuccess) { printf("CUDA error\n"); failures++; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
