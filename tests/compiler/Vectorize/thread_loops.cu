// Thread loops become SIMD code across threads (AVX-512 here): a kernel without
// barriers; both regions of a shared-memory stencil whose halo loads test threadIdx.x against
// 0 and 31 (a switch, lowered to branches before the vectoriser); and the tile-loading region
// of a tiled matrix product, whose loop counter crosses the barriers as a uniform value.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/thread_loops.o --keep --keep-dir %t
// RUN: %device %t/thread_loops.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 -pass-remarks=loop-vectorize 2>&1 | FileCheck %s
// CHECK-DAG: remark: _Z5saxpyifPKfPf.region0: vectorized loop
// CHECK-DAG: remark: _Z7stencilPKfPfi.region0: vectorized loop
// CHECK-DAG: remark: _Z7stencilPKfPfi.region1: vectorized loop
// CHECK-DAG: remark: _Z5tiledPKfS0_Pfi.region2: vectorized loop

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void stencil(const float *in, float *out, int n) {
  __shared__ float tile[34];
  int x = blockIdx.x * 32 + threadIdx.x;
  tile[threadIdx.x + 1] = in[x];
  if (threadIdx.x == 0)
    tile[0] = x > 0 ? in[x - 1] : 0;
  if (threadIdx.x == 31)
    tile[33] = x + 1 < n ? in[x + 1] : 0;
  __syncthreads();
  out[x] = tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2];
}

__global__ void tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float aTile[8][8], bTile[8][8];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 8 + ty, col = blockIdx.x * 8 + tx;
  float sum = 0;
  for (int t = 0; t < n; t += 8) {
    aTile[ty][tx] = a[row * n + t + tx];
    bTile[ty][tx] = b[(t + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 8; ++k)
      sum += aTile[ty][k] * bTile[k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}
