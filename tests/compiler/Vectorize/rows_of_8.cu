// The thread loop of a region of 8 x 8 blocks gets a copy for a whole row of 8 threads, which
// drawbridge-device vectorises 8 lanes wide: LLVM's vectoriser refuses a loop of fewer than
// 16 constant iterations that needs run-time checks (as the tile's index arithmetic does), and
// drawbridge-device lowers that bound to 8. With LLVM's bound the staging region's rows of 8
// stay scalar. No warning is printed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/rows_of_8.o --keep --keep-dir %t
// RUN: %device %t/rows_of_8.0.device.bc -o %t/device.o --image-id=x -arch compute_80 \
// RUN:   -cpu=x86-64-v4 -pass-remarks=loop-vectorize 2>&1 | FileCheck %s
// RUN: %device %t/rows_of_8.0.device.bc -o %t/device.o --image-id=x -arch compute_80 \
// RUN:   -cpu=x86-64-v4 -pass-remarks=loop-vectorize -vectorizer-min-trip-count=16 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// CHECK-NOT: warning
// CHECK: region0: vectorized loop (vectorization width: 8,
// CHECK-NOT: warning
// DEFAULT-NOT: region0: vectorized loop (vectorization width: 8,

// Each block stages an 8 x 8 tile, then blends each cell with its left neighbour.
__global__ void smooth(const float *in, float *out, int n) {
  __shared__ float tile[8][8];
  int x = blockIdx.x * 8 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  float left = threadIdx.x > 0 ? tile[threadIdx.y][threadIdx.x - 1] : 0.0f;
  out[y * n + x] = tile[threadIdx.y][threadIdx.x] * 0.5f + left * 0.25f;
}
