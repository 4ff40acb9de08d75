// Each thread loads 12 consecutive items, scans them and stores them back (CUB's
// BLOCK_LOAD_DIRECT and a thread-local scan): across the thread loop, accesses of stride 12.
// drawbridge-device lets LLVM group strided accesses of up to 16 into wide loads and stores
// with shuffles; with LLVM's bound of 8 they are gathers and scatters.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/blocked_items.o --keep --keep-dir %t
// RUN: %device %t/blocked_items.0.device.bc -o %t/device.ll --image-id=x -arch compute_80 \
// RUN:   -cpu=x86-64-v4 -emit-llvm
// RUN: FileCheck %s < %t/device.ll
// RUN: %device %t/blocked_items.0.device.bc -o %t/default.ll --image-id=x -arch compute_80 \
// RUN:   -cpu=x86-64-v4 -emit-llvm -max-interleave-group-factor=8
// RUN: FileCheck %s --check-prefix=DEFAULT < %t/default.ll
// CHECK-NOT: llvm.masked.gather
// CHECK-NOT: llvm.masked.scatter
// CHECK: load <{{[0-9]+}} x i32>
// CHECK-NOT: llvm.masked.gather
// CHECK-NOT: llvm.masked.scatter
// DEFAULT: llvm.masked.gather

__global__ void scanItems(const int *in, int *out) {
  int items[12];
  const int *mine = in + (blockIdx.x * blockDim.x + threadIdx.x) * 12;
#pragma unroll
  for (int i = 0; i < 12; ++i)
    items[i] = mine[i];
#pragma unroll
  for (int i = 1; i < 12; ++i)
    items[i] += items[i - 1];
  int *dst = out + (blockIdx.x * blockDim.x + threadIdx.x) * 12;
#pragma unroll
  for (int i = 0; i < 12; ++i)
    dst[i] = items[i];
}
