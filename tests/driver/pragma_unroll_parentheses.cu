// `#pragma unroll(N)`, with its count in parentheses, compiles without a warning, as under
// NVIDIA's nvcc (clang's -Wcuda-compat warns that nvcc would not take it; BabelStream writes
// it).
// RUN: %nvcc -arch=sm_80 -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: warning
__global__ void scale(float *p, int n) {
  constexpr int unrolled = 4;
#pragma unroll(unrolled)
  for (int i = 0; i < n; ++i)
    p[i] += 1.0f;
#pragma unroll(2)
  for (int i = 0; i < n; ++i)
    p[i] *= 2.0f;
}
