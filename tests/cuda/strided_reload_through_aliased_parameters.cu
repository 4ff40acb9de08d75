// A thread stores through one pointer parameter and then loads, through another, the element it
// has just stored, both strided (`out[2t] = in[2t + 1]; out[2t + 1] = in[2t]` with out == in:
// the second load must see the first store). Alias analysis cannot tell the two parameters
// apart, so the thread loop is no longer marked parallel (ProtectSameThreadOrderPass) and the
// vectoriser's run-time overlap checks send the aliased call down its scalar path; the
// separate call keeps its vector path. Both must give CUDA's answers.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: aliased PASS
// CHECK: separate PASS
#include <cstdio>

__global__ void rotatePairs(float *out, const float *in) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * t] = in[2 * t + 1];
  out[2 * t + 1] = in[2 * t];
}

int main() {
  const int threads = 4096, n = 2 * threads;
  float *a, *b;
  cudaMallocManaged(&a, n * sizeof(float));
  cudaMallocManaged(&b, n * sizeof(float));
  for (int i = 0; i < n; i++)
    a[i] = b[i] = float(i);
  // In place: out[2t] takes in[2t + 1], then out[2t + 1] reads the new out[2t].
  rotatePairs<<<threads / 256, 256>>>(a, a);
  // Apart: a plain swap of each pair.
  float *c;
  cudaMallocManaged(&c, n * sizeof(float));
  rotatePairs<<<threads / 256, 256>>>(c, b);
  cudaDeviceSynchronize();
  int badAliased = 0, badSeparate = 0;
  for (int t = 0; t < threads; t++) {
    const float odd = float(2 * t + 1), even = float(2 * t);
    if ((a[2 * t] != odd || a[2 * t + 1] != odd) && badAliased++ < 3)
      printf("aliased @%d: %g %g, want %g %g\n", t, a[2 * t], a[2 * t + 1], odd, odd);
    if ((c[2 * t] != odd || c[2 * t + 1] != even) && badSeparate++ < 3)
      printf("separate @%d: %g %g, want %g %g\n", t, c[2 * t], c[2 * t + 1], odd, even);
  }
  printf("aliased %s\n", badAliased ? "FAIL" : "PASS");
  printf("separate %s\n", badSeparate ? "FAIL" : "PASS");
  return badAliased || badSeparate;
}
