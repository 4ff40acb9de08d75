// A block-stride loop over a shared tile's rows whose body is a block-stride loop over its
// columns, as HeCBench's zoom kernels stage a tile: when the tile is wider than the block,
// only the first threads of each row take a second column iteration, which runs at a site of
// its own, while the others come back for the next round of rows. The call's first thread is
// one of those that went elsewhere, and it must still find its own round's base when it comes
// back (the next round's base, stored in the same slot for the others, had cost it a row of
// the tile). Tiles of several shapes and blocks of several sizes; every element is checked.
// RUN: %nvcc -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void stageTile(const float *in, float *out, int inputRows, int inputColumns,
                          int tileRows, int tileColumns) {
  extern __shared__ float tile[];
  const int rowBase = blockIdx.y * 7, columnBase = blockIdx.x * 5;
  for (int i = threadIdx.y; i < tileRows; i += blockDim.y)
    for (int j = threadIdx.x; j < tileColumns; j += blockDim.x)
      tile[i * tileColumns + j] = (rowBase + i < inputRows && columnBase + j < inputColumns)
                                      ? in[(rowBase + i) * inputColumns + columnBase + j]
                                      : -1.0f;
  __syncthreads();
  // One thread copies the tile out, as a kernel's tail often is.
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    float *mine = out + (blockIdx.y * gridDim.x + blockIdx.x) * tileRows * tileColumns;
    for (int k = 0; k < tileRows * tileColumns; ++k)
      mine[k] = tile[k];
  }
}

int main() {
  const int inputRows = 100, inputColumns = 90;
  float *in, *out;
  cudaMallocManaged(&in, inputRows * inputColumns * sizeof(float));
  for (int i = 0; i < inputRows * inputColumns; ++i)
    in[i] = float(i);
  struct Shape {
    int blockX, blockY, tileRows, tileColumns;
  } shapes[] = {
      {16, 16, 27, 19}, {16, 8, 28, 19}, {8, 8, 20, 9}, {32, 4, 13, 40}, {16, 16, 16, 33}};
  const dim3 grid(3, 4);
  int failures = 0;
  for (const Shape &s : shapes) {
    const int tileSize = s.tileRows * s.tileColumns;
    cudaMallocManaged(&out, grid.x * grid.y * tileSize * sizeof(float));
    stageTile<<<grid, dim3(s.blockX, s.blockY), tileSize * sizeof(float)>>>(
        in, out, inputRows, inputColumns, s.tileRows, s.tileColumns);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: launch\n");
      return 1;
    }
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (int i = 0; i < s.tileRows; ++i)
          for (int j = 0; j < s.tileColumns; ++j) {
            const int row = by * 7 + i, column = bx * 5 + j;
            const float want =
                row < inputRows && column < inputColumns ? in[row * inputColumns + column] : -1.0f;
            const float got = out[((by * grid.x + bx) * s.tileRows + i) * s.tileColumns + j];
            if (got != want && failures++ < 10)
              printf("FAIL: block %dx%d, tile %dx%d: block (%u, %u) tile[%d][%d] = %g, not %g\n",
                     s.blockX, s.blockY, s.tileRows, s.tileColumns, bx, by, i, j, got, want);
          }
    cudaFree(out);
  }
  cudaFree(in);
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
