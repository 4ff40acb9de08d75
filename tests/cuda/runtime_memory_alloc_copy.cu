// cudaMalloc/cudaFree (nullptr is a no-op; an unknown, interior or already freed pointer is
// cudaErrorInvalidValue; an impossible size is cudaErrorMemoryAllocation, not sticky),
// cudaMemcpy with every cudaMemcpyKind including cudaMemcpyDefault, an invalid kind
// (cudaErrorInvalidMemcpyDirection), cudaMemset (byte value), and the async variants in order
// on a stream.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Inputs/expect.h"

static void expectBytes(const char *what, int line, const unsigned char *p, size_t n,
                        unsigned char (*want)(size_t)) {
  for (size_t i = 0; i < n; ++i)
    if (p[i] != want(i)) {
      printf("FAIL line %d: %s: byte %zu is 0x%02x, expected 0x%02x\n", line, what, i, p[i],
             want(i));
      ++failures;
      return;
    }
}

static unsigned char pattern(size_t i) { return (unsigned char)(i * 7 + 3); }
static unsigned char pattern2(size_t i) { return (unsigned char)(i * 13 + 1); }
static unsigned char byte34(size_t) { return 0x34; }
static unsigned char zero(size_t) { return 0; }

__global__ void addOne(unsigned char *p, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}
static unsigned char patternPlusOne(size_t i) { return (unsigned char)(pattern(i) + 1); }

