// A kernel whose result comes from code only the device side compiles.
#include <cstdio>

__device__ int value() {
#ifdef __CUDA_ARCH__
  return DEVICE_VALUE;
#else
  return -1;
#endif
}

__global__ void store(int *p) { *p = value(); }

int main() {
  int *p;
  cudaMallocManaged(&p, sizeof(int));
  store<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  std::printf("value %d\n", *p);
  return 0;
}
