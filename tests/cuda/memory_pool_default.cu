// The stream-ordered allocator's pool API on the device's one pool, its default: its handle,
// its attributes (a release threshold, as cuda-samples' streamOrderedAllocation sets, the
// reuse switches, the bytes in use and their high mark, reset by setting it to 0), allocations
// from it with cudaMallocFromPoolAsync beside cudaMallocAsync, used by kernels on two streams
// and freed in stream order, and CUDA's errors for a pool or device that is not there.
// RUN: %nvcc -arch=sm_80 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS
#include <cstdint>
#include <cstdio>

__global__ void fill(int *p, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = value + i;
}

int failures = 0;
#define EXPECT(condition)                                                                          \
  do {                                                                                             \
    if (!(condition)) {                                                                            \
      std::printf("line %d: %s\n", __LINE__, #condition);                                          \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

uint64_t attribute(cudaMemPool_t pool, cudaMemPoolAttr attr) {
  uint64_t value = 12345;
  EXPECT(cudaMemPoolGetAttribute(pool, attr, &value) == cudaSuccess);
  return value;
}

int main() {
  int supported = 0;
  EXPECT(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, 0) == cudaSuccess);
  EXPECT(supported == 1);
  cudaMemPool_t pool = nullptr, current = nullptr;
  EXPECT(cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess && pool != nullptr);
  EXPECT(cudaDeviceGetMemPool(&current, 0) == cudaSuccess && current == pool);
  EXPECT(cudaDeviceSetMemPool(0, pool) == cudaSuccess);

  uint64_t threshold = UINT64_MAX;
  EXPECT(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold) ==
         cudaSuccess);
  EXPECT(attribute(pool, cudaMemPoolAttrReleaseThreshold) == UINT64_MAX);
  int reuse = 0, got = -1;
  EXPECT(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &got) == cudaSuccess &&
         got == 1);
  EXPECT(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse) ==
         cudaSuccess);
  EXPECT(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &got) == cudaSuccess &&
         got == 0);
  EXPECT(attribute(pool, cudaMemPoolAttrUsedMemCurrent) == 0);

  const int n = 1000;
  cudaStream_t s1, s2;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
  int *a = nullptr, *b = nullptr;
  EXPECT(cudaMallocFromPoolAsync(&a, n * sizeof(int), pool, s1) == cudaSuccess);
  EXPECT(cudaMallocAsync(&b, n * sizeof(int), s2) == cudaSuccess);
  EXPECT(attribute(pool, cudaMemPoolAttrUsedMemCurrent) == 2 * n * sizeof(int));
  EXPECT(attribute(pool, cudaMemPoolAttrReservedMemCurrent) == 2 * n * sizeof(int));
  fill<<<(n + 127) / 128, 128, 0, s1>>>(a, n, 10);
  fill<<<(n + 127) / 128, 128, 0, s2>>>(b, n, 20);
  int ha[n], hb[n];
  cudaMemcpyAsync(ha, a, sizeof ha, cudaMemcpyDeviceToHost, s1);
  cudaMemcpyAsync(hb, b, sizeof hb, cudaMemcpyDeviceToHost, s2);
  EXPECT(cudaFreeAsync(a, s1) == cudaSuccess);
  EXPECT(cudaFreeAsync(b, s2) == cudaSuccess);
  cudaStreamSynchronize(s1);
  cudaStreamSynchronize(s2);
  for (int i = 0; i < n; ++i)
    if (ha[i] != 10 + i || hb[i] != 20 + i) {
      EXPECT(ha[i] == 10 + i && hb[i] == 20 + i);
      break;
    }
  EXPECT(attribute(pool, cudaMemPoolAttrUsedMemCurrent) == 0);
  EXPECT(attribute(pool, cudaMemPoolAttrUsedMemHigh) == 2 * n * sizeof(int));
  uint64_t zero = 0, one = 1;
  EXPECT(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &one) == cudaErrorInvalidValue);
  EXPECT(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero) == cudaSuccess);
  EXPECT(attribute(pool, cudaMemPoolAttrUsedMemHigh) == 0);
  EXPECT(cudaMemPoolTrimTo(pool, 0) == cudaSuccess);

  // A pool that is not the device's, a device that is not there, a read-only attribute.
  cudaMemPool_t other = reinterpret_cast<cudaMemPool_t>(&failures);
  int *c = nullptr;
  EXPECT(cudaMallocFromPoolAsync(&c, 16, other, s1) == cudaErrorInvalidValue);
  EXPECT(cudaDeviceSetMemPool(0, other) == cudaErrorInvalidValue);
  EXPECT(cudaDeviceGetDefaultMemPool(&current, 1) == cudaErrorInvalidDevice);
  EXPECT(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &zero) ==
         cudaErrorInvalidValue);
  cudaGetLastError();
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  std::printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
