// Device code in a static library named with -L/-l is device-linked: NVIDIA's nvcc passes
// -L and -l to nvlink, which searches the libraries for relocatable device code. Drawbridge's
// device link only reads .a files named directly, so the -l form fails with "undefined
// device function 'rdc_scale(int)'" (and the same for -dlink).
// RUN: rm -rf %t && mkdir -p %t/lib && cd %t
// RUN: %nvcc -lib -rdc=true %S/Inputs/rdc_extern_function_defs.cu -o lib/libdefs.a
// RUN: %nvcc -dc %s -o main.o
// RUN: %nvcc main.o lib/libdefs.a -o direct && ./direct | FileCheck %s
// RUN: %nvcc main.o -Llib -ldefs -o searched && ./searched | FileCheck %s
// RUN: %nvcc -dlink main.o -Llib -ldefs -o dlink.o
// RUN: clang++ main.o dlink.o -Llib -ldefs -L%toolkit/lib64 -lcudart_static -ldl -lpthread -lrt \
// RUN:   -o searched2
// RUN: ./searched2 | FileCheck %s
// CHECK: PASS
#include <cstdio>

extern __device__ int rdc_offset;
extern __device__ int rdc_scale(int x);

__global__ void apply(int *out) { out[threadIdx.x] = rdc_scale(threadIdx.x) + rdc_offset; }

int main() {
  int *out;
  cudaMallocManaged(&out, 32 * sizeof(int));
  apply<<<1, 32>>>(out);
  int bad = cudaDeviceSynchronize() != cudaSuccess;
  for (int i = 0; i < 32; ++i)
    bad += out[i] != 3 * i + 1 + 1000;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
