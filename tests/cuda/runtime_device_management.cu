// Device selection, flags, versions, memory info and limits: cudaGetDevice/cudaSetDevice
// (cudaErrorInvalidDevice for a bad ordinal), cudaSetDeviceFlags/cudaGetDeviceFlags,
// cudaRuntimeGetVersion == CUDART_VERSION == 12080, cudaMemGetInfo, and
// cudaDeviceGetLimit/SetLimit including the rule that the printf FIFO and malloc heap sizes
// cannot change once a kernel using printf/malloc has been launched (cudaErrorInvalidValue).
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#include "Inputs/expect.h"

__global__ void usesPrintf(int quiet) {
  if (!quiet)
    printf("unreachable\n");
}

__global__ void usesMalloc(size_t bytes, int *ok) {
  char *p = (char *)malloc(bytes);
  *ok = p != nullptr;
  if (p) {
    p[0] = 1;
    p[bytes - 1] = 2;
    free(p);
  }
}

int main() {
  // Devices.
  int count = 0, dev = -1;
  EXPECT_OK(cudaGetDeviceCount(&count));
  EXPECT_TRUE(count >= 1, "count = %d", count);
  EXPECT_OK(cudaGetDevice(&dev));
  EXPECT_TRUE(dev == 0, "cudaGetDevice gave %d", dev);
  EXPECT_OK(cudaSetDevice(0));
  EXPECT_ERR(cudaSetDevice(count), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaSetDevice(-1), cudaErrorInvalidDevice);
  // A failed cudaSetDevice keeps the current device.
  EXPECT_OK(cudaGetDevice(&dev));
  EXPECT_TRUE(dev == 0, "cudaGetDevice gave %d after a failed cudaSetDevice", dev);
  cudaDeviceProp want = {};
  want.major = 1;
  EXPECT_OK(cudaChooseDevice(&dev, &want));
  EXPECT_TRUE(dev >= 0 && dev < count, "cudaChooseDevice gave %d", dev);
  EXPECT_ERR(cudaGetDeviceCount(nullptr), cudaErrorInvalidValue);
  cudaGetLastError();

  // Versions.
  int runtime = 0, driver = 0;
  EXPECT_OK(cudaRuntimeGetVersion(&runtime));
  EXPECT_OK(cudaDriverGetVersion(&driver));
  EXPECT_TRUE(runtime == CUDART_VERSION, "runtime %d, CUDART_VERSION %d", runtime, CUDART_VERSION);
  EXPECT_TRUE(CUDART_VERSION == 12080, "CUDART_VERSION %d", CUDART_VERSION);
  EXPECT_TRUE(driver >= runtime, "driver %d older than runtime %d", driver, runtime);
  EXPECT_ERR(cudaRuntimeGetVersion(nullptr), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDriverGetVersion(nullptr), cudaErrorInvalidValue);
  cudaGetLastError();

  // Flags: the scheduling policy set is the one read back.
  EXPECT_OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  unsigned flags = 0;
  EXPECT_OK(cudaGetDeviceFlags(&flags));
  EXPECT_TRUE((flags & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync, "flags 0x%x",
              flags);
  EXPECT_OK(cudaSetDeviceFlags(cudaDeviceScheduleSpin));
  EXPECT_OK(cudaGetDeviceFlags(&flags));
  EXPECT_TRUE((flags & cudaDeviceScheduleMask) == cudaDeviceScheduleSpin, "flags 0x%x", flags);
  EXPECT_ERR(cudaSetDeviceFlags(0x40000000u), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetDeviceFlags(nullptr), cudaErrorInvalidValue);
  cudaGetLastError();

  // Memory info.
  size_t freeBytes = 0, totalBytes = 0;
  EXPECT_OK(cudaMemGetInfo(&freeBytes, &totalBytes));
  cudaDeviceProp p;
  EXPECT_OK(cudaGetDeviceProperties(&p, 0));
  EXPECT_TRUE(totalBytes > 0 && freeBytes > 0 && freeBytes <= totalBytes, "free %zu total %zu",
              freeBytes, totalBytes);
  EXPECT_TRUE(totalBytes == p.totalGlobalMem, "total %zu, totalGlobalMem %zu", totalBytes,
              p.totalGlobalMem);

  // Limits: defaults, set then get (the runtime may round up), bad limits.
  size_t v = 0;
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
  EXPECT_TRUE(v > 0, "default stack size %zu", v);
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  EXPECT_TRUE(v == 8u << 20, "default malloc heap %zu, expected 8 MiB", v);
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
  EXPECT_TRUE(v > 0, "default printf FIFO %zu", v);

  EXPECT_OK(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitStackSize));
  EXPECT_TRUE(v >= 8192, "stack size %zu after setting 8192", v);
  EXPECT_OK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4u << 20));
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
  EXPECT_TRUE(v >= 4u << 20, "printf FIFO %zu after setting 4 MiB", v);
  EXPECT_OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1u << 20));
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  EXPECT_TRUE(v >= 1u << 20 && v < 8u << 20, "malloc heap %zu after setting 1 MiB", v);

  cudaError_t e = cudaDeviceGetLimit(&v, (cudaLimit)0x7777);
  EXPECT_TRUE(e == cudaErrorUnsupportedLimit || e == cudaErrorInvalidValue,
              "cudaDeviceGetLimit(bad limit) returned %s", cudaGetErrorName(e));
  e = cudaDeviceSetLimit((cudaLimit)0x7777, 1);
  EXPECT_TRUE(e == cudaErrorUnsupportedLimit || e == cudaErrorInvalidValue,
              "cudaDeviceSetLimit(bad limit) returned %s", cudaGetErrorName(e));
  EXPECT_ERR(cudaDeviceGetLimit(nullptr, cudaLimitStackSize), cudaErrorInvalidValue);
  cudaGetLastError();

  // The malloc heap limit bounds device malloc: 4 MiB does not fit in a 1 MiB heap,
  // 64 KiB does.
  int *ok;
  EXPECT_OK(cudaMallocManaged(&ok, sizeof(int)));
  *ok = -1;
  usesMalloc<<<1, 1>>>(4u << 20, ok);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(*ok == 0, "device malloc of 4 MiB with a 1 MiB heap: ok=%d, expected NULL", *ok);
  *ok = -1;
  usesMalloc<<<1, 1>>>(64u << 10, ok);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_TRUE(*ok == 1, "device malloc of 64 KiB: ok=%d, expected success", *ok);

  // Once kernels using printf and malloc have run, their limits are fixed.
  usesPrintf<<<1, 1>>>(1);
  EXPECT_OK(cudaDeviceSynchronize());
  EXPECT_ERR(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 8u << 20), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16u << 20), cudaErrorInvalidValue);
  cudaGetLastError();
  EXPECT_OK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  EXPECT_TRUE(v >= 1u << 20 && v < 8u << 20, "malloc heap %zu after the rejected change", v);
  // The stack size can still change.
  EXPECT_OK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));

  EXPECT_OK(cudaFree(ok));
  EXPECT_OK(cudaDeviceSynchronize());
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
