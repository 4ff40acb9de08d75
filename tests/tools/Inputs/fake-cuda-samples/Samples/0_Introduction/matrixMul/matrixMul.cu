// Stand-in for cuda-samples' matrixMul in the test of bench/outside/run.py: a tiny kernel
// that reports its time in the sample's words, and fails its check when asked to.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <helper_cuda.h>

__global__ void fill(float *out) { out[threadIdx.x] = 1.0f; }

int main(int argc, char **argv) {
  float *out;
  cudaMallocManaged(&out, 32 * sizeof(float));
  fill<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  printf("Performance= 1.00 GFlop/s, Time= 2.500 msec, Size= 1 Ops\n");
  const bool broken = std::getenv("FAKE_SAMPLE_FAILS") != nullptr;
  printf("%s\n", !broken && out[31] == 1.0f ? "Result = PASS" : "Result = FAIL");
  return 0;
}
