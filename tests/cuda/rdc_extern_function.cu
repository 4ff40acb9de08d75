// Separate compilation: this file's kernel calls an extern __device__ function and reads an
// extern __device__ variable defined in another file; the host also writes that variable
// through cudaMemcpyToSymbol. Built four ways: nvcc links the -dc objects; nvcc -dlink plus
// a host link with clang++; the defining object in a static library made by nvcc -lib; and
// that library compiled straight from source with -lib -rdc=true.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -dc %s %S/Inputs/rdc_extern_function_defs.cu
// RUN: %nvcc rdc_extern_function.o rdc_extern_function_defs.o -o app1
// RUN: ./app1 | FileCheck %s
//
// RUN: %nvcc -dlink rdc_extern_function.o rdc_extern_function_defs.o -o dlink.o
// RUN: clang++ rdc_extern_function.o rdc_extern_function_defs.o dlink.o -L%toolkit/lib64 \
// RUN:   -lcudart_static -ldl -lpthread -lrt -o app2
// RUN: ./app2 | FileCheck %s
//
// RUN: %nvcc -lib rdc_extern_function_defs.o -o libdefs.a
// RUN: %nvcc rdc_extern_function.o libdefs.a -o app3
// RUN: ./app3 | FileCheck %s
// RUN: %nvcc -dlink rdc_extern_function.o libdefs.a -o dlink_lib.o
// RUN: clang++ rdc_extern_function.o dlink_lib.o libdefs.a -L%toolkit/lib64 \
// RUN:   -lcudart_static -ldl -lpthread -lrt -o app4
// RUN: ./app4 | FileCheck %s
//
// RUN: %nvcc -lib -rdc=true %S/Inputs/rdc_extern_function_defs.cu -o libdefs_src.a
// RUN: %nvcc -rdc=true %s libdefs_src.a -o app5
// RUN: ./app5 | FileCheck %s
// CHECK: before: offset 1000
// CHECK-NEXT: after: offset 7
// CHECK-NEXT: PASS
#include <cstdio>

extern __device__ int rdc_offset;
extern __device__ int rdc_scale(int x);
extern __device__ int rdc_defs_probe(void);

__global__ void apply(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = rdc_scale(i) + rdc_offset;
}

__global__ void probe(int *out) { *out = rdc_defs_probe(); }

static int check(int *out, int n, int offset) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    if (out[i] != 3 * i + 1 + offset && bad++ < 5)
      printf("out[%d] = %d, expected %d\n", i, out[i], 3 * i + 1 + offset);
  return bad;
}

int main() {
  const int n = 300;
  int *out;
  cudaMallocManaged(&out, n * sizeof(int));
  int bad = 0;

  apply<<<(n + 127) / 128, 128>>>(out, n);
  bad += cudaDeviceSynchronize() != cudaSuccess;
  bad += check(out, n, 1000);
  int offset = 0;
  bad += cudaMemcpyFromSymbol(&offset, rdc_offset, sizeof(int)) != cudaSuccess;
  printf("before: offset %d\n", offset);

  // The host writes the variable this file only declares; both files' code must see it.
  int seven = 7;
  bad += cudaMemcpyToSymbol(rdc_offset, &seven, sizeof(int)) != cudaSuccess;
  apply<<<(n + 127) / 128, 128>>>(out, n);
  probe<<<1, 1>>>(out + n - 1);
  bad += cudaDeviceSynchronize() != cudaSuccess;
  int probed = out[n - 1];
  bad += check(out, n - 1, 7);
  printf("after: offset %d\n", probed);
  bad += probed != 7;

  cudaFree(out);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
