// The tile-staging region of a 2D stencil, whose first and last rows of threads also load the
// halo rows above and below (`threadIdx.y == 0`, `threadIdx.y == BY - 1`) and whose first and
// last columns load the halo columns. The halo rows' stores, which LLVM sinks into one store
// with a phi for its row, are contiguous masked stores (not scatters), because that choice of
// row is a select before the thread loop. A whole row of 32 threads has a copy of the loop in
// which the 30 threads between the halo columns are straight-line vector code; rows of other
// widths run them as vectors with a masked tail rather than a scalar remainder.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/halo_rows.o --keep --keep-dir %t
// RUN: %device %t/halo_rows.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 --print-after-stage=optimize | FileCheck %s
// CHECK-LABEL: define internal void @_Z7stencilPKfPfii.region0(
// CHECK:         [[ROW32:%[^ ]+\.row32\.choice]] = select i1 {{%.*}}, ptr %shared, ptr {{%.*}}
// CHECK:       vector.body{{[0-9]*}}:
// CHECK-NOT:     {{^[a-z.0-9]+:}}
// CHECK:         getelementptr i8, ptr [[ROW32]], i64 8
// CHECK-NEXT:    call void @llvm.masked.store.v{{8|16}}f32.p0(
// CHECK:         %vec.iv{{[0-9]*}} = or disjoint <{{8|16}} x i64>
// CHECK-NEXT:    icmp ule <{{8|16}} x i64> %vec.iv
// CHECK-NOT:     {{^[a-z.0-9]+:}}
// CHECK:         getelementptr [34 x float], ptr {{%[^ ]+\.choice}}, i64 0
// CHECK-NEXT:    call void @llvm.masked.store.v{{8|16}}f32.p0(
// CHECK-LABEL: define internal void @_Z7stencilPKfPfii.region1(
// Without AVX-512 (Zen 3, whose masked stores are microcoded) the masked tail's store with a
// constant mask is plain stores, and each other masked store stands behind a test of its mask
// (AvoidSlowMaskedStores).
// RUN: %device %t/halo_rows.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=znver3 --print-after-stage=optimize | FileCheck %s --check-prefix=AVX2
// AVX2-LABEL: define internal void @_Z7stencilPKfPfii.region0(
// AVX2-NOT:     call void @llvm.masked.store.v8f32.p0({{.*}}<8 x i1> <
// AVX2:         %mask.all{{[0-9]*}} = icmp eq i8
// AVX2-NOT:     call void @llvm.masked.store.v8f32.p0({{.*}}<8 x i1> <
// AVX2-LABEL: define internal void @_Z7stencilPKfPfii.region1(

constexpr int BX = 32, BY = 8;

__global__ void stencil(const float *in, float *out, int nx, int ny) {
  __shared__ float tile[BY + 2][BX + 2];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  if (x < nx && y < ny) {
    tile[ty][tx] = in[y * nx + x];
    if (threadIdx.x == 0 && x > 0)
      tile[ty][0] = in[y * nx + x - 1];
    if (threadIdx.x == BX - 1 && x + 1 < nx)
      tile[ty][BX + 1] = in[y * nx + x + 1];
    if (threadIdx.y == 0 && y > 0)
      tile[0][tx] = in[(y - 1) * nx + x];
    if (threadIdx.y == BY - 1 && y + 1 < ny)
      tile[BY + 1][tx] = in[(y + 1) * nx + x];
  }
  __syncthreads();
  if (x < nx && y < ny)
    out[y * nx + x] = tile[ty][tx] + tile[ty - 1][tx] + tile[ty + 1][tx];
}
