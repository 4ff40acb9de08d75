// The per-thread "last error": cudaGetLastError returns and clears it, cudaPeekAtLastError
// only returns it, successful calls leave it alone, and each host thread has its own. Also
// the exact names and strings of error codes, and the answer for a code CUDA doesn't know.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>
#include <thread>

#include "Inputs/expect.h"

static void expectText(const char *what, int code, const char *got, const char *expected) {
  if (!got || strcmp(got, expected) != 0) {
    printf("FAIL: %s(%d) returned \"%s\", expected \"%s\"\n", what, code, got ? got : "(null)",
           expected);
    ++failures;
  }
}

// The enumerators' values are part of the ABI.
static_assert(cudaSuccess == 0, "");
static_assert(cudaErrorInvalidValue == 1, "");
static_assert(cudaErrorMemoryAllocation == 2, "");
static_assert(cudaErrorInvalidConfiguration == 9, "");
static_assert(cudaErrorInvalidPitchValue == 12, "");
static_assert(cudaErrorInvalidSymbol == 13, "");
static_assert(cudaErrorInvalidMemcpyDirection == 21, "");
static_assert(cudaErrorInvalidDeviceFunction == 98, "");
static_assert(cudaErrorInvalidDevice == 101, "");
static_assert(cudaErrorInvalidResourceHandle == 400, "");
static_assert(cudaErrorNotReady == 600, "");
static_assert(cudaErrorIllegalAddress == 700, "");
static_assert(cudaErrorLaunchOutOfResources == 701, "");
static_assert(cudaErrorAssert == 710, "");
static_assert(cudaErrorLaunchFailure == 719, "");
static_assert(cudaErrorUnknown == 999, "");

__global__ void noop() {}

int main() {
  // A fresh thread starts without an error.
  EXPECT_OK(cudaPeekAtLastError());
  EXPECT_OK(cudaGetLastError());

  // An invalid device ordinal is a non-sticky error recorded as the last error.
  int count = 0;
  EXPECT_OK(cudaGetDeviceCount(&count));
  EXPECT_ERR(cudaSetDevice(count + 7), cudaErrorInvalidDevice);
  // Peek does not clear, however many times it is called.
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  // A later successful call does not clear it either.
  int dev = -1;
  EXPECT_OK(cudaGetDevice(&dev));
  void *p = nullptr;
  EXPECT_OK(cudaMalloc(&p, 256));
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidDevice);
  // Get returns it once and resets it.
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaPeekAtLastError());

  // A newer error replaces an older one.
  EXPECT_ERR(cudaSetDevice(-1), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaMemcpy(p, p, 16, (cudaMemcpyKind)42), cudaErrorInvalidMemcpyDirection);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidMemcpyDirection);
  EXPECT_OK(cudaGetLastError());

  // The device still works: the errors above were not sticky.
  noop<<<1, 1>>>();
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaDeviceSynchronize());

  // Each host thread has its own last error.
  EXPECT_ERR(cudaSetDevice(count + 1), cudaErrorInvalidDevice);
  cudaError_t otherPeek = cudaErrorUnknown, otherGet = cudaErrorUnknown, otherOwn = cudaErrorUnknown,
              otherAfter = cudaErrorUnknown;
  std::thread t([&] {
    otherPeek = cudaPeekAtLastError();
    otherGet = cudaGetLastError();
    cudaFree((void *)0x1234); // invalid pointer: this thread's own error
    otherOwn = cudaGetLastError();
    otherAfter = cudaGetLastError();
  });
  t.join();
  EXPECT_ERR(otherPeek, cudaSuccess);
  EXPECT_ERR(otherGet, cudaSuccess);
  EXPECT_ERR(otherOwn, cudaErrorInvalidValue);
  EXPECT_ERR(otherAfter, cudaSuccess);
  // The other thread's error did not touch this thread's.
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_OK(cudaGetLastError());

  // Names and strings, as NVIDIA's runtime spells them.
  struct {
    int code;
    const char *name, *text;
  } known[] = {
      {0, "cudaSuccess", "no error"},
      {1, "cudaErrorInvalidValue", "invalid argument"},
      {2, "cudaErrorMemoryAllocation", "out of memory"},
      {3, "cudaErrorInitializationError", "initialization error"},
      {9, "cudaErrorInvalidConfiguration", "invalid configuration argument"},
      {12, "cudaErrorInvalidPitchValue", "invalid pitch argument"},
      {13, "cudaErrorInvalidSymbol", "invalid device symbol"},
      {17, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
      {21, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
      {52, "cudaErrorMissingConfiguration", "__global__ function call is not configured"},
      {98, "cudaErrorInvalidDeviceFunction", "invalid device function"},
      {100, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
      {101, "cudaErrorInvalidDevice", "invalid device ordinal"},
      {215, "cudaErrorUnsupportedLimit", "limit is not supported on this architecture"},
      {400, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
      {600, "cudaErrorNotReady", "device not ready"},
      {700, "cudaErrorIllegalAddress", "an illegal memory access was encountered"},
      {701, "cudaErrorLaunchOutOfResources", "too many resources requested for launch"},
      {710, "cudaErrorAssert", "device-side assert triggered"},
      {712, "cudaErrorHostMemoryAlreadyRegistered",
       "part or all of the requested memory range is already mapped"},
      {713, "cudaErrorHostMemoryNotRegistered",
       "pointer does not correspond to a registered memory region"},
      {716, "cudaErrorMisalignedAddress", "misaligned address"},
      {719, "cudaErrorLaunchFailure", "unspecified launch failure"},
      {801, "cudaErrorNotSupported", "operation not supported"},
      {999, "cudaErrorUnknown", "unknown error"},
  };
  for (auto &k : known) {
    expectText("cudaGetErrorName", k.code, cudaGetErrorName((cudaError_t)k.code), k.name);
    expectText("cudaGetErrorString", k.code, cudaGetErrorString((cudaError_t)k.code), k.text);
  }
  // Codes that are not errors CUDA defines.
  for (int code : {11, 1000, 12345, -1}) {
    expectText("cudaGetErrorName", code, cudaGetErrorName((cudaError_t)code),
               "unrecognized error code");
    expectText("cudaGetErrorString", code, cudaGetErrorString((cudaError_t)code),
               "unrecognized error code");
  }
  // Asking for a name is not an API error.
  EXPECT_OK(cudaGetLastError());

  cudaFree(p);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
