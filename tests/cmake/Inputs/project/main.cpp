// Runs the three libraries' kernels over one managed array and checks the result.
#include <cuda_runtime.h>

#include <cstdio>

void scaleOnDevice(float *data, int n, float factor);
void offsetOnDevice(float *data, int n, float amount);
void chainOnDevice(float *data, int n);
extern "C" double checksum(const float *data, int n);

int main() {
  const int n = 1000;
  float *data;
  cudaMallocManaged(&data, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    data[i] = 1.0f;
  scaleOnDevice(data, n, 3.0f);  // 3
  offsetOnDevice(data, n, 1.0f); // 4
  chainOnDevice(data, n);        // 8
  cudaError_t error = cudaDeviceSynchronize();
  double sum = checksum(data, n);
  std::printf("checksum %.1f: %s\n", sum, error == cudaSuccess && sum == 8000.0 ? "PASS" : "FAIL");
  return sum == 8000.0 ? 0 : 1;
}
