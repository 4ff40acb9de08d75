// Launching a kernel from device code (dynamic parallelism) is not supported yet: the error
// points at the launch and a note says what is missing and what to do, and clang's summary
// does not name the sm_90 target it uses internally.
// RUN: not %nvcc -arch=sm_80 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %nvcc -arch=sm_80 -rdc=true -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: parallelism_error.cu:[[@LINE+11]]:{{.*}}: error: reference to __global__ function
// CHECK-SAME: 'child'
// CHECK-NEXT: parallelism_error.cu:[[@LINE+9]]:{{.*}}: note: launching a kernel from device
// CHECK-SAME: code (CUDA dynamic parallelism) is not supported by Drawbridge yet; launch
// CHECK-SAME: 'child' from host code instead
// CHECK: 1 error generated.{{$}}
// CHECK-NOT: sm_90

__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void parent(int *out) {
  child<<<1, 32>>>(out); // the launch
}
