// A failed assert() in device code prints CUDA's message (file, line, function, block and
// thread, the failed condition) to stderr, not stdout, and the next synchronising call
// returns the sticky cudaErrorAssert until cudaDeviceReset. With -DNDEBUG the assert is
// compiled out and nothing fails.
// RUN: %nvcc %s -o %t && %t 2>%t.err | FileCheck %s --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: %nvcc -DNDEBUG %s -o %t.ndebug && %t.ndebug 2>&1 | FileCheck %s --check-prefix=NDEBUG
// OUT-NOT: Assertion
// OUT: PASS
// ERR: runtime_error_device_assert.cu:[[#@LINE+12]]:{{.*}}checkAll{{.*}}block: [2,0,0], thread: [5,0,0]{{.*}}Assertion `data[i] != 7` failed.
// ERR-NOT: Assertion
// NDEBUG-NOT: Assertion
// NDEBUG: PASS
#include <cassert>
#include <cstdio>

#include "Inputs/expect.h"

__global__ void checkAll(const int *data, int *done) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Only element 2*32+5 is 7.
  assert(data[i] != 7);
  atomicAdd(done, 1);
}

int main() {
  const int n = 4 * 32;
  int *data, *done;
  EXPECT_OK(cudaMallocManaged(&data, n * sizeof(int)));
  EXPECT_OK(cudaMallocManaged(&done, sizeof(int)));
  for (int i = 0; i < n; ++i)
    data[i] = i == 2 * 32 + 5 ? 7 : 0;
  *done = 0;
  checkAll<<<4, 32>>>(data, done);
  EXPECT_OK(cudaGetLastError());
#ifdef NDEBUG
  EXPECT_OK(cudaDeviceSynchronize());
  if (*done != n) {
    printf("FAIL: %d threads finished, expected %d\n", *done, n);
    ++failures;
  }
#else
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
  // Sticky: every later call returns it.
  void *p = nullptr;
  EXPECT_ERR(cudaMalloc(&p, 16), cudaErrorAssert);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
  EXPECT_ERR(cudaGetLastError(), cudaErrorAssert);
  EXPECT_ERR(cudaGetLastError(), cudaErrorAssert);
  EXPECT_OK(cudaDeviceReset());
  cudaGetLastError();
  // The device works again after the reset.
  EXPECT_OK(cudaMallocManaged(&data, n * sizeof(int)));
  EXPECT_OK(cudaMallocManaged(&done, sizeof(int)));
  for (int i = 0; i < n; ++i)
    data[i] = 0;
  *done = 0;
  checkAll<<<4, 32>>>(data, done);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaDeviceSynchronize());
  if (*done != n) {
    printf("FAIL: %d threads finished after the reset, expected %d\n", *done, n);
    ++failures;
  }
#endif
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
