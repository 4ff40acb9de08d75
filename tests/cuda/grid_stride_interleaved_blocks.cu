// A kernel whose grid-stride loop runs as uniform rounds has its blocks interleaved: a worker
// runs up to eight blocks together, a few groups of rounds of each in turn. Each block must keep
// its own shared memory, per-thread values and block index throughout, for grids smaller and
// larger than eight blocks and not a multiple of it, block sizes from one warp to 1024 threads,
// and arrays that end inside a round (also with a start LLVM writes as an or); a failed assert
// in one block must still end the launch with cudaErrorAssert after the block's other threads
// have run.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: env DRAWBRIDGE_CPU_THREADS=1 %t 2>&1 | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=2 %t 2>&1 | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=3 %t 2>&1 | FileCheck %s
// CHECK: block: [3,0,0], thread: [0,0,0] Assertion `in[i] != 7` failed.
// CHECK: PASS
#include <cassert>
#include <cstdio>
#include <vector>

// Per-block sums through a shared-memory tree, as NVIDIA's classic reduction does (pairs at
// growing distances, so that any block size works).
__global__ void blockSums(const unsigned *in, unsigned long long *sums, int n) {
  extern __shared__ unsigned long long partial[];
  unsigned long long sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (threadIdx.x % (2 * s) == 0 && threadIdx.x + s < blockDim.x)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0];
}

// A per-block histogram of the values' low bits in shared memory, then each block's counts,
// tagged with the block's index so that a block that ran with another's context shows.
__global__ void blockHistograms(const unsigned *in, unsigned *counts, int n) {
  __shared__ unsigned bins[16];
  if (threadIdx.x < 16)
    bins[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[in[i] & 15], 1u);
  __syncthreads();
  if (threadIdx.x < 16)
    counts[blockIdx.x * 16 + threadIdx.x] = bins[threadIdx.x] * 4096 + blockIdx.x;
}

// cuda-samples' reduce6 at 512 threads a block: two elements a round, the start written
// `blockIdx.x * 1024 + threadIdx.x`, which LLVM turns into an or.
__global__ void pairSums(const unsigned *in, unsigned long long *sums, unsigned n) {
  unsigned i = blockIdx.x * 1024 + threadIdx.x, gridSize = 1024 * gridDim.x;
  unsigned long long sum = 0;
  while (i < n) {
    sum += in[i];
    if (i + 512 < n)
      sum += in[i + 512];
    i += gridSize;
  }
  atomicAdd(&sums[blockIdx.x], sum);
}

__global__ void assertsOnSeven(const unsigned *in, unsigned *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (blockIdx.x == 3 && threadIdx.x == 0)
      assert(in[i] != 7);
    out[i] = in[i] + 1;
  }
}

int main() {
  int failures = 0;
  const int maxN = (1 << 20) + 7;
  std::vector<unsigned> host(maxN);
  for (int i = 0; i < maxN; ++i)
    host[i] = (i * 2654435761u) >> 7;
  unsigned *in, *counts;
  unsigned long long *sums;
  cudaMalloc(&in, maxN * sizeof(unsigned));
  cudaMemcpy(in, host.data(), maxN * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMalloc(&sums, 1000 * sizeof(unsigned long long));
  cudaMalloc(&counts, 1000 * 16 * sizeof(unsigned));
  for (int blocks : {1, 3, 8, 9, 17, 64, 100})
    for (int threads : {32, 96, 256, 1024})
      for (int n : {0, 1, 255, 100003, maxN}) {
        blockSums<<<blocks, threads, threads * sizeof(unsigned long long)>>>(in, sums, n);
        blockHistograms<<<blocks, threads>>>(in, counts, n);
        std::vector<unsigned long long> gotSums(blocks);
        std::vector<unsigned> gotCounts(blocks * 16);
        cudaMemcpy(gotSums.data(), sums, blocks * sizeof(unsigned long long),
                   cudaMemcpyDeviceToHost);
        cudaMemcpy(gotCounts.data(), counts, blocks * 16 * sizeof(unsigned),
                   cudaMemcpyDeviceToHost);
        std::vector<unsigned long long> wantSums(blocks, 0);
        std::vector<unsigned> wantCounts(blocks * 16, 0);
        for (int i = 0; i < n; ++i) {
          int block = i / threads % blocks;
          wantSums[block] += host[i];
          wantCounts[block * 16 + (host[i] & 15)] += 4096;
        }
        for (int b = 0; b < blocks; ++b) {
          if (gotSums[b] != wantSums[b] && failures++ < 8)
            printf("sums, %d x %d, n %d: block %d got %llu, want %llu\n", blocks, threads, n, b,
                   gotSums[b], wantSums[b]);
          for (int bin = 0; bin < 16; ++bin)
            if (gotCounts[b * 16 + bin] != wantCounts[b * 16 + bin] + b && failures++ < 8)
              printf("histogram, %d x %d, n %d: block %d bin %d got %u, want %u\n", blocks, threads,
                     n, b, bin, gotCounts[b * 16 + bin], wantCounts[b * 16 + bin] + b);
        }
      }
  for (int blocks : {1, 5, 8, 13})
    for (int n : {0, 700, 100003, maxN}) {
      cudaMemset(sums, 0, blocks * sizeof(unsigned long long));
      pairSums<<<blocks, 512>>>(in, sums, n);
      std::vector<unsigned long long> got(blocks), want(blocks, 0);
      cudaMemcpy(got.data(), sums, blocks * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
      for (int i = 0; i < n; ++i)
        want[i / 1024 % blocks] += host[i];
      for (int b = 0; b < blocks; ++b)
        if (got[b] != want[b] && failures++ < 8)
          printf("pair sums, %d blocks, n %d: block %d got %llu, want %llu\n", blocks, n, b, got[b],
                 want[b]);
    }
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("unexpected error before the assert\n");
    failures++;
  }

  // Block 3's thread 0 reads a 7 in its third round.
  const int n = 4096, blocks = 12, threads = 64;
  std::vector<unsigned> values(n, 1);
  values[3 * threads + 2 * blocks * threads] = 7;
  unsigned *vin, *vout;
  cudaMalloc(&vin, n * sizeof(unsigned));
  cudaMalloc(&vout, n * sizeof(unsigned));
  cudaMemcpy(vin, values.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  fflush(stdout);
  assertsOnSeven<<<blocks, threads>>>(vin, vout, n);
  cudaError_t error = cudaDeviceSynchronize();
  if (error != cudaErrorAssert) {
    printf("assert: got %s, want cudaErrorAssert\n", cudaGetErrorName(error));
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
