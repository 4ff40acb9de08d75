// A read of a special register the CPU target does not have (a performance-monitor counter) is
// a compile-time error at the user's line, reported once however many regions the kernel has.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s sreg.cu
// RUN: not %nvcc -c sreg.cu -o sreg.o 2> err.txt
// RUN: FileCheck %s < err.txt
// RUN: not test -e sreg.o
// CHECK: sreg.cu:[[@LINE+8]]:{{[0-9]+}}: error: the special register read 'llvm.nvvm.read.ptx.sreg.pm0' is not supported on the CPU target yet
// CHECK-NOT: error:
#include <cstdio>

__global__ void counters(int *out) {
  out[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x + blockDim.x] = 2;
  out[threadIdx.x] += __nvvm_read_ptx_sreg_pm0();
}

int main() { return 0; }
