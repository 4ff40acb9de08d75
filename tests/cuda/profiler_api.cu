// Profiler control: cudaProfilerStart/Stop (cuda_profiler_api.h) and cuProfilerStart/Stop
// (cudaProfiler.h, libcuda) succeed with no profiler attached, in any order and repeated, say
// nothing on stderr, leave no last error, and do not disturb the work they bracket.
// RUN: %nvcc %s -o %t -lcuda
// RUN: env LD_LIBRARY_PATH=%toolkit/lib64 %t 2>&1 | FileCheck %s
// CHECK-NOT: {{.}}
// CHECK: PASS
// CHECK-NOT: {{.}}
#include <cudaProfiler.h>
#include <cuda_profiler_api.h>

#include <cstdio>

static int failures = 0;

#define EXPECT_TRUE(cond)                                                                          \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL line %d: %s\n", __LINE__, #cond);                                               \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

__global__ void square(int *v) { v[threadIdx.x] *= v[threadIdx.x]; }

int main() {
  int *v;
  cudaMallocManaged(&v, 32 * sizeof(int));
  for (int i = 0; i < 32; ++i)
    v[i] = i;

  EXPECT_TRUE(cudaProfilerStart() == cudaSuccess);
  square<<<1, 32>>>(v);
  EXPECT_TRUE(cudaProfilerStop() == cudaSuccess);
  EXPECT_TRUE(cudaProfilerStop() == cudaSuccess);
  EXPECT_TRUE(cudaProfilerStart() == cudaSuccess);
  EXPECT_TRUE(cudaProfilerStart() == cudaSuccess);
  EXPECT_TRUE(cudaProfilerStop() == cudaSuccess);
  EXPECT_TRUE(cuProfilerStart() == CUDA_SUCCESS);
  square<<<1, 32>>>(v);
  EXPECT_TRUE(cuProfilerStop() == CUDA_SUCCESS);
  EXPECT_TRUE(cuProfilerStop() == CUDA_SUCCESS);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT_TRUE(cudaGetLastError() == cudaSuccess);
  for (int i = 0; i < 32; ++i)
    EXPECT_TRUE(v[i] == i * i * i * i);
  cudaFree(v);
  if (failures == 0)
    printf("PASS\n");
  return failures != 0;
}
