// -res-usage makes the device back end report, for each kernel, what it needs on the CPU in
// place of registers and GPU memory: its regions, static shared memory, per-thread context
// (values live across barriers) and locals.
// RUN: %nvcc -res-usage -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: drawbridge info : kernel 'tile(float*)': 2 regions, 512 bytes shared memory, {{[0-9]+}} bytes context and {{[0-9]+}} bytes locals per thread
// CHECK: drawbridge info : kernel 'plain(int*)': 1 region, 0 bytes shared memory, 0 bytes context
// -Xptxas -v, the usual way build lines ask ptxas for its report, gives the same.
// RUN: %nvcc -Xptxas -v -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %nvcc --ptxas-options=--verbose -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %nvcc -Xptxas -O3 -Xnvlink --verbose -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %nvcc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// QUIET-NOT: drawbridge info

__global__ void tile(float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[127 - threadIdx.x];
}

__global__ void plain(int *out) { out[threadIdx.x] = 1; }
