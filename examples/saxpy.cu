// saxpy: y = a * x + y on a million elements, checked against the same loop on the host.
// The first program to try with Drawbridge's nvcc; it builds and runs unchanged with NVIDIA's.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,                    \
                   cudaGetErrorString(err_));                                                      \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = 0.001f * i;
    y[i] = 1.0f - 0.002f * i;
    expected[i] = a * x[i] + y[i];
  }

  float *dx = nullptr, *dy = nullptr;
  CHECK(cudaMalloc(&dx, n * sizeof(float)));
  CHECK(cudaMalloc(&dy, n * sizeof(float)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  const int block = 256;
  saxpy<<<(n + block - 1) / block, block>>>(n, a, dx, dy);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(dx));
  CHECK(cudaFree(dy));

  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - expected[i]) > 1e-5f * std::fabs(expected[i]) + 1e-6f)
      ++wrong;
  std::printf("saxpy on %d elements: %s\n", n, wrong ? "FAIL" : "PASS");
  return wrong ? 1 : 0;
}
