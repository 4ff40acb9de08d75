// Kernel attributes and occupancy: cudaFuncGetAttributes (static shared memory size,
// maxThreadsPerBlock from __launch_bounds__, 1024 otherwise), cudaFuncSetAttribute with
// cudaFuncAttributeMaxDynamicSharedMemorySize enabling a launch with more than 48 KiB of
// dynamic shared memory (all of it usable), values over the opt-in limit rejected,
// cudaFuncGetAttributes/SetAttribute on a non-kernel -> cudaErrorInvalidDeviceFunction, and
// plausible cudaOccupancyMaxActiveBlocksPerMultiprocessor/MaxPotentialBlockSize results.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#include "Inputs/expect.h"

__global__ void plain(int *p) { p[threadIdx.x] = threadIdx.x; }

__global__ void staticShared(float *out) {
  __shared__ float tile[256];
  __shared__ int counts[64];
  tile[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 64)
    counts[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = tile[255 - threadIdx.x] + counts[threadIdx.x % 64];
}

__global__ void __launch_bounds__(128) bounded128(int *p) { p[threadIdx.x] = 1; }
__global__ void __launch_bounds__(256, 2) bounded256(int *p) { p[threadIdx.x] = 2; }

// Fills all of its dynamic shared memory and checks it, so the whole size must be real.
__global__ void bigShared(size_t bytes, int *bad) {
  extern __shared__ unsigned char dyn[];
  for (size_t i = threadIdx.x; i < bytes; i += blockDim.x)
    dyn[i] = (unsigned char)(i * 7 + blockIdx.x);
  __syncthreads();
  for (size_t i = threadIdx.x; i < bytes; i += blockDim.x)
    if (dyn[(bytes - 1 - i)] != (unsigned char)((bytes - 1 - i) * 7 + blockIdx.x))
      atomicAdd(bad, 1);
}

void hostFunction() {}

int main() {
  cudaDeviceProp prop;
  EXPECT_OK(cudaGetDeviceProperties(&prop, 0));

  cudaFuncAttributes a;
  EXPECT_OK(cudaFuncGetAttributes(&a, plain));
  EXPECT_TRUE(a.maxThreadsPerBlock == 1024, "plain: maxThreadsPerBlock %d", a.maxThreadsPerBlock);
  EXPECT_TRUE(a.sharedSizeBytes == 0, "plain: sharedSizeBytes %zu", a.sharedSizeBytes);
  EXPECT_TRUE(a.maxDynamicSharedSizeBytes == (int)prop.sharedMemPerBlock,
              "plain: maxDynamicSharedSizeBytes %d, expected %zu by default",
              a.maxDynamicSharedSizeBytes, prop.sharedMemPerBlock);
  EXPECT_TRUE(a.ptxVersion >= 10 * prop.major || a.binaryVersion >= 10 * prop.major,
              "ptxVersion %d binaryVersion %d", a.ptxVersion, a.binaryVersion);

  EXPECT_OK(cudaFuncGetAttributes(&a, staticShared));
  EXPECT_TRUE(a.sharedSizeBytes == 256 * sizeof(float) + 64 * sizeof(int),
              "staticShared: sharedSizeBytes %zu, expected %zu", a.sharedSizeBytes,
              256 * sizeof(float) + 64 * sizeof(int));
  EXPECT_OK(cudaFuncGetAttributes(&a, bounded128));
  EXPECT_TRUE(a.maxThreadsPerBlock == 128, "bounded128: maxThreadsPerBlock %d",
              a.maxThreadsPerBlock);
  EXPECT_OK(cudaFuncGetAttributes(&a, bounded256));
  EXPECT_TRUE(a.maxThreadsPerBlock == 256, "bounded256: maxThreadsPerBlock %d",
              a.maxThreadsPerBlock);

  // Not kernels.
  EXPECT_ERR(cudaFuncGetAttributes(&a, (const void *)hostFunction), cudaErrorInvalidDeviceFunction);
  EXPECT_ERR(cudaFuncSetAttribute((const void *)hostFunction,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize, 1024),
             cudaErrorInvalidDeviceFunction);
  EXPECT_ERR(cudaFuncGetAttributes(nullptr, plain), cudaErrorInvalidValue);
  cudaGetLastError();

  // More than 48 KiB of dynamic shared memory: fails until opted in, then works.
  int *bad;
  EXPECT_OK(cudaMallocManaged(&bad, sizeof(int)));
  *bad = 0;
  size_t big = prop.sharedMemPerBlockOptin > 100 * 1024 ? 100 * 1024 : prop.sharedMemPerBlockOptin;
  EXPECT_TRUE(big > prop.sharedMemPerBlock, "opt-in limit %zu is not above %zu",
              prop.sharedMemPerBlockOptin, prop.sharedMemPerBlock);
  bigShared<<<2, 256, big>>>(big, bad);
  EXPECT_TRUE(cudaGetLastError() != cudaSuccess, "a %zu-byte launch succeeded without opting in",
              big);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_OK(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)big));
  EXPECT_OK(cudaFuncGetAttributes(&a, bigShared));
  EXPECT_TRUE(a.maxDynamicSharedSizeBytes == (int)big, "maxDynamicSharedSizeBytes %d after setting %zu",
              a.maxDynamicSharedSizeBytes, big);
  bigShared<<<2, 256, big>>>(big, bad);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(*bad == 0, "%d bytes of dynamic shared memory read back wrong", *bad);
  // Up to the opt-in limit minus the static shared memory; beyond it the attribute is rejected.
  EXPECT_OK(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 (int)prop.sharedMemPerBlockOptin));
  EXPECT_ERR(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)prop.sharedMemPerBlockOptin + 1),
             cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetAttribute(staticShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  (int)prop.sharedMemPerBlockOptin),
             cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetAttribute(bigShared, cudaFuncAttributeMaxDynamicSharedMemorySize, -1),
             cudaErrorInvalidValue);
  cudaGetLastError();
  // The setting is per kernel: plain still has the default limit.
  EXPECT_OK(cudaFuncGetAttributes(&a, plain));
  EXPECT_TRUE(a.maxDynamicSharedSizeBytes == (int)prop.sharedMemPerBlock,
              "plain: maxDynamicSharedSizeBytes %d", a.maxDynamicSharedSizeBytes);
  // A carveout preference is accepted.
  EXPECT_OK(cudaFuncSetAttribute(plain, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
  EXPECT_OK(cudaFuncSetCacheConfig(plain, cudaFuncCachePreferShared));

  // Occupancy.
  int blocks = -1;
  EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, plain, 256, 0));
  EXPECT_TRUE(blocks >= 1 && blocks <= prop.maxThreadsPerMultiProcessor / 256 &&
                  blocks <= prop.maxBlocksPerMultiProcessor,
              "256-thread blocks of plain per SM: %d", blocks);
  EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, plain, 1024, 0));
  EXPECT_TRUE(blocks >= 1 && blocks <= prop.maxThreadsPerMultiProcessor / 1024,
              "1024-thread blocks per SM: %d", blocks);
  EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, plain, 32, 0));
  EXPECT_TRUE(blocks >= 1 && blocks <= prop.maxBlocksPerMultiProcessor, "32-thread blocks: %d",
              blocks);
  // Shared memory bounds the count.
  EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bigShared, 64, 40 * 1024));
  EXPECT_TRUE(blocks >= 1 && (size_t)blocks * 40 * 1024 <= prop.sharedMemPerMultiprocessor,
              "blocks with 40 KiB of shared memory each: %d (%zu per SM)", blocks,
              prop.sharedMemPerMultiprocessor);
  EXPECT_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)hostFunction,
                                                           128, 0),
             cudaErrorInvalidDeviceFunction);
  cudaGetLastError();

  int minGrid = -1, blockSize = -1;
  EXPECT_OK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, plain, 0, 0));
  EXPECT_TRUE(blockSize > 0 && blockSize <= 1024 && blockSize % prop.warpSize == 0,
              "suggested block size %d", blockSize);
  EXPECT_TRUE(minGrid >= prop.multiProcessorCount, "suggested minimum grid %d for %d SMs",
              minGrid, prop.multiProcessorCount);
  EXPECT_OK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, bounded128, 0, 0));
  EXPECT_TRUE(blockSize > 0 && blockSize <= 128, "suggested block size %d for bounded128",
              blockSize);
  // A block-size limit argument is honoured.
  EXPECT_OK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, plain, 0, 96));
  EXPECT_TRUE(blockSize > 0 && blockSize <= 96, "suggested block size %d with a limit of 96",
              blockSize);
  // The suggestion launches.
  int *p;
  EXPECT_OK(cudaMalloc(&p, 1024 * sizeof(int)));
  EXPECT_OK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, plain, 0, 0));
  plain<<<1, blockSize>>>(p);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaDeviceSynchronize());

  EXPECT_OK(cudaFree(p));
  EXPECT_OK(cudaFree(bad));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
