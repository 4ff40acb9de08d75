// Thread loops use the CPU's widest vectors: 16 floats on an AVX-512 CPU, where LLVM's tuning
// for recent Intel cores would have held them to 8 (see PreferWideVectors in
// CpuLoweringPipeline.cpp), and 8 on an AVX2 CPU.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/saxpy.o --keep --keep-dir %t
// RUN: %device %t/wide_vectors.0.device.bc -o %t/v4.o --image-id=x -arch compute_80 -cpu=sapphirerapids \
// RUN:   --print-after-stage=optimize | FileCheck %s --check-prefix=AVX512
// RUN: %device %t/wide_vectors.0.device.bc -o %t/v3.o --image-id=x -arch compute_80 -cpu=x86-64-v3 \
// RUN:   --print-after-stage=optimize | FileCheck %s --check-prefix=AVX2
// AVX512-LABEL: define internal void @_Z5saxpyfPKfPfi.region0(
// AVX512:         fmul contract <16 x float>
// AVX512:         attributes {{#[0-9]+}} = {{{.*}}"prefer-vector-width"="512"
// AVX2-LABEL:   define internal void @_Z5saxpyfPKfPfi.region0(
// AVX2-NOT:       <16 x float>
// AVX2:           fmul contract <8 x float>

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
