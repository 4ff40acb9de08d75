// Bounds checks on thread indices, which the CPU back end lifts out of full blocks (a copy of
// the thread loop without them runs when every thread of the block passes): a 1-D `i < n` with
// a partial last block, a window `lo <= i < hi`, a 2-D `x < w && y < h`, a decreasing index
// `j >= 0`, an unsigned comparison, and an index that wraps past INT_MAX inside a block, where
// the threads beyond the wrap must still see their (negative) index pass `i < n`.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <climits>
#include <cstdio>

__global__ void oneD(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i + 1;
}
__global__ void window(int *out, int lo, int hi) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= lo && i < hi)
    out[i] = 2 * i;
}
__global__ void twoD(int *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h)
    out[y * w + x] = x + 1000 * y;
}
__global__ void decreasing(int *out, int n) {
  int j = n - 1 - (int)(blockIdx.x * blockDim.x + threadIdx.x);
  if (j >= 0)
    out[j] = -j;
}
__global__ void unsignedCheck(int *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = (int)i * 3;
}
// base + threadIdx.x crosses INT_MAX within the block: the wrapped (negative) indices pass.
__global__ void wrapping(int *out, int base, int n) {
  int i = (int)((unsigned)base + threadIdx.x);
  if (i < n)
    out[threadIdx.x] = 1;
}

int main() {
  int failures = 0;
  auto check = [&](const char *what, int index, int got, int want) {
    if (got != want && failures++ < 10)
      printf("%s[%d] = %d, expected %d\n", what, index, got, want);
  };
  const int n = 1000, cap = 4096;
  int *out;
  cudaMallocManaged(&out, cap * sizeof(int));

  for (int k = 0; k < cap; ++k) out[k] = -7;
  oneD<<<(n + 127) / 128, 128>>>(out, n);
  cudaDeviceSynchronize();
  for (int k = 0; k < 1024; ++k) check("oneD", k, out[k], k < n ? k + 1 : -7);

  for (int k = 0; k < cap; ++k) out[k] = -7;
  window<<<16, 64>>>(out, 100, 900);
  cudaDeviceSynchronize();
  for (int k = 0; k < 1024; ++k) check("window", k, out[k], k >= 100 && k < 900 ? 2 * k : -7);

  for (int k = 0; k < cap; ++k) out[k] = -7;
  const int w = 45, h = 37;
  twoD<<<dim3(3, 3), dim3(16, 16)>>>(out, w, h);
  cudaDeviceSynchronize();
  for (int k = 0; k < w * h; ++k) check("twoD", k, out[k], k % w + 1000 * (k / w));
  for (int k = w * h; k < cap; ++k) check("twoD beyond", k, out[k], -7);

  for (int k = 0; k < cap; ++k) out[k] = -7;
  decreasing<<<8, 128>>>(out, n);
  cudaDeviceSynchronize();
  for (int k = 0; k < 1024; ++k) check("decreasing", k, out[k], k < n ? -k : -7);

  for (int k = 0; k < cap; ++k) out[k] = -7;
  unsignedCheck<<<8, 128>>>(out, (unsigned)n);
  cudaDeviceSynchronize();
  for (int k = 0; k < 1024; ++k) check("unsigned", k, out[k], k < n ? 3 * k : -7);

  for (int k = 0; k < cap; ++k) out[k] = 0;
  wrapping<<<1, 256>>>(out, INT_MAX - 99, 0);
  cudaDeviceSynchronize();
  for (int k = 0; k < 256; ++k) check("wrapping", k, out[k], k >= 100 ? 1 : 0);

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
