// Loops that step by a constant block size (`for (k = threadIdx.x; k < TILE; k += 256)`) run
// as uniform rounds on the CPU, whatever the block size the kernel is launched with: equal to
// the constant, smaller (elements no thread owns stay untouched), or larger (two threads own
// one element). A tile's loop runs a round a region (its rounds lie one after another in
// memory), and a thread's running sum over the tile crosses from one round to the next. Each
// thread must still see exactly its own elements in order, carry its
// running sum through rounds it sits out, run the first iteration of a do-while loop even when
// its index is already past the end, and a loop only some threads reach must stay correct.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

constexpr int STRIDE = 256, TILE = 2048;

// Copies a tile through shared memory with constant-stride loops, as GPU scans do.
__global__ void tileCopy(const int *in, int *out, int n) {
  __shared__ int items[TILE];
  int base = blockIdx.x * TILE;
  for (int k = threadIdx.x; k < TILE; k += STRIDE)
    items[k] = base + k < n ? in[base + k] * 2 : -7;
  __syncthreads();
  for (int k = threadIdx.x; k < TILE; k += STRIDE)
    if (base + k < n)
      out[base + k] = items[k] + 1;
}

// Each thread's running sum over its own elements of a tile, in order, and the block's tile
// (every element some thread owns) through shared memory, doubled.
__global__ void tileSums(const int *in, int *sums, int *out) {
  __shared__ int items[TILE];
  const int *tile = in + blockIdx.x * TILE;
  int sum = 0;
  for (int k = threadIdx.x; k < TILE; k += STRIDE) {
    sum = sum * 3 + tile[k];
    items[k] = tile[k] * 2;
  }
  sums[blockIdx.x * blockDim.x + threadIdx.x] = sum;
  __syncthreads();
  for (int k = threadIdx.x; k < TILE; k += STRIDE)
    out[blockIdx.x * TILE + k] = items[k];
}

// Each thread's running sum and count over its own elements, 64 apart.
__global__ void strideSums(const int *in, int n, int *sums, int *counts) {
  int sum = 0, count = 0;
  for (int k = threadIdx.x; k < n; k += 64) {
    sum = sum * 3 + in[k];
    ++count;
  }
  sums[threadIdx.x] = sum;
  counts[threadIdx.x] = count;
}

// A do-while loop: every thread visits its first index, even one past n.
__global__ void doWhileVisits(int *visits, int n) {
  int k = threadIdx.x;
  do {
    atomicAdd(&visits[k], 1);
    k += 128;
  } while (k < n);
}

// A constant-stride loop that only every third thread reaches.
__global__ void someThreads(int *out, int n) {
  if (threadIdx.x % 3 == 0)
    for (int k = threadIdx.x; k < n; k += 32)
      atomicAdd(&out[k], int(threadIdx.x) + 1);
}

int failures = 0;

void check(bool ok, const char *what, int a, int b) {
  if (!ok && failures++ < 10)
    printf("%s (%d, %d) wrong\n", what, a, b);
}

int main() {
  const int maxN = 3 * TILE + 17;
  int *in, *out, *sums, *counts;
  cudaMallocManaged(&in, maxN * sizeof(int));
  cudaMallocManaged(&out, maxN * sizeof(int));
  cudaMallocManaged(&sums, 1024 * sizeof(int));
  cudaMallocManaged(&counts, 1024 * sizeof(int));
  for (int i = 0; i < maxN; ++i)
    in[i] = (i * 37) % 101;

  for (int n : {1, 300, TILE, maxN})
    for (int threads : {STRIDE, 128, 512, 96}) {
      for (int i = 0; i < maxN; ++i)
        out[i] = -1;
      int tiles = (n + TILE - 1) / TILE;
      tileCopy<<<tiles, threads>>>(in, out, n);
      cudaDeviceSynchronize();
      for (int i = 0; i < maxN; ++i) {
        // With fewer threads than the stride, no thread owns the elements whose offset in
        // the stride is not a thread index: neither loop touches them.
        bool owned = i % STRIDE < threads;
        int want = i < n && owned ? in[i] * 2 + 1 : -1;
        check(out[i] == want, "tileCopy", n, threads);
      }
    }

  for (int threads : {STRIDE, 100, 300}) {
    for (int i = 0; i < maxN; ++i)
      out[i] = -1;
    tileSums<<<3, threads>>>(in, sums, out);
    cudaDeviceSynchronize();
    for (int block = 0; block < 3; ++block)
      for (int t = 0; t < threads; ++t) {
        int sum = 0;
        for (int k = t; k < TILE; k += STRIDE)
          sum = sum * 3 + in[block * TILE + k];
        check(sums[block * threads + t] == sum, "tileSums", threads, t);
      }
    for (int i = 0; i < maxN; ++i) {
      int want = i < 3 * TILE && i % STRIDE < threads ? in[i] * 2 : -1;
      check(out[i] == want, "tileSums tile", threads, i);
    }
  }

  for (int n : {1, 63, 64, 65, 1000})
    for (int threads : {64, 40, 100}) {
      strideSums<<<1, threads>>>(in, n, sums, counts);
      cudaDeviceSynchronize();
      for (int t = 0; t < threads; ++t) {
        int sum = 0, count = 0;
        for (int k = t; k < n; k += 64) {
          sum = sum * 3 + in[k];
          ++count;
        }
        check(sums[t] == sum && counts[t] == count, "strideSums", n, t);
      }
    }

  for (int n : {1, 100, 128, 129, 700})
    for (int threads : {128, 64, 200}) {
      for (int i = 0; i < maxN; ++i)
        out[i] = 0;
      doWhileVisits<<<1, threads>>>(out, n);
      cudaDeviceSynchronize();
      for (int i = 0; i < maxN; ++i) {
        int want = 0;
        for (int t = 0; t < threads; ++t) {
          int k = t;
          do {
            want += k == i;
            k += 128;
          } while (k < n);
        }
        check(out[i] == want, "doWhileVisits", n, i);
      }
    }

  for (int n : {5, 100, 1000}) {
    for (int i = 0; i < maxN; ++i)
      out[i] = 0;
    someThreads<<<1, 96>>>(out, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) {
      int want = 0;
      for (int t = 0; t < 96; t += 3)
        for (int k = t; k < n; k += 32)
          want += k == i ? t + 1 : 0;
      check(out[i] == want, "someThreads", n, i);
    }
  }

  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
