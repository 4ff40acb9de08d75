// A failed assert() in device code prints the assertion with the failing block and thread,
// ends the kernel, and makes the next synchronizing call return cudaErrorAssert, which is
// sticky (later calls report it too). Passing asserts have no effect.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t 2>&1 | FileCheck %s
// CHECK: block: [0,0,0], thread: [77,0,0] Assertion `x != 42` failed.
// CHECK: PASS
#include <cstdio>
#include <cassert>

__global__ void check(const int *v, int *reached) {
  int x = v[blockIdx.x * blockDim.x + threadIdx.x];
  assert(x >= 0);   // always true
  assert(x != 42);  // false for exactly one thread
  atomicAdd(reached, 1);
}

int main() {
  int *v, *reached;
  cudaMallocManaged(&v, 256 * sizeof(int));
  cudaMallocManaged(&reached, sizeof(int));
  for (int i = 0; i < 256; ++i) v[i] = i == 77 ? 42 : i % 40;
  *reached = 0;
  check<<<2, 128>>>(v, reached);
  cudaError_t e = cudaDeviceSynchronize();
  fflush(stdout);
  int failures = 0;
  if (e != cudaErrorAssert) { printf("cudaDeviceSynchronize: %s, expected cudaErrorAssert\n", cudaGetErrorName(e)); failures++; }
  cudaError_t again = cudaMemset(v, 0, 16);
  if (again != cudaErrorAssert) { printf("later call: %s, expected the sticky cudaErrorAssert\n", cudaGetErrorName(again)); failures++; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
