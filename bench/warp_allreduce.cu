// Benchmark: warp all-reduces (__shfl_xor_sync trees whose result every lane uses), the core of
// softmax and layer-norm kernels, timed in one run against the same computation as a plain
// host loop (one thread: a row of 32 at a time). Two kernels: a sum of each warp's 32 values,
// and a softmax over each warp's 32 values (a max and a sum all-reduce around an exp).
#include "best_time.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void warpSums(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int b = 16; b > 0; b /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, b);
  out[i] = v;
}

__global__ void warpSoftmax(float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i], top = v;
  for (int b = 16; b > 0; b /= 2)
    top = fmaxf(top, __shfl_xor_sync(0xffffffffu, top, b));
  float e = expf(v - top), total = e;
  for (int b = 16; b > 0; b /= 2)
    total += __shfl_xor_sync(0xffffffffu, total, b);
  out[i] = e / total;
}

int main() {
  const int n = 1 << 24;
  std::vector<float> hostIn(n), hostOut(n);
  for (int i = 0; i < n; ++i)
    hostIn[i] = float(i % 97) * 0.01f;
  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemcpy(in, hostIn.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  double hostSums = bestMs([&] {
    for (int row = 0; row < n; row += 32) {
      float sum = 0;
      for (int l = 0; l < 32; ++l)
        sum += hostIn[row + l];
      for (int l = 0; l < 32; ++l)
        hostOut[row + l] = sum;
    }
    asm volatile("" : : "r"(hostOut.data()) : "memory");
  });
  double hostSoftmax = bestMs([&] {
    for (int row = 0; row < n; row += 32) {
      float top = hostIn[row], total = 0;
      for (int l = 1; l < 32; ++l)
        top = std::max(top, hostIn[row + l]);
      for (int l = 0; l < 32; ++l)
        total += hostOut[row + l] = std::exp(hostIn[row + l] - top);
      for (int l = 0; l < 32; ++l)
        hostOut[row + l] /= total;
    }
    asm volatile("" : : "r"(hostOut.data()) : "memory");
  });
  double sums = bestMs([&] {
    warpSums<<<n / 256, 256>>>(out, in);
    cudaDeviceSynchronize();
  });
  double softmax = bestMs([&] {
    warpSoftmax<<<n / 256, 256>>>(out, in);
    cudaDeviceSynchronize();
  });
  printf("%d floats, rows of 32: warp sums %.2f ms (host loop %.2f ms), warp softmax %.2f ms "
         "(host loop %.2f ms)\n",
         n, sums, hostSums, softmax, hostSoftmax);
  printf("warp sums / host loop:    %.2fx\n", sums / hostSums);
  printf("warp softmax / host loop: %.2fx\n", softmax / hostSoftmax);
  return 0;
}
