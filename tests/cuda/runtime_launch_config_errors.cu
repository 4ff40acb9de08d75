// Launches with an impossible configuration fail at the launch, synchronously, with the
// documented code (cudaGetLastError right after <<<>>>): zero-sized grid or block, more than
// 1024 threads per block, block or grid dimensions over the limits, more dynamic shared
// memory than allowed, more threads than __launch_bounds__, a pointer that is not a kernel.
// The kernel does not run, the error is not sticky, and the device keeps working.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#include "Inputs/expect.h"

__global__ void mark(int *ran) { atomicAdd(ran, 1); }

__global__ void markShared(int *ran) {
  extern __shared__ char dyn[];
  dyn[threadIdx.x] = 1;
  atomicAdd(ran, 1);
}

// 1 KiB of static shared memory plus whatever dynamic shared memory the launch asks for.
__global__ void markStaticAndDynamic(int *ran) {
  __shared__ int fixed[256];
  extern __shared__ char dyn[];
  fixed[threadIdx.x] = 1;
  dyn[threadIdx.x] = (char)fixed[threadIdx.x];
  atomicAdd(ran, dyn[threadIdx.x]);
}

__global__ void __launch_bounds__(64) bounded(int *ran) { atomicAdd(ran, 1); }

void notAKernel(int *) {}

static int *ran;

