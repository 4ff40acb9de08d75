// Device printf output is buffered and written at synchronisation points, so host output
// printed (and flushed) after a launch but before the synchronisation comes first. Checked at
// cudaDeviceSynchronize, cudaStreamSynchronize, cudaEventSynchronize, a blocking cudaMemcpy,
// the start of the next launch (not at cudaStreamQuery), before a stream callback runs and at
// cudaDeviceReset; lines printed by one device thread stay in program order.
// RUN: %nvcc %s -o %t && %t | FileCheck %s --match-full-lines
// CHECK:      host: before launch 1
// CHECK-NEXT: host: after launch 1
// CHECK-NEXT: device: kernel 1 line 1
// CHECK-NEXT: device: kernel 1 line 2
// CHECK-NEXT: device: kernel 1 line 3
// CHECK-NEXT: host: after cudaDeviceSynchronize
// CHECK-NEXT: host: after launch 2
// CHECK-NEXT: device: kernel 2 value 42
// CHECK-NEXT: host: after cudaStreamSynchronize
// CHECK-NEXT: host: after launch 3
// CHECK-NEXT: device: kernel 3 value 43
// CHECK-NEXT: host: after cudaEventSynchronize
// CHECK-NEXT: host: after launch 4
// CHECK-NEXT: device: kernel 4 value 44
// CHECK-NEXT: host: copied 44
// CHECK-NEXT: host: kernel 5 finished
// CHECK-NEXT: device: kernel 5 value 45
// CHECK-NEXT: host: after launch 6
// CHECK-NEXT: device: line 0
// CHECK-NEXT: device: line 1
// CHECK-NEXT: device: line 2
// CHECK-NEXT: device: kernel 6 value 46
// CHECK-NEXT: host: in stream callback
// CHECK-NEXT: host: before cudaDeviceReset
// CHECK-NEXT: device: kernel 7 value 47
// CHECK-NEXT: host: after cudaDeviceReset
// CHECK-NEXT: PASS
#include <cstdio>

__global__ void threeLines() {
  printf("device: kernel 1 line 1\n");
  printf("device: kernel 1 line %d\n", 2);
  printf("device: kernel %d line %d\n", 1, 3);
}

__global__ void oneValue(int k, int *out) {
  printf("device: kernel %d value %d\n", k, 40 + k);
  *out = 40 + k;
}

// One thread's lines keep their order.
__global__ void loop(int n) {
  if (threadIdx.x == 5 && blockIdx.x == 1)
    for (int i = 0; i < n; ++i)
      printf("device: line %d\n", i);
}

static void CUDART_CB callback(cudaStream_t, cudaError_t, void *) {
  printf("host: in stream callback\n");
  fflush(stdout);
}

static void host(const char *s) {
  printf("host: %s\n", s);
  fflush(stdout);
}

int main() {
  int failures = 0;
  int *out;
  cudaMalloc(&out, sizeof(int));

  host("before launch 1");
  threeLines<<<1, 1>>>();
  host("after launch 1");
  failures += cudaDeviceSynchronize() != cudaSuccess;
  host("after cudaDeviceSynchronize");

  cudaStream_t s;
  cudaStreamCreate(&s);
  oneValue<<<1, 1, 0, s>>>(2, out);
  host("after launch 2");
  failures += cudaStreamSynchronize(s) != cudaSuccess;
  host("after cudaStreamSynchronize");

  cudaEvent_t e;
  cudaEventCreate(&e);
  oneValue<<<1, 1, 0, s>>>(3, out);
  cudaEventRecord(e, s);
  host("after launch 3");
  failures += cudaEventSynchronize(e) != cudaSuccess;
  host("after cudaEventSynchronize");

  oneValue<<<1, 1>>>(4, out);
  host("after launch 4");
  int v = 0;
  failures += cudaMemcpy(&v, out, sizeof v, cudaMemcpyDeviceToHost) != cudaSuccess;
  printf("host: copied %d\n", v);
  fflush(stdout);

  // A finished kernel's output waits for the next launch; cudaStreamQuery does not flush.
  oneValue<<<1, 1>>>(5, out);
  while (cudaStreamQuery(0) == cudaErrorNotReady) {
  }
  host("kernel 5 finished");
  loop<<<2, 32>>>(0);
  host("after launch 6");
  failures += cudaDeviceSynchronize() != cudaSuccess;

  loop<<<2, 32>>>(3);
  failures += cudaDeviceSynchronize() != cudaSuccess;

  // Output of a kernel that finished before a stream callback appears before the callback's.
  oneValue<<<1, 1, 0, s>>>(6, out);
  cudaStreamAddCallback(s, callback, nullptr, 0);
  failures += cudaStreamSynchronize(s) != cudaSuccess;

  cudaEventDestroy(e);
  cudaStreamDestroy(s);
  cudaFree(out);

  // cudaDeviceReset flushes too.
  cudaMalloc(&out, sizeof(int));
  oneValue<<<1, 1>>>(7, out);
  host("before cudaDeviceReset");
  failures += cudaDeviceReset() != cudaSuccess;
  host("after cudaDeviceReset");
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
