// cudaGetDeviceProperties gives the documented limits of a compute capability 8.x device
// (warp size 32, 1024 threads per block, 1024x1024x64 blocks, 2^31-1 x 65535 x 65535 grids,
// 48 KiB of shared memory per block by default) and agrees with cudaDeviceGetAttribute for
// every attribute checked here. Invalid devices and attributes are rejected.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <climits>
#include <cstdio>
#include <cstring>

#include "Inputs/expect.h"

#define EXPECT_EQ(a, b)                                                                            \
  do {                                                                                             \
    long long a_ = (long long)(a), b_ = (long long)(b);                                            \
    if (a_ != b_) {                                                                                \
      printf("FAIL line %d: %s is %lld, expected %s = %lld\n", __LINE__, #a, a_, #b, b_);         \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

static int attr(cudaDeviceAttr a, const char *name) {
  int v = -12345;
  cudaError_t e = cudaDeviceGetAttribute(&v, a, 0);
  if (e != cudaSuccess) {
    printf("FAIL: cudaDeviceGetAttribute(%s) returned %s, expected cudaSuccess\n", name,
           cudaGetErrorName(e));
    ++failures;
  }
  return v;
}
#define ATTR(a) attr(a, #a)

// The property and the attribute must agree.
#define SAME(field, a)                                                                             \
  do {                                                                                             \
    long long f_ = (long long)p.field;                                                             \
    long long v_ = ATTR(a);                                                                        \
    if (f_ > INT_MAX)                                                                              \
      f_ = INT_MAX;                                                                                \
    if (f_ != v_) {                                                                                \
      printf("FAIL: cudaDeviceProp::%s is %lld but %s is %lld\n", #field, f_, #a, v_);             \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

__global__ void readWarpSize(int *out) { *out = warpSize; }

int main() {
  int count = 0;
  EXPECT_OK(cudaGetDeviceCount(&count));
  EXPECT_TRUE(count >= 1);

  cudaDeviceProp p;
  memset(&p, 0xff, sizeof p);
  EXPECT_OK(cudaGetDeviceProperties(&p, 0));

  EXPECT_TRUE(p.name[0] != '\0' && memchr(p.name, 0, sizeof p.name) != nullptr);
  EXPECT_EQ(p.warpSize, 32);
  EXPECT_EQ(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ(p.maxThreadsDim[0], 1024);
  EXPECT_EQ(p.maxThreadsDim[1], 1024);
  EXPECT_EQ(p.maxThreadsDim[2], 64);
  EXPECT_EQ(p.maxGridSize[0], INT_MAX);
  EXPECT_EQ(p.maxGridSize[1], 65535);
  EXPECT_EQ(p.maxGridSize[2], 65535);
  EXPECT_EQ(p.sharedMemPerBlock, 48 * 1024);
  EXPECT_TRUE(p.sharedMemPerBlockOptin >= p.sharedMemPerBlock);
  EXPECT_TRUE(p.sharedMemPerMultiprocessor >= p.sharedMemPerBlockOptin);
  EXPECT_EQ(p.totalConstMem, 64 * 1024);
  EXPECT_TRUE(p.major >= 8);
  EXPECT_TRUE(p.minor >= 0 && p.minor < 10);
  EXPECT_TRUE(p.totalGlobalMem > 0);
  EXPECT_TRUE(p.multiProcessorCount >= 1);
  EXPECT_TRUE(p.maxThreadsPerMultiProcessor >= p.maxThreadsPerBlock);
  EXPECT_TRUE(p.maxBlocksPerMultiProcessor >= 1);
  EXPECT_TRUE(p.regsPerBlock > 0 && p.regsPerMultiprocessor >= p.regsPerBlock);
  EXPECT_EQ(p.unifiedAddressing, 1);
  EXPECT_EQ(p.managedMemory, 1);
  EXPECT_EQ(p.canMapHostMemory, 1);
  EXPECT_TRUE(p.memPitch >= (size_t)INT_MAX);

  SAME(warpSize, cudaDevAttrWarpSize);
  SAME(maxThreadsPerBlock, cudaDevAttrMaxThreadsPerBlock);
  SAME(maxThreadsDim[0], cudaDevAttrMaxBlockDimX);
  SAME(maxThreadsDim[1], cudaDevAttrMaxBlockDimY);
  SAME(maxThreadsDim[2], cudaDevAttrMaxBlockDimZ);
  SAME(maxGridSize[0], cudaDevAttrMaxGridDimX);
  SAME(maxGridSize[1], cudaDevAttrMaxGridDimY);
  SAME(maxGridSize[2], cudaDevAttrMaxGridDimZ);
  SAME(sharedMemPerBlock, cudaDevAttrMaxSharedMemoryPerBlock);
  SAME(sharedMemPerBlockOptin, cudaDevAttrMaxSharedMemoryPerBlockOptin);
  SAME(sharedMemPerMultiprocessor, cudaDevAttrMaxSharedMemoryPerMultiprocessor);
  SAME(totalConstMem, cudaDevAttrTotalConstantMemory);
  SAME(major, cudaDevAttrComputeCapabilityMajor);
  SAME(minor, cudaDevAttrComputeCapabilityMinor);
  SAME(multiProcessorCount, cudaDevAttrMultiProcessorCount);
  SAME(maxThreadsPerMultiProcessor, cudaDevAttrMaxThreadsPerMultiProcessor);
  SAME(maxBlocksPerMultiProcessor, cudaDevAttrMaxBlocksPerMultiprocessor);
  SAME(regsPerBlock, cudaDevAttrMaxRegistersPerBlock);
  SAME(regsPerMultiprocessor, cudaDevAttrMaxRegistersPerMultiprocessor);
  SAME(l2CacheSize, cudaDevAttrL2CacheSize);
  SAME(memPitch, cudaDevAttrMaxPitch);
  SAME(textureAlignment, cudaDevAttrTextureAlignment);
  SAME(texturePitchAlignment, cudaDevAttrTexturePitchAlignment);
  SAME(integrated, cudaDevAttrIntegrated);
  SAME(canMapHostMemory, cudaDevAttrCanMapHostMemory);
  SAME(concurrentKernels, cudaDevAttrConcurrentKernels);
  SAME(asyncEngineCount, cudaDevAttrAsyncEngineCount);
  SAME(unifiedAddressing, cudaDevAttrUnifiedAddressing);
  SAME(memoryBusWidth, cudaDevAttrGlobalMemoryBusWidth);
  SAME(streamPrioritiesSupported, cudaDevAttrStreamPrioritiesSupported);
  SAME(managedMemory, cudaDevAttrManagedMemory);
  SAME(concurrentManagedAccess, cudaDevAttrConcurrentManagedAccess);
  SAME(pageableMemoryAccess, cudaDevAttrPageableMemoryAccess);
  SAME(cooperativeLaunch, cudaDevAttrCooperativeLaunch);
  SAME(pciBusID, cudaDevAttrPciBusId);
  SAME(pciDeviceID, cudaDevAttrPciDeviceId);
  SAME(pciDomainID, cudaDevAttrPciDomainId);
  SAME(ECCEnabled, cudaDevAttrEccEnabled);
  SAME(hostRegisterSupported, cudaDevAttrHostRegisterSupported);
  SAME(memoryPoolsSupported, cudaDevAttrMemoryPoolsSupported);
  SAME(directManagedMemAccessFromHost, cudaDevAttrDirectManagedMemAccessFromHost);
  SAME(reservedSharedMemPerBlock, cudaDevAttrReservedSharedMemoryPerBlock);

  // The device code sees the same warp size.
  int *w;
  EXPECT_OK(cudaMallocManaged(&w, sizeof(int)));
  readWarpSize<<<1, 1>>>(w);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_EQ(*w, p.warpSize);
  EXPECT_OK(cudaFree(w));

  // The PCI bus id string names the same device.
  char bus[32] = {};
  EXPECT_OK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
  char expected[32];
  snprintf(expected, sizeof expected, "%04x:%02x:%02x.0", p.pciDomainID, p.pciBusID,
           p.pciDeviceID);
  if (strcasecmp(bus, expected) != 0) {
    printf("FAIL: cudaDeviceGetPCIBusId gave \"%s\", expected \"%s\"\n", bus, expected);
    ++failures;
  }
  int byBus = -1;
  EXPECT_OK(cudaDeviceGetByPCIBusId(&byBus, bus));
  EXPECT_EQ(byBus, 0);

  // Invalid devices and attributes.
  int v;
  EXPECT_ERR(cudaGetDeviceProperties(&p, count), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaGetDeviceProperties(&p, -1), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, count), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, -1), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)100000, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)0, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetPCIBusId(bus, sizeof bus, count), cudaErrorInvalidDevice);
  cudaGetLastError();

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
