// File-static __constant__ and __device__ variables without initialisers, set from the host
// with cudaMemcpyToSymbol, under -rdc=true: each of two translation units keeps its own,
// as with NVIDIA's nvcc (clang renames the definitions for the device link; the uses must
// follow them).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -rdc=true %s %S/Inputs/rdc_static_constant_other.cu -o app && ./app | FileCheck %s
// RUN: %nvcc -dc %s -o a.o && %nvcc -dc %S/Inputs/rdc_static_constant_other.cu -o b.o
// RUN: %nvcc a.o b.o -o app2 && ./app2 | FileCheck %s
// CHECK: this 5 7 other 50 70
// CHECK-NEXT: PASS
#include <cstdio>

static __constant__ int table[4];
static __device__ int offset;

__global__ void readThis(int *out) {
  out[0] = table[1];
  out[1] = table[1] + offset;
}

void runOther(int *out);

int main() {
  int *out;
  cudaMallocManaged(&out, 4 * sizeof(int));
  int values[4] = {0, 5, 0, 0}, two = 2;
  cudaMemcpyToSymbol(table, values, sizeof values);
  cudaMemcpyToSymbol(offset, &two, sizeof two);
  readThis<<<1, 1>>>(out);
  runOther(out + 2);
  cudaError_t error = cudaDeviceSynchronize();
  printf("this %d %d other %d %d\n", out[0], out[1], out[2], out[3]);
  bool ok = error == cudaSuccess && out[0] == 5 && out[1] == 7 && out[2] == 50 && out[3] == 70;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
