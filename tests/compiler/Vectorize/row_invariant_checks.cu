// A 2D block's row loop whose body checks a row-invariant bound for each of several rows (a
// tiled transpose: `y + j < rows` for j = 0, 8, 16, 24) is not unswitched into a copy per
// combination of them: the checks stay as masks in the vector loop. drawbridge-device scales
// unswitching's cost past two candidate conditions; with LLVM's default (past eight) the first
// region had 18 vector loops, and 2x the run time. The ALL run passes LLVM's default back and
// sees the copies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/row_invariant_checks.o --keep --keep-dir %t
// RUN: %device %t/row_invariant_checks.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 -pass-remarks=loop-vectorize 2>&1 \
// RUN:   | grep -c 'region0: vectorized loop' | FileCheck %s --match-full-lines
// RUN: %device %t/row_invariant_checks.0.device.bc -o %t/device.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 -pass-remarks=loop-vectorize \
// RUN:   -unswitch-num-initial-unscaled-candidates=8 2>&1 \
// RUN:   | grep -c 'region0: vectorized loop' | FileCheck %s --match-full-lines --check-prefix=ALL
// CHECK: {{[1-9]}}
// ALL: {{1[0-9]|[2-9][0-9]}}

constexpr int TILE = 32, ROWS = 8;

__global__ void transposeTiled(const float *in, float *out, int rows, int cols) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
