// The region after the barrier, where the first warp goes on to a shuffle and every other
// thread exits: LLVM merges the two stores of the thread's state into one store of a phi and
// drops its access group, and RestoreThreadSlotAccessGroups gives it back, so the thread loop
// is vectorised as parallel, with no runtime alias checks between the context arrays, the
// shared memory and the kernel's pointers.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/merged.o --keep --keep-dir %t
// RUN: %device %t/merged_state_stores.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 --print-after-stage=optimize | FileCheck %s
// CHECK-LABEL: define internal void @_Z8warpTailPKfPf.region1(
// CHECK-NOT:     memcheck
// CHECK:         vector.body{{[0-9]*}}:
// CHECK-NOT:     memcheck
// CHECK:       {{^}}define
__global__ void warpTail(const float *in, float *out) {
  __shared__ float partial[256];
  unsigned tid = threadIdx.x;
  partial[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  if (tid < 32) {
    float v = partial[tid] + partial[tid + 32];
    v += __shfl_down_sync(0xffffffffu, v, 16);
    v += __shfl_down_sync(0xffffffffu, v, 8);
    if (tid == 0)
      out[blockIdx.x] = v;
  }
}
