// The same two translation units as build_internal_names.cu, compiled with -rdc=true: a
// `static __device__` variable and a kernel in an anonymous namespace have internal linkage,
// so each file keeps its own, as with NVIDIA's nvcc. A single file with a `static __global__`
// kernel launches it too (the second RUN).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -rdc=true %S/build_internal_names.cu %S/Inputs/build_internal_names_other.cu \
// RUN:   -o app && ./app | FileCheck %s
// CHECK: this 104 other 208 this 108 other 216
// CHECK-NEXT: PASS
//
// RUN: %nvcc -rdc=true %s -o single && ./single | FileCheck %s --check-prefix=SINGLE
// SINGLE: launch cudaSuccess, value 42
#include <cstdio>

static __global__ void set(int *out) { *out = 42; }

int main() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  set<<<1, 1>>>(out);
  cudaError_t launch = cudaGetLastError();
  cudaDeviceSynchronize();
  printf("launch %s, value %d\n", cudaGetErrorName(launch), *out);
  return launch != cudaSuccess || *out != 42;
}
