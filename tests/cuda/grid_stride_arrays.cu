// A grid-stride loop runs fewer rounds between two barriers the more memory streams its body
// walks (eight for one, four for two, two for three or four, one for five or more; the two
// streams of one array, `in[i]` and `in[i + blockDim.x]`, are the pair sums of
// grid_stride_interleaved_blocks.cu). Each count must give every element and every thread's
// running value exactly as one thread at a time would: byte and float copies, a dot product
// carried across rounds, a five-array sum with a running maximum, for grids of one to many
// blocks, block sizes from one warp to 1024 threads, and lengths that end inside a round or
// inside a group.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: env DRAWBRIDGE_CPU_THREADS=1 %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=2 %t | FileCheck %s
// CHECK: PASS
#include "Inputs/device_vectors.h"

#include <cstdio>
#include <vector>

__global__ void byteCopy(const unsigned char *in, unsigned char *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    out[i] = in[i] * 3 + 1;
}

// Two arrays and a per-thread sum, written out per thread.
__global__ void threadDots(const float *a, const float *b, float *dots, int n) {
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += a[i] * b[i];
  dots[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

// Three arrays: a triad.
__global__ void triad(float *a, const float *b, const float *c, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    a[i] = b[i] + 2.0f * c[i];
}

// Five arrays and a running maximum per thread.
__global__ void fiveArrays(const int *a, const int *b, const int *c, const int *d, int *e,
                           int *maxima, int n) {
  int most = -1;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    e[i] = a[i] + b[i] + c[i] + d[i];
    most = max(most, e[i]);
  }
  maxima[blockIdx.x * blockDim.x + threadIdx.x] = most;
}

int main() {
  const int maxN = 300007, maxThreads = 100 * 1024;
  std::vector<unsigned char> bytes(maxN);
  std::vector<float> fa(maxN), fb(maxN);
  std::vector<int> ia(maxN), ib(maxN), ic(maxN), id(maxN);
  for (int i = 0; i < maxN; ++i) {
    bytes[i] = static_cast<unsigned char>(i * 7 + 3);
    fa[i] = (i % 13) * 0.25f;
    fb[i] = (i % 7) - 3.0f;
    ia[i] = i % 101;
    ib[i] = i % 37;
    ic[i] = (i * 5) % 11;
    id[i] = i % 3;
  }
  unsigned char *dBytes = upload(bytes), *dOut;
  float *dA = upload(fa), *dB = upload(fb), *dF, *dDots;
  int *dIa = upload(ia), *dIb = upload(ib), *dIc = upload(ic), *dId = upload(id);
  int *dE, *dMaxima;
  cudaMalloc(&dOut, maxN);
  cudaMalloc(&dF, maxN * sizeof(float));
  cudaMalloc(&dDots, maxThreads * sizeof(float));
  cudaMalloc(&dE, maxN * sizeof(int));
  cudaMalloc(&dMaxima, maxThreads * sizeof(int));
  int failures = 0;
  auto fail = [&](const char *what, int blocks, int threads, int n, long at) {
    if (failures++ < 8)
      printf("%s, %d x %d, n %d: wrong at %ld\n", what, blocks, threads, n, at);
  };
  for (int blocks : {1, 3, 8, 64, 100})
    for (int threads : {32, 96, 256, 1024})
      for (int n : {0, 1, 1000, 77777, maxN}) {
        const int total = blocks * threads;
        byteCopy<<<blocks, threads>>>(dBytes, dOut, n);
        threadDots<<<blocks, threads>>>(dA, dB, dDots, n);
        triad<<<blocks, threads>>>(dF, dA, dB, n);
        fiveArrays<<<blocks, threads>>>(dIa, dIb, dIc, dId, dE, dMaxima, n);
        std::vector<unsigned char> out = download(dOut, n);
        std::vector<float> dots = download(dDots, total), f = download(dF, n);
        std::vector<int> e = download(dE, n), maxima = download(dMaxima, total);
        for (int i = 0; i < n; ++i) {
          if (out[i] != static_cast<unsigned char>(bytes[i] * 3 + 1))
            fail("byte copy", blocks, threads, n, i);
          if (f[i] != fa[i] + 2.0f * fb[i])
            fail("triad", blocks, threads, n, i);
          if (e[i] != ia[i] + ib[i] + ic[i] + id[i])
            fail("five arrays", blocks, threads, n, i);
        }
        for (int t = 0; t < total; ++t) {
          float dot = 0;
          int most = -1;
          for (int i = t; i < n; i += total) {
            dot += fa[i] * fb[i];
            most = std::max(most, ia[i] + ib[i] + ic[i] + id[i]);
          }
          if (dots[t] != dot)
            fail("dots", blocks, threads, n, t);
          if (maxima[t] != most)
            fail("maxima", blocks, threads, n, t);
        }
      }
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
