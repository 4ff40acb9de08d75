/* A C program that uses only the driver API (driver_api_basics.cu builds and runs it). */
#include <cuda.h>
#include <cudaProfiler.h>

#include <stdio.h>

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  CUdeviceptr d;
  unsigned short h[5] = {0};
  char name[64];
  int ok = cuInit(0) == CUDA_SUCCESS && cuDeviceGet(&dev, 0) == CUDA_SUCCESS &&
           cuDeviceGetName(name, sizeof name, dev) == CUDA_SUCCESS &&
           cuCtxCreate(&ctx, 0, dev) == CUDA_SUCCESS && cuProfilerStart() == CUDA_SUCCESS &&
           cuMemAlloc(&d, sizeof h) == CUDA_SUCCESS && cuMemsetD16(d, 0xbeef, 5) == CUDA_SUCCESS &&
           cuMemcpyDtoH(h, d, sizeof h) == CUDA_SUCCESS && cuMemFree(d) == CUDA_SUCCESS &&
           cuProfilerStop() == CUDA_SUCCESS && cuCtxDestroy(ctx) == CUDA_SUCCESS &&
           h[0] == 0xbeef && h[4] == 0xbeef;
  printf("driver API from C: %s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
