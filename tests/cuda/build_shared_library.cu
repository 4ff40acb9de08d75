// A kernel in a shared library built with -shared -Xcompiler -fPIC, used by a program that
// has kernels of its own; with the static runtime (default), with -cudart shared for both,
// and with relocatable device code device-linked into the library.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -shared -Xcompiler -fPIC %S/Inputs/build_shared_library_lib.cu -o libkern.so
// RUN: %nvcc %s -L. -lkern -o app_static
// RUN: env LD_LIBRARY_PATH=%t ./app_static | FileCheck %s
//
// RUN: %nvcc -cudart shared -shared -Xcompiler -fPIC %S/Inputs/build_shared_library_lib.cu \
// RUN:   -o libkern_shared.so
// RUN: %nvcc -cudart shared %s -L. -lkern_shared -o app_shared
// RUN: env LD_LIBRARY_PATH=%t ./app_shared | FileCheck %s
// RUN: env LD_LIBRARY_PATH=%t ldd ./app_shared | FileCheck %s --check-prefix=LDD
// LDD: libcudart.so.12 => {{.*}}/lib64/libcudart.so.12
//
// RUN: %nvcc -shared -Xcompiler -fPIC -rdc=true -DUSE_RDC %S/Inputs/build_shared_library_lib.cu \
// RUN:   %S/Inputs/build_shared_library_rdc.cu -o libkern_rdc.so
// RUN: %nvcc %s -L. -lkern_rdc -o app_rdc
// RUN: env LD_LIBRARY_PATH=%t ./app_rdc | FileCheck %s
// CHECK: library PASS
// CHECK-NEXT: program PASS
#include <cstdio>

int shared_lib_run(int *host, int n, int base);

__global__ void program_fill(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = -i;
}

int main() {
  const int n = 500;
  static int values[n];
  int bad = shared_lib_run(values, n, 10) != 0;
  for (int i = 0; i < n; ++i)
    bad += values[i] != 10 + 2 * i;
  printf("library %s\n", bad ? "FAIL" : "PASS");

  int *out;
  cudaMallocManaged(&out, n * sizeof(int));
  program_fill<<<(n + 127) / 128, 128>>>(out, n);
  int bad2 = cudaDeviceSynchronize() != cudaSuccess;
  for (int i = 0; i < n; ++i)
    bad2 += out[i] != -i;
  printf("program %s\n", bad2 ? "FAIL" : "PASS");
  return bad || bad2;
}
