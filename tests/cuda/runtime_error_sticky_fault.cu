// A kernel that faults (store or load through an invalid pointer, __trap, __brkpt with no
// debugger to stop at it) breaks the context:
// the launch itself succeeds, the next synchronising call reports cudaErrorIllegalAddress
// (cudaErrorLaunchFailure for __trap), and from then on every call returns that error, even
// cudaGetLastError, until cudaDeviceReset; after the reset the device works again.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <thread>

#include "Inputs/expect.h"

__global__ void storeTo(int *p, int value) { *p = value; }

// Only one thread of one block out of many faults.
__global__ void storeOneBad(int *good, int *bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x == 37 && threadIdx.x == 5)
    *bad = 1;
  else
    good[i] = i;
}

__global__ void loadFrom(const int *p, int *out) { *out = *p; }

__global__ void trapAt(int block) {
  if (blockIdx.x == block && threadIdx.x == 0)
    __trap();
}

// __prof_trigger only signals a profiler: the kernel runs on.
__global__ void breakAt(int block, int *reached) {
  __prof_trigger(3);
  *reached = 1;
  if (blockIdx.x == block && threadIdx.x == 0)
    __brkpt();
}

__global__ void increment(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}

// Everything the device does fails with `sticky` until cudaDeviceReset.
static void expectBroken(cudaError_t sticky, int line) {
  int before = failures;
  void *p = nullptr;
  int host[4] = {};
  cudaStream_t s;
  cudaEvent_t e;
  EXPECT_ERR(cudaDeviceSynchronize(), sticky);
  EXPECT_ERR(cudaDeviceSynchronize(), sticky);
  EXPECT_ERR(cudaMalloc(&p, 64), sticky);
  EXPECT_ERR(cudaMemcpy(host, host + 2, 8, cudaMemcpyHostToHost), sticky);
  EXPECT_ERR(cudaMemset(host, 0, 8), sticky);
  EXPECT_ERR(cudaStreamCreate(&s), sticky);
  EXPECT_ERR(cudaEventCreate(&e), sticky);
  EXPECT_ERR(cudaStreamSynchronize(0), sticky);
  increment<<<1, 1>>>(nullptr, 0);
  // The sticky error is returned by cudaGetLastError and is not cleared by it.
  EXPECT_ERR(cudaGetLastError(), sticky);
  EXPECT_ERR(cudaGetLastError(), sticky);
  EXPECT_ERR(cudaPeekAtLastError(), sticky);
  // The context is broken for every host thread, not just the one that launched.
  cudaError_t otherMalloc = cudaSuccess, otherLast = cudaSuccess;
  std::thread t([&] {
    void *q = nullptr;
    otherMalloc = cudaMalloc(&q, 64);
    otherLast = cudaGetLastError();
  });
  t.join();
  EXPECT_ERR(otherMalloc, sticky);
  EXPECT_ERR(otherLast, sticky);
  if (failures != before)
    printf("  (context not broken as expected; checked from line %d)\n", line);
}

// After cudaDeviceReset, allocation, copies and launches work again.
static void expectWorking(int line) {
  int before = failures;
  // The reset itself may leave the error in the thread's last-error slot; read it once.
  cudaGetLastError();
  EXPECT_OK(cudaGetLastError());
  const int n = 1000;
  int *d = nullptr;
  EXPECT_OK(cudaMalloc(&d, n * sizeof(int)));
  EXPECT_OK(cudaMemset(d, 0, n * sizeof(int)));
  increment<<<(n + 127) / 128, 128>>>(d, n);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaDeviceSynchronize());
  static int h[n];
  EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != 1;
  if (wrong) {
    printf("FAIL: %d elements wrong after the reset\n", wrong);
    ++failures;
  }
  EXPECT_OK(cudaFree(d));
  EXPECT_OK(cudaDeviceSynchronize());
  if (failures != before)
    printf("  (device not working again; checked from line %d)\n", line);
}

int main() {
  expectWorking(__LINE__);

  // 1. Store through (int*)16.
  storeTo<<<1, 1>>>((int *)16, 42);
  // The launch itself is fine; the fault is asynchronous.
  EXPECT_OK(cudaGetLastError());
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  expectBroken(cudaErrorIllegalAddress, __LINE__);
  EXPECT_OK(cudaDeviceReset());
  expectWorking(__LINE__);

  // 2. One faulting thread among 64 blocks; reported by a blocking cudaMemcpy.
  int *good = nullptr;
  EXPECT_OK(cudaMalloc(&good, 64 * 128 * sizeof(int)));
  storeOneBad<<<64, 128>>>(good, (int *)16);
  int host = 0;
  EXPECT_ERR(cudaMemcpy(&host, good, sizeof host, cudaMemcpyDeviceToHost), cudaErrorIllegalAddress);
  expectBroken(cudaErrorIllegalAddress, __LINE__);
  EXPECT_OK(cudaDeviceReset());
  expectWorking(__LINE__);

  // 3. A load from an invalid address; reported by cudaStreamSynchronize.
  int *out = nullptr;
  EXPECT_OK(cudaMalloc(&out, sizeof(int)));
  loadFrom<<<1, 1>>>((const int *)16, out);
  EXPECT_ERR(cudaStreamSynchronize(0), cudaErrorIllegalAddress);
  expectBroken(cudaErrorIllegalAddress, __LINE__);
  EXPECT_OK(cudaDeviceReset());
  expectWorking(__LINE__);

  // 4. A fault in a created stream, reported by cudaEventSynchronize on that stream.
  cudaStream_t s;
  cudaEvent_t e;
  EXPECT_OK(cudaStreamCreate(&s));
  EXPECT_OK(cudaEventCreate(&e));
  storeTo<<<1, 1, 0, s>>>((int *)16, 1);
  EXPECT_OK(cudaEventRecord(e, s));
  EXPECT_ERR(cudaEventSynchronize(e), cudaErrorIllegalAddress);
  expectBroken(cudaErrorIllegalAddress, __LINE__);
  EXPECT_OK(cudaDeviceReset());
  expectWorking(__LINE__);

  // 5. __trap() is an unspecified launch failure, also sticky.
  trapAt<<<8, 32>>>(3);
  EXPECT_OK(cudaGetLastError());
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  expectBroken(cudaErrorLaunchFailure, __LINE__);
  EXPECT_OK(cudaDeviceReset());
  expectWorking(__LINE__);

  // 6. So is __brkpt() outside a debugger.
  int *reached;
  EXPECT_OK(cudaMallocManaged(&reached, sizeof(int)));
  *reached = 0;
  breakAt<<<4, 32>>>(2, reached);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  expectBroken(cudaErrorLaunchFailure, __LINE__);
  EXPECT_OK(cudaDeviceReset());
  expectWorking(__LINE__);

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