// `launch` must fail with `expected`, reported once by cudaGetLastError, without running.
#define EXPECT_LAUNCH_FAILS(launch, expected)                                                     \
  do {                                                                                             \
    *ran = 0;                                                                                      \
    launch;                                                                                        \
    EXPECT_ERR(cudaPeekAtLastError(), expected);                                                   \
    EXPECT_ERR(cudaGetLastError(), expected);                                                      \
    EXPECT_OK(cudaGetLastError());                                                                 \
    /* The failure was synchronous: nothing is left for a synchronisation to report. */           \
    EXPECT_OK(cudaDeviceSynchronize());                                                            \
    if (*ran != 0) {                                                                               \
      printf("FAIL line %d: %s ran %d threads, expected none\n", __LINE__, #launch, *ran);         \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

// `launch` must succeed and run `threads` threads.
#define EXPECT_LAUNCH_RUNS(launch, threads)                                                       \
  do {                                                                                             \
    *ran = 0;                                                                                      \
    launch;                                                                                        \
    EXPECT_OK(cudaGetLastError());                                                                 \
    EXPECT_OK(cudaDeviceSynchronize());                                                            \
    if (*ran != (threads)) {                                                                       \
      printf("FAIL line %d: %s ran %d threads, expected %d\n", __LINE__, #launch, *ran,            \
             (int)(threads));                                                                      \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

int main() {
  EXPECT_OK(cudaMallocManaged(&ran, sizeof(int)));
  cudaDeviceProp prop;
  EXPECT_OK(cudaGetDeviceProperties(&prop, 0));
  const cudaError_t config = cudaErrorInvalidConfiguration;

  // At the limits: fine.
  EXPECT_LAUNCH_RUNS((mark<<<1, 1024>>>(ran)), 1024);
  EXPECT_LAUNCH_RUNS((mark<<<1, dim3(1, 1024, 1)>>>(ran)), 1024);
  EXPECT_LAUNCH_RUNS((mark<<<1, dim3(16, 1, 64)>>>(ran)), 1024);
  EXPECT_LAUNCH_RUNS((mark<<<dim3(1, 65535, 1), 1>>>(ran)), 65535);
  EXPECT_LAUNCH_RUNS((mark<<<dim3(1, 1, 65535), 1>>>(ran)), 65535);
  EXPECT_LAUNCH_RUNS((mark<<<100000, 1>>>(ran)), 100000); // gridDim.x may exceed 65535

  // Zero-sized grid or block in any dimension.
  EXPECT_LAUNCH_FAILS((mark<<<0, 1>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<1, 0>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<dim3(1, 0, 1), 1>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<dim3(1, 1, 0), 1>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<1, dim3(1, 0, 1)>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<1, dim3(1, 1, 0)>>>(ran)), config);
  // More than 1024 threads per block, each dimension within its own limit.
  EXPECT_LAUNCH_FAILS((mark<<<1, 1025>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<1, dim3(32, 32, 2)>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<1, dim3(2, 513, 1)>>>(ran)), config);
  // A block dimension over its limit (1024, 1024, 64).
  EXPECT_LAUNCH_FAILS((mark<<<1, dim3(1, 1, 65)>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<1, dim3(1, 2048, 1)>>>(ran)), config);
  // A grid dimension over its limit (2^31-1, 65535, 65535).
  EXPECT_LAUNCH_FAILS((mark<<<dim3(1, 65536, 1), 1>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<dim3(1, 1, 65536), 1>>>(ran)), config);
  EXPECT_LAUNCH_FAILS((mark<<<dim3(0x80000000u, 1, 1), 1>>>(ran)), config);

  // Dynamic shared memory: up to sharedMemPerBlock (48 KiB) is fine without opting in.
  EXPECT_LAUNCH_RUNS((markShared<<<1, 32, prop.sharedMemPerBlock>>>(ran)), 32);
  // One byte more needs cudaFuncSetAttribute first. NVIDIA's runtime reports
  // cudaErrorInvalidValue here (the error's documentation mentions
  // cudaErrorInvalidConfiguration for "more shared memory than the device supports").
  {
    *ran = 0;
    markShared<<<1, 32, prop.sharedMemPerBlock + 1>>>(ran);
    cudaError_t e = cudaGetLastError();
    if (e != cudaErrorInvalidValue && e != cudaErrorInvalidConfiguration) {
      printf("FAIL line %d: launch with %zu bytes of dynamic shared memory: %s, expected "
             "cudaErrorInvalidValue\n",
             __LINE__, prop.sharedMemPerBlock + 1, cudaGetErrorName(e));
      ++failures;
    }
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaDeviceSynchronize());
    if (*ran) {
      printf("FAIL line %d: the rejected launch ran\n", __LINE__);
      ++failures;
    }
  }
  // The default limit covers static and dynamic shared memory together: 1 KiB static plus
  // 47 KiB dynamic fits, 1 KiB static plus 48 KiB dynamic does not.
  EXPECT_LAUNCH_RUNS((markStaticAndDynamic<<<1, 32, prop.sharedMemPerBlock - 1024>>>(ran)), 32);
  {
    *ran = 0;
    markStaticAndDynamic<<<1, 32, prop.sharedMemPerBlock>>>(ran);
    cudaError_t e = cudaGetLastError();
    if (e != cudaErrorInvalidValue && e != cudaErrorInvalidConfiguration) {
      printf("FAIL line %d: launch with 1 KiB static + %zu bytes dynamic shared memory: %s, "
             "expected cudaErrorInvalidValue\n",
             __LINE__, prop.sharedMemPerBlock, cudaGetErrorName(e));
      ++failures;
    }
    EXPECT_OK(cudaDeviceSynchronize());
  }
  // Far more than any device has, even after opting in to the maximum.
  EXPECT_OK(cudaFuncSetAttribute(markShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 prop.sharedMemPerBlockOptin));
  EXPECT_LAUNCH_RUNS((markShared<<<1, 32, prop.sharedMemPerBlockOptin>>>(ran)), 32);
  {
    *ran = 0;
    markShared<<<1, 32, 64u << 20>>>(ran);
    cudaError_t e = cudaGetLastError();
    if (e != cudaErrorInvalidValue && e != cudaErrorInvalidConfiguration) {
      printf("FAIL line %d: launch with 64 MiB of dynamic shared memory: %s, expected "
             "cudaErrorInvalidValue\n",
             __LINE__, cudaGetErrorName(e));
      ++failures;
    }
    EXPECT_OK(cudaDeviceSynchronize());
  }

  // More threads than the kernel's __launch_bounds__: too many resources requested.
  EXPECT_LAUNCH_RUNS((bounded<<<2, 64>>>(ran)), 128);
  EXPECT_LAUNCH_FAILS((bounded<<<1, 65>>>(ran)), cudaErrorLaunchOutOfResources);
  EXPECT_LAUNCH_FAILS((bounded<<<1, dim3(8, 16)>>>(ran)), cudaErrorLaunchOutOfResources);

  // cudaLaunchKernel with a host function, or a null pointer, instead of a kernel.
  void *args[] = {&ran};
  EXPECT_ERR(cudaLaunchKernel((const void *)notAKernel, dim3(1), dim3(1), args, 0, 0),
             cudaErrorInvalidDeviceFunction);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
  EXPECT_ERR(cudaLaunchKernel((const void *)nullptr, dim3(1), dim3(1), args, 0, 0),
             cudaErrorInvalidDeviceFunction);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
  EXPECT_OK(cudaGetLastError());
  // cudaLaunchKernel checks the configuration the same way as <<<>>>.
  EXPECT_ERR(cudaLaunchKernel((const void *)mark, dim3(1), dim3(2048), args, 0, 0), config);
  EXPECT_ERR(cudaGetLastError(), config);
  EXPECT_ERR(cudaLaunchKernel((const void *)mark, dim3(0), dim3(1), args, 0, 0), config);
  EXPECT_ERR(cudaGetLastError(), config);
  *ran = 0;
  EXPECT_OK(cudaLaunchKernel((const void *)mark, dim3(3), dim3(5), args, 0, 0));
  EXPECT_OK(cudaDeviceSynchronize());
  if (*ran != 15) {
    printf("FAIL line %d: cudaLaunchKernel ran %d threads, expected 15\n", __LINE__, *ran);
    ++failures;
  }

  // None of this broke the context.
  EXPECT_LAUNCH_RUNS((mark<<<dim3(2, 3, 4), dim3(5, 6, 7)>>>(ran)), 24 * 210);
  EXPECT_OK(cudaFree(ran));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