int main() {
  const size_t n = 100003; // not a multiple of anything in particular
  unsigned char *h1 = (unsigned char *)malloc(n), *h2 = (unsigned char *)malloc(n);
  for (size_t i = 0; i < n; ++i)
    h1[i] = pattern(i);

  // Allocation and freeing.
  unsigned char *d1 = nullptr, *d2 = nullptr;
  EXPECT_OK(cudaMalloc(&d1, n));
  EXPECT_OK(cudaMalloc(&d2, n));
  if (!d1 || !d2 || ((size_t)d1 % 256) || ((size_t)d2 % 256)) {
    printf("FAIL: cudaMalloc gave %p and %p, expected 256-byte aligned pointers\n", d1, d2);
    ++failures;
  }
  EXPECT_OK(cudaFree(nullptr));
  EXPECT_OK(cudaFree(0));
  int onStack = 0;
  EXPECT_ERR(cudaFree(&onStack), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFree(h1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFree(d1 + 1), cudaErrorInvalidValue);
  unsigned char *d3 = nullptr;
  EXPECT_OK(cudaMalloc(&d3, 64));
  EXPECT_OK(cudaFree(d3));
  EXPECT_ERR(cudaFree(d3), cudaErrorInvalidValue); // double free
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  void *huge = (void *)0x1;
  EXPECT_ERR(cudaMalloc(&huge, (size_t)1 << 62), cudaErrorMemoryAllocation);
  // Running out of memory is not sticky.
  EXPECT_ERR(cudaGetLastError(), cudaErrorMemoryAllocation);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaMalloc(&d3, 64));
  EXPECT_OK(cudaFree(d3));

  // Every copy kind.
  EXPECT_OK(cudaMemcpy(d1, h1, n, cudaMemcpyHostToDevice));
  EXPECT_OK(cudaMemcpy(d2, d1, n, cudaMemcpyDeviceToDevice));
  memset(h2, 0, n);
  EXPECT_OK(cudaMemcpy(h2, d2, n, cudaMemcpyDeviceToHost));
  expectBytes("H2D, D2D, D2H", __LINE__, h2, n, pattern);
  memset(h2, 0, n);
  EXPECT_OK(cudaMemcpy(h2, h1, n, cudaMemcpyHostToHost));
  expectBytes("H2H", __LINE__, h2, n, pattern);
  // cudaMemcpyDefault infers each direction from the pointers.
  for (size_t i = 0; i < n; ++i)
    h1[i] = pattern2(i);
  EXPECT_OK(cudaMemcpy(d1, h1, n, cudaMemcpyDefault));
  EXPECT_OK(cudaMemcpy(d2, d1, n, cudaMemcpyDefault));
  memset(h2, 0, n);
  EXPECT_OK(cudaMemcpy(h2, d2, n, cudaMemcpyDefault));
  expectBytes("default H2D, D2D, D2H", __LINE__, h2, n, pattern2);
  memset(h2, 0, n);
  EXPECT_OK(cudaMemcpy(h2, h1, n, cudaMemcpyDefault));
  expectBytes("default H2H", __LINE__, h2, n, pattern2);
  // Offsets into allocations.
  EXPECT_OK(cudaMemcpy(d1 + 1000, h1 + 5, 77, cudaMemcpyHostToDevice));
  EXPECT_OK(cudaMemcpy(h2, d1 + 1000, 77, cudaMemcpyDeviceToHost));
  if (memcmp(h2, h1 + 5, 77) != 0) {
    printf("FAIL: copy at an offset into an allocation\n");
    ++failures;
  }

  // Invalid kinds.
  EXPECT_ERR(cudaMemcpy(d1, h1, 16, (cudaMemcpyKind)5), cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaMemcpy(d1, h1, 16, (cudaMemcpyKind)-1), cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaMemcpy(d1, h1, 16, (cudaMemcpyKind)1000), cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaMemcpyAsync(d1, h1, 16, (cudaMemcpyKind)7, 0), cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
  EXPECT_OK(cudaGetLastError());
  // A zero-byte copy does nothing.
  EXPECT_OK(cudaMemcpy(d1, h1, 0, cudaMemcpyHostToDevice));

  // cudaMemset uses the low byte of the value.
  EXPECT_OK(cudaMemset(d1, 0x1234, n));
  EXPECT_OK(cudaMemcpy(h2, d1, n, cudaMemcpyDeviceToHost));
  expectBytes("cudaMemset(0x1234)", __LINE__, h2, n, byte34);
  EXPECT_OK(cudaMemset(d1 + 10, 0, 20));
  EXPECT_OK(cudaMemcpy(h2, d1, 40, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 40; ++i)
    if (h2[i] != (i >= 10 && i < 30 ? 0 : 0x34)) {
      printf("FAIL: cudaMemset of a sub-range: byte %d is 0x%02x\n", i, h2[i]);
      ++failures;
      break;
    }

  // Async copies, memset and a kernel on one stream run in order.
  cudaStream_t s;
  EXPECT_OK(cudaStreamCreate(&s));
  unsigned char *pinned1, *pinned2;
  EXPECT_OK(cudaMallocHost(&pinned1, n));
  EXPECT_OK(cudaMallocHost(&pinned2, n));
  for (size_t i = 0; i < n; ++i)
    pinned1[i] = pattern(i);
  memset(pinned2, 0xee, n);
  EXPECT_OK(cudaMemsetAsync(d2, 0, n, s));
  EXPECT_OK(cudaMemcpyAsync(d1, pinned1, n, cudaMemcpyHostToDevice, s));
  addOne<<<(n + 255) / 256, 256, 0, s>>>(d1, n);
  EXPECT_OK(cudaMemcpyAsync(d2, d1, n, cudaMemcpyDeviceToDevice, s));
  EXPECT_OK(cudaMemcpyAsync(pinned2, d2, n, cudaMemcpyDeviceToHost, s));
  EXPECT_OK(cudaStreamSynchronize(s));
  expectBytes("async chain", __LINE__, pinned2, n, patternPlusOne);
  // Pageable host memory works with the async calls too.
  memset(h2, 0xee, n);
  EXPECT_OK(cudaMemsetAsync(d1, 0, n, s));
  EXPECT_OK(cudaMemcpyAsync(h2, d1, n, cudaMemcpyDeviceToHost, s));
  EXPECT_OK(cudaStreamSynchronize(s));
  expectBytes("async memset + pageable copy", __LINE__, h2, n, zero);

  // Host-to-host copies are fully synchronous with respect to the host even in their async
  // form ("API synchronization behavior"): the data is there when the call returns.
  {
    const size_t big = 32u << 20;
    unsigned char *src = (unsigned char *)malloc(big), *dst = (unsigned char *)malloc(big);
    memset(src, 0x5a, big);
    memset(dst, 0, big);
    EXPECT_OK(cudaMemcpyAsync(dst, src, big, cudaMemcpyHostToHost, s));
    size_t firstWrong = big;
    for (size_t i = 0; i < big; i += 4096)
      if (dst[i] != 0x5a || dst[big - 1 - i] != 0x5a) {
        firstWrong = i;
        break;
      }
    if (firstWrong != big) {
      printf("FAIL line %d: cudaMemcpyAsync(cudaMemcpyHostToHost) returned before copying "
             "(byte %zu not copied yet)\n", __LINE__, firstWrong);
      ++failures;
    }
    EXPECT_OK(cudaStreamSynchronize(s));
    free(src);
    free(dst);
  }

  // A synchronous cudaMemcpy waits for earlier work on the (legacy) default stream.
  for (size_t i = 0; i < n; ++i)
    h1[i] = pattern(i);
  EXPECT_OK(cudaMemcpy(d1, h1, n, cudaMemcpyHostToDevice));
  addOne<<<(n + 255) / 256, 256>>>(d1, n);
  EXPECT_OK(cudaMemcpy(h2, d1, n, cudaMemcpyDeviceToHost));
  expectBytes("kernel then synchronous copy", __LINE__, h2, n, patternPlusOne);

  EXPECT_OK(cudaStreamDestroy(s));
  EXPECT_OK(cudaFreeHost(pinned1));
  EXPECT_OK(cudaFreeHost(pinned2));
  EXPECT_OK(cudaFree(d1));
  EXPECT_OK(cudaFree(d2));
  free(h1);
  free(h2);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
