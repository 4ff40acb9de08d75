// Two whole-program (non-rdc) translation units each have a `static __device__ int counter`
// and a kernel `bump` in an anonymous namespace: the names do not clash and each kernel
// updates its own counter, across repeated launches.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc %s %S/Inputs/build_internal_names_other.cu -o app && ./app | FileCheck %s
// RUN: %nvcc -c %s -o a.o && %nvcc -c %S/Inputs/build_internal_names_other.cu -o b.o
// RUN: %nvcc b.o a.o -o app2 && ./app2 | FileCheck %s
// CHECK: this 104 other 208 this 108 other 216
// CHECK-NEXT: PASS
#include <cstdio>

static __device__ int counter = 100;
namespace {
__global__ void bump(int *out) {
  atomicAdd(&counter, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    *out = counter;
}
} // namespace

static int run_this() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  *out = -1;
  bump<<<1, 4>>>(out);
  cudaError_t error = cudaDeviceSynchronize();
  int value = error == cudaSuccess ? *out : -(int)error;
  cudaFree(out);
  return value;
}

int run_other();

int main() {
  int a = run_this(), b = run_other(), c = run_this(), d = run_other();
  printf("this %d other %d this %d other %d\n", a, b, c, d);
  bool ok = a == 104 && b == 208 && c == 108 && d == 216;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
