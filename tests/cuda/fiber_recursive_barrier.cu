// A recursive device function with barriers cannot be cut into regions; the kernel takes the
// fiber fallback (nvcc -v says so) and still computes the right values, warp shuffle included.
// RUN: %nvcc -v %s -o %t 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %t | FileCheck %s
// VERBOSE: drawbridge-device: kernel 'fill(int*)' runs one fiber per thread: it reaches the recursive function 'sumDown(int*, int)'
// CHECK: no error PASS
#include <cstdio>

__device__ int sumDown(int *s, int depth) {
  if (depth == 0) return 0;
  s[threadIdx.x] = depth + threadIdx.x;
  __syncthreads();
  int v = s[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  return v + sumDown(s, depth - 1);
}
__global__ void fill(int *out) {
  __shared__ int s[64];
  int w = __shfl_xor_sync(0xffffffff, (int)threadIdx.x, 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sumDown(s, 3) * 100 + w;
}
int main() {
  int *o; cudaMallocManaged(&o, 128 * sizeof(int));
  fill<<<2, 64>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  int bad = 0;
  for (int b = 0; b < 2; ++b) for (int t = 0; t < 64; ++t) {
    int n = (t + 1) % 64, expect = 0;
    for (int d = 3; d > 0; --d) expect += d + n;
    expect = expect * 100 + (t ^ 1);
    if (o[b * 64 + t] != expect) { if (bad++ < 3) printf("t %d: %d vs %d\n", t, o[b*64+t], expect); }
  }
  printf("%s %s\n", cudaGetErrorString(e), bad ? "FAIL" : "PASS");
}
