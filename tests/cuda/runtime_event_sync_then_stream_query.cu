// Once cudaEventSynchronize returns for the last event recorded in a stream, the stream has
// nothing left to do: cudaStreamQuery says cudaSuccess at once, and cudaEventQuery agrees
// after cudaStreamSynchronize. Both orders are checked many times, since a gap between the
// event's completion and the stream's would show only now and then.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: not ready 0 0
// CHECK: PASS
#include <cstdio>

__global__ void addOne(unsigned *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += 1;
}

int main() {
  const int n = 20000;
  unsigned *d;
  cudaMalloc(&d, n * sizeof(unsigned));
  int streamNotReady = 0, eventNotReady = 0;
  for (int it = 0; it < 300; ++it) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaEvent_t stop;
    cudaEventCreateWithFlags(&stop, it % 2 ? cudaEventBlockingSync : cudaEventDefault);
    cudaMemsetAsync(d, 1, n * sizeof(unsigned), s);
    addOne<<<(n + 255) / 256, 256, 0, s>>>(d, n);
    cudaEventRecord(stop, s);
    if (it % 3) {
      cudaEventSynchronize(stop);
      streamNotReady += cudaStreamQuery(s) != cudaSuccess;
    } else {
      cudaStreamSynchronize(s);
      eventNotReady += cudaEventQuery(stop) != cudaSuccess;
    }
    cudaEventDestroy(stop);
    cudaStreamDestroy(s);
  }
  printf("not ready %d %d\n", streamNotReady, eventNotReady);
  printf("%s\n", streamNotReady || eventNotReady ? "FAIL" : "PASS");
  return streamNotReady || eventNotReady;
}
