// Links only CUDA::cudart from find_package(CUDAToolkit) and queries the device.
#include <cuda_runtime.h>

#include <cstdio>

int main() {
  int count = 0;
  cudaDeviceProp prop;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1 ||
      cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    std::printf("device query: FAIL\n");
    return 1;
  }
  std::printf("device query: %d device(s), warp size %d: PASS\n", count, prop.warpSize);
  return 0;
}
