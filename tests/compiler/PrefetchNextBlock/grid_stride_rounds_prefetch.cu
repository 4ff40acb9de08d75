// End to end: a grid-stride loop's interleaved rounds prefetch the next group's lines for
// every round's load, both streams (in[i] and in[i + blockDim.x], four rounds a group: eight
// prefetches). The rounds' bases must stay sums of the group's base that PrefetchNextBlock can
// replace: when a round past the bound took its base through a select of whole bases
// (UniformStrideRounds), only the first round kept its prefetches, unnoticed, and the suite's
// reductions ran 13% slower. A block-stride loop over the block's own stretch of memory runs
// its rounds without interleaving blocks, and prefetches its next group the same way (its
// eight rounds read eight places 1 KB apart, which the processor's prefetcher did not follow:
// 0.6 of its time in a sum of 64 MB).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/k.o --keep --keep-dir %t
// RUN: %device %t/grid_stride_rounds_prefetch.0.device.bc -o %t/v.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 --print-after-stage=optimize | FileCheck %s
// CHECK-LABEL: define internal void @_Z8pairSumsPKfPfi.region1(
// CHECK-COUNT-8: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
// CHECK: ret void
// CHECK-LABEL: define internal void @_Z11segmentSumsPKfPfi.region1(
// CHECK-COUNT-8: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
// CHECK: ret void
__global__ void pairSums(const float *in, float *out, int n) {
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x * 2 + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x * 2)
    sum += in[i] + in[i + blockDim.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void segmentSums(const float *in, float *out, int perBlock) {
  float sum = 0;
  const int begin = blockIdx.x * perBlock;
  for (int i = begin + threadIdx.x; i < begin + perBlock; i += blockDim.x)
    sum += in[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}
