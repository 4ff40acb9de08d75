// Linking the same -rdc objects twice with the same command should give the same program.
// Drawbridge's implicit device link names its image after the temporary object
// (/tmp/drawbridge-XXXXXX/dlink.0.o, a fresh directory each run), so the image id and hence
// the program differ on every link (an explicit "nvcc -dlink -o dlink.o" is deterministic).
// RUN: rm -rf %t && mkdir -p %t/one && cd %t
// RUN: %nvcc -dc %s -o app.o
// RUN: %nvcc app.o -o app && mv app one/app
// RUN: %nvcc app.o -o app && cmp one/app app
// RUN: ./app | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void set(int *out) { *out = 42; }

int main() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  set<<<1, 1>>>(out);
  bool ok = cudaDeviceSynchronize() == cudaSuccess && *out == 42;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
