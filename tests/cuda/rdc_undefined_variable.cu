// An extern __device__ variable that no file defines is a device-link error (NVIDIA: "nvlink
// error   : Undefined reference to 'rdc_missing_value' in 'v.o'"), like an undefined device
// function. Drawbridge's device link lets it through as an undefined symbol, so the host
// linker resolves it: to a *host* global of the same name if there is one (the kernel then
// reads host memory and prints 42, with no error), or else fails with "undefined reference
// to `rdc_missing_value'" and a DT_TEXTREL warning.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -dc %s -o v.o
// RUN: not %nvcc v.o %S/Inputs/rdc_undefined_variable_host.cpp -o app 2>&1 | FileCheck %s
// RUN: not %nvcc -dlink v.o -o dlink.o 2>&1 | FileCheck %s
// CHECK: error: {{.*}}rdc_missing_value
#include <cstdio>

extern __device__ int rdc_missing_value;

__global__ void read(int *out) { *out = rdc_missing_value; }

int main() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  read<<<1, 1>>>(out);
  cudaError_t error = cudaDeviceSynchronize();
  printf("%s %d\n", cudaGetErrorName(error), *out);
  return 0;
}
