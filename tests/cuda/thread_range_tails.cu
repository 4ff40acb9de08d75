// Tails that one test of the thread's index hands to a run of threads while the others leave:
// a reduction's `if (tid < 32)` shuffles, cooperative groups' `if (thread_rank() < 64)` before
// a barrier, and warps past the first (`threadIdx.x >= 32`) finishing their own sums. The region
// before such a tail goes on with that run itself where the test names it (the flat index; or
// threadIdx.x in a block of one row) and asks the runtime otherwise; this checks the sums for
// 1D blocks of 32 to 1024 threads and for 2D and 3D blocks, where `threadIdx.x < 8` is no run
// at all and a row may hold only part of the first warp of ranks (48 threads a row).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

// The block's sum: a tree with barriers down to 64 partial sums, then the first warp's shuffles.
__global__ void firstWarpTail(const int *in, int *out) {
  extern __shared__ int partial[];
  const unsigned t = threadIdx.x, n = blockDim.x;
  int sum = in[blockIdx.x * n + t];
  partial[t] = sum;
  __syncthreads();
  for (unsigned s = n / 2; s >= 64; s >>= 1) {
    if (t < s)
      partial[t] = sum = sum + partial[t + s];
    __syncthreads();
  }
  if (t < 32) {
    sum = partial[t] + (n >= 64 ? partial[t + 32] : 0);
    for (int offset = 16; offset > 0; offset /= 2)
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    if (t == 0)
      out[blockIdx.x] = sum;
  }
}

// The sum of each row's first `width` elements (threadIdx.x < width), by the threads of the
// first 64 ranks, which meet at a barrier after the others have left.
__global__ void rankTail(const int *in, int *out, unsigned width) {
  __shared__ int partial[64];
  cg::thread_block block = cg::this_thread_block();
  const unsigned rank = block.thread_rank();
  if (rank >= 64)
    return;
  const unsigned threads = blockDim.x * blockDim.y;
  int sum = 0;
  for (unsigned i = rank; i < threads; i += 64)
    if (i % blockDim.x < width)
      sum += in[blockIdx.x * threads + i];
  partial[rank] = sum;
  block.sync();
  if (rank == 0) {
    int total = 0;
    for (unsigned i = 0; i < 64 && i < threads; ++i)
      total += partial[i];
    out[blockIdx.x] = total;
  }
}

// The block's sum by flat rank, in a block of any shape and size: the first 64 ranks gather
// the partial sums, then the first warp of ranks (`thread_rank() < 32`) finishes with
// shuffles, as cuda-samples' reduce4 and reduce5 do.
__global__ void rankWarpTail(const int *in, int *out) {
  extern __shared__ int partial[];
  cg::thread_block block = cg::this_thread_block();
  const unsigned rank = block.thread_rank(), n = block.size();
  partial[rank] = in[blockIdx.x * n + rank];
  block.sync();
  if (rank < 64)
    for (unsigned i = rank + 64; i < n; i += 64)
      partial[rank] += partial[i];
  block.sync();
  if (rank < 32) {
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int sum = rank < n ? partial[rank] : 0;
    if (rank + 32 < n)
      sum += partial[rank + 32];
    for (int offset = 16; offset > 0; offset /= 2)
      sum += warp.shfl_down(sum, offset);
    if (rank == 0)
      out[blockIdx.x] = sum;
  }
}

// Every warp but the first sums its own elements; the first warp leaves at once.
__global__ void laterWarps(const int *in, int *out) {
  const unsigned t = threadIdx.x;
  if (t < 32)
    return;
  int sum = in[blockIdx.x * blockDim.x + t];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  if (t % 32 == 0)
    out[blockIdx.x * 32 + t / 32] = sum;
}

// Threads with threadIdx.x < 8 of each row meet at a barrier; in a 2D block they are no run.
__global__ void narrowColumns(const int *in, int *out) {
  __shared__ int rowSums[32];
  if (threadIdx.x >= 8)
    return;
  if (threadIdx.x == 0) {
    int sum = 0;
    for (unsigned x = 0; x < 8; ++x)
      sum += in[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + x];
    rowSums[threadIdx.y] = sum;
  }
  __syncthreads();
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    int total = 0;
    for (unsigned y = 0; y < blockDim.y; ++y)
      total += rowSums[y];
    out[blockIdx.x] = total;
  }
}

int failures = 0;

void expect(const char *what, int threads, int index, int got, int want) {
  if (got != want && failures++ < 10)
    printf("FAIL: %s, %d threads, [%d]: %d, want %d\n", what, threads, index, got, want);
}

int main() {
  const int blocks = 5, maxThreads = 1024;
  int *in, *out;
  cudaMallocManaged(&in, blocks * maxThreads * sizeof(int));
  cudaMallocManaged(&out, blocks * 32 * sizeof(int));
  for (int i = 0; i < blocks * maxThreads; ++i)
    in[i] = (i * 37) % 101 - 50;
  auto clear = [&] {
    for (int i = 0; i < blocks * 32; ++i)
      out[i] = -1;
  };
  for (int threads : {32, 64, 96, 128, 256, 1024}) {
    clear();
    firstWarpTail<<<blocks, threads, threads * sizeof(int)>>>(in, out);
    cudaDeviceSynchronize();
    if ((threads & (threads - 1)) == 0)
      for (int b = 0; b < blocks; ++b) {
        int want = 0;
        for (int t = 0; t < threads; ++t)
          want += in[b * threads + t];
        expect("first warp's tail", threads, b, out[b], want);
      }

    clear();
    laterWarps<<<blocks, threads>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; ++b)
      for (int w = 0; w < 32; ++w) {
        int want = -1;
        if (w >= 1 && w < threads / 32) {
          want = 0;
          for (int lane = 0; lane < 32; ++lane)
            want += in[b * threads + w * 32 + lane];
        }
        expect("later warps", threads, b * 32 + w, out[b * 32 + w], want);
      }
  }
  for (dim3 shape : {dim3(128), dim3(32, 8), dim3(16, 4), dim3(8, 4), dim3(64, 16), dim3(48, 4),
                     dim3(16, 8, 2)}) {
    const int threads = shape.x * shape.y * shape.z;
    clear();
    rankWarpTail<<<blocks, shape, threads * sizeof(int)>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; ++b) {
      int want = 0;
      for (int t = 0; t < threads; ++t)
        want += in[b * threads + t];
      expect("first warp of ranks", threads, b, out[b], want);
    }
    if (shape.z > 1) // the kernels below read one plane of threads
      continue;
    for (unsigned width : {shape.x, 8u}) {
      if (width > shape.x)
        continue;
      clear();
      rankTail<<<blocks, shape>>>(in, out, width);
      cudaDeviceSynchronize();
      for (int b = 0; b < blocks; ++b) {
        int want = 0;
        for (int i = 0; i < threads; ++i)
          if (i % shape.x < width)
            want += in[b * threads + i];
        expect("thread rank's tail", threads, b, out[b], want);
      }
    }
    if (shape.x >= 8 && shape.y <= 32) {
      clear();
      narrowColumns<<<blocks, shape>>>(in, out);
      cudaDeviceSynchronize();
      for (int b = 0; b < blocks; ++b) {
        int want = 0;
        for (unsigned y = 0; y < shape.y; ++y)
          for (unsigned x = 0; x < 8; ++x)
            want += in[(b * shape.y + y) * shape.x + x];
        expect("narrow columns", threads, b, out[b], want);
      }
    }
  }
  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
