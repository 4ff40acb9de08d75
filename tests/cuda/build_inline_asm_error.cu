// Inline PTX assembly in a kernel is not supported on the CPU target: a compile-time error
// that names the feature and the instruction, not a crash or a silently wrong program.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s asm.cu
// RUN: not %nvcc -c asm.cu -o asm.o 2> err.txt
// RUN: FileCheck %s < err.txt
// RUN: not test -e asm.o
// CHECK: asm.cu:[[@LINE+8]]:{{[0-9]+}}: error: inline PTX assembly is not supported
// CHECK-SAME: %laneid
// RUN: not %nvcc -rdc=true asm.cu -o app 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: error: inline PTX assembly is not supported
#include <cstdio>

__global__ void lane_ids(int *out) {
  int lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] = lane;
}

int main() {
  lane_ids<<<1, 32>>>(nullptr);
  return 0;
}
