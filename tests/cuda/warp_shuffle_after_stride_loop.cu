// A grid-stride loop that is not of the usual shape (it can leave early) runs in lockstep
// through a stride site, so the lanes of a warp leave it in different rounds; the shuffles
// after it must wait for the lanes still going round. The scheduler once released the
// shuffle with the lanes that had arrived (as it does when the missing lanes wait at a
// barrier), so the warp sums took values from before the loop ended. This checks the warp
// sums of every lane against the host for several block sizes, trip counts that differ from
// lane to lane, and kernels that also yield in a spin-wait.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

__device__ float warpSum(float value) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffff, value, offset);
  return __shfl_sync(0xffffffff, value, 0);
}

// Each thread adds its elements until it meets a negative one, then the warp combines the
// threads' sums; every lane writes the warp's sum.
__global__ void sumUntilNegative(const float *in, float *out, int n) {
  float sum = 0;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = t; i < n; i += blockDim.x * gridDim.x) {
    if (in[i] < 0)
      break;
    sum += in[i];
  }
  out[t] = warpSum(sum);
}

// The same after a spin-wait on a flag the block's first thread sets, so the kernel has spin
// yields as well as the stride site.
__global__ void sumAfterFlag(const float *in, float *out, int n) {
  __shared__ volatile int flag;
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0)
    flag = 1;
  while (flag == 0) {
  }
  float sum = 0;
  for (int i = t; i < n; i += blockDim.x * gridDim.x) {
    if (in[i] < 0)
      break;
    sum += in[i];
  }
  out[t] = warpSum(sum);
}

int check(const char *name, const std::vector<float> &in, const std::vector<float> &got,
          int threads) {
  const int n = static_cast<int>(in.size());
  std::vector<float> perThread(threads, 0);
  for (int t = 0; t < threads; ++t)
    for (int i = t; i < n && in[i] >= 0; i += threads)
      perThread[t] += in[i];
  int bad = 0;
  for (int t = 0; t < threads; ++t) {
    float want = 0;
    for (int lane = 0; lane < 32; ++lane)
      want += perThread[t / 32 * 32 + lane];
    if (got[t] != want && bad++ < 3)
      printf("%s, %d threads: thread %d got %g, want %g\n", name, threads, t, got[t], want);
  }
  return bad;
}

int main() {
  const int n = 5000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i)
    in[i] = i % 97 == 5 || i % 389 == 11 ? -1.0f : static_cast<float>(i % 7);
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, 1024 * sizeof(float));
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  int bad = 0;
  for (int blockSize : {32, 64, 128, 256}) {
    const int blocks = 1024 / blockSize / 2, threads = blocks * blockSize;
    std::vector<float> got(threads);
    sumUntilNegative<<<blocks, blockSize>>>(din, dout, n);
    cudaMemcpy(got.data(), dout, threads * sizeof(float), cudaMemcpyDeviceToHost);
    bad += check("sumUntilNegative", in, got, threads);
    sumAfterFlag<<<blocks, blockSize>>>(din, dout, n);
    cudaMemcpy(got.data(), dout, threads * sizeof(float), cudaMemcpyDeviceToHost);
    bad += check("sumAfterFlag", in, got, threads);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
