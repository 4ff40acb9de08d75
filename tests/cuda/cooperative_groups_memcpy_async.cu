// cg::memcpy_async copies a tile of global memory into shared memory with the whole block
// sharing the work, for aligned and unaligned byte counts and element types, and cg::wait
// makes it visible to every thread; cg::reduce also takes a lambda.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>

#include <cstdio>

namespace cg = cooperative_groups;

__global__ void stage(const float *in, const char *bytes, float *out, int *byteSums) {
  __shared__ float tile[256];
  __shared__ char raw[77];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256);
  cg::memcpy_async(block, raw, bytes + 1, 77); // odd address and length
  cg::wait(block);
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
  auto warp = cg::tiled_partition<32>(block);
  int mine = threadIdx.x < 77 ? raw[threadIdx.x] : 0;
  int sum = cg::reduce(warp, mine, [](int a, int b) { return a + b; });
  if (warp.thread_rank() == 0)
    atomicAdd(byteSums + blockIdx.x, sum);
}

int main() {
  const int blocks = 3;
  float *in, *out;
  char *bytes;
  int *sums;
  cudaMallocManaged(&in, blocks * 256 * sizeof(float));
  cudaMallocManaged(&out, blocks * 256 * sizeof(float));
  cudaMallocManaged(&bytes, 80);
  cudaMallocManaged(&sums, blocks * sizeof(int));
  for (int i = 0; i < blocks * 256; ++i)
    in[i] = i * 0.5f;
  int want = 0;
  for (int i = 0; i < 80; ++i) {
    bytes[i] = (char)(i % 7);
    if (i >= 1 && i < 78)
      want += i % 7;
  }
  for (int b = 0; b < blocks; ++b)
    sums[b] = 0;
  stage<<<blocks, 256>>>(in, bytes, out, sums);
  int failures = cudaDeviceSynchronize() != cudaSuccess;
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < 256; ++t)
      if (out[b * 256 + t] != (b * 256 + 255 - t) * 0.5f && failures++ < 10)
        printf("block %d thread %d: %g\n", b, t, out[b * 256 + t]);
    if (sums[b] != want && failures++ < 10)
      printf("block %d byte sum %d, expected %d\n", b, sums[b], want);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
