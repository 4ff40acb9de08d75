// Inline PTX that the CPU target cannot run (here a texture fetch) is a compile-time error
// that names the instruction and the user's line, not a crash or a silently wrong program.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s asm.cu
// RUN: not %nvcc -c asm.cu -o asm.o 2> err.txt
// RUN: FileCheck %s < err.txt
// RUN: not test -e asm.o
// CHECK: asm.cu:[[@LINE+8]]:{{[0-9]+}}: error: inline PTX assembly cannot run on the CPU target: the instruction 'tex'
// CHECK-SAME: tex.1d.v4.f32.s32
// RUN: not %nvcc -rdc=true asm.cu -o app 2>&1 | FileCheck %s --check-prefix=RDC
// RDC: error: inline PTX assembly cannot run on the CPU target
#include <cstdio>

__global__ void fetch(float *out, unsigned long long texture) {
  float x, y, z, w;
  asm volatile("tex.1d.v4.f32.s32 {%0, %1, %2, %3}, [%4, {%5}];"
               : "=f"(x), "=f"(y), "=f"(z), "=f"(w)
               : "l"(texture), "r"((int)threadIdx.x));
  out[threadIdx.x] = x + y + z + w;
}

int main() {
  fetch<<<1, 32>>>(nullptr, 0);
  return 0;
}
