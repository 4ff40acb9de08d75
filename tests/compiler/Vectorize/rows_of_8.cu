// The thread loop of an 8 x 8 tile's regions gets a copy for a whole row of 8 threads, which
// drawbridge-device vectorises 8 lanes wide: LLVM's vectoriser refuses a loop of fewer than
// 16 iterations that needs run-time checks (as the tile's index arithmetic does), and
// drawbridge-device lowers that bound to 8. With LLVM's bound the region after the first
// barrier has two vector loops of 8 lanes fewer (the copy's, in both of its versions); no
// warning is printed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/rows_of_8.o --keep --keep-dir %t
// RUN: %device %t/rows_of_8.0.device.bc -o %t/device.o --image-id=x -arch compute_80 \
// RUN:   -cpu=x86-64-v4 -pass-remarks=loop-vectorize > %t/remarks.txt 2>&1
// RUN: FileCheck %s --check-prefix=QUIET < %t/remarks.txt
// RUN: grep -c 'region2: vectorized loop (vectorization width: 8,' %t/remarks.txt \
// RUN:   | FileCheck %s --match-full-lines
// RUN: %device %t/rows_of_8.0.device.bc -o %t/device.o --image-id=x -arch compute_80 \
// RUN:   -cpu=x86-64-v4 -pass-remarks=loop-vectorize -vectorizer-min-trip-count=16 2>&1 \
// RUN:   | grep -c 'region2: vectorized loop (vectorization width: 8,' \
// RUN:   | FileCheck %s --match-full-lines --check-prefix=DEFAULT
// QUIET-NOT: warning
// CHECK: 5
// DEFAULT: 3

template <int TILE> __global__ void tiled(const float *a, const float *b, float *c, int n) {
  __shared__ float aTile[TILE][TILE];
  __shared__ float bTile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0;
  for (int t = 0; t < n; t += TILE) {
    aTile[ty][tx] = a[row * n + t + tx];
    bTile[ty][tx] = b[(t + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += aTile[ty][k] * bTile[k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

template __global__ void tiled<8>(const float *, const float *, float *, int);
