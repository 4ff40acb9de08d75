// Without -rdc, a kernel that calls an extern __device__ function nobody defines fails at
// compile time (NVIDIA: "ptxas fatal   : Unresolved extern function '_Z13missing_helperi'")
// with an error that names the function and the way out, and no object is written.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: not %nvcc -c %s -o out.o 2> err.txt
// RUN: FileCheck %s < err.txt
// RUN: not test -e out.o
// CHECK: error: undefined device function 'missing_helper(int)'
// CHECK-SAME: -rdc=true
//
// Linking straight from the source fails the same way.
// RUN: not %nvcc %s -o app 2>&1 | FileCheck %s
//
// With -rdc the object compiles; the device link reports the missing function.
// RUN: %nvcc -dc %s -o rdc.o
// RUN: not %nvcc rdc.o -o app 2>&1 | FileCheck %s --check-prefix=DLINK
// DLINK: error: undefined device function 'missing_helper(int)'

extern __device__ int missing_helper(int);

__global__ void kernel(int *out) { *out = missing_helper(3); }

int main() {
  kernel<<<1, 1>>>(nullptr);
  return 0;
}
