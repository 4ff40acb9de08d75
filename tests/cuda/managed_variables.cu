// __managed__ variables: host and device read and write the same variable, which starts with
// its initialiser, and symbol copies reach it too.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: before 5 4
// CHECK-NEXT: after 19 2 8
// CHECK-NEXT: symbol 19
// CHECK-NEXT: PASS
#include <cstdio>

__managed__ int counter = 5;
__device__ __managed__ float values[4] = {1, 2, 3, 4};

__global__ void bump() {
  atomicAdd(&counter, 1);
  values[threadIdx.x] *= 2;
}

int main() {
  printf("before %d %g\n", counter, values[3]);
  counter += 10;
  bump<<<1, 4>>>();
  cudaDeviceSynchronize();
  printf("after %d %g %g\n", counter, values[0], values[3]);
  int viaSymbol = 0;
  cudaMemcpyFromSymbol(&viaSymbol, counter, sizeof(int));
  printf("symbol %d\n", viaSymbol);
  printf("%s\n", counter == 19 && viaSymbol == 19 && values[1] == 4 ? "PASS" : "FAIL");
}
