// Shared tiles kept with a row per threadIdx.x (`tile[threadIdx.x][r]`, as GPU code does to
// keep a warp's accesses in different banks) are stored transposed on the CPU, so that the
// threads of a row touch neighbouring elements. The results must not change: a vertical
// stencil over such a tile, at several block heights, one tile whose first dimension is wider
// than the block, and a transpose that indexes its tile both ways (kept as it is).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

constexpr int BX = 16, ROWS = 40, WIDE = 32;

// out = up + 2 * centre + down along each column of a ROWS-high band of the image.
__global__ void verticalStencil(const float *in, float *out, int pitch) {
  __shared__ float tile[BX][ROWS + 1];
  const int x = blockIdx.x * BX + threadIdx.x, top = blockIdx.y * ROWS;
  for (int r = threadIdx.y; r < ROWS; r += blockDim.y)
    tile[threadIdx.x][r] = in[(top + r) * pitch + x];
  __syncthreads();
  for (int r = threadIdx.y; r < ROWS; r += blockDim.y) {
    float up = r > 0 ? tile[threadIdx.x][r - 1] : 0.f;
    float down = r + 1 < ROWS ? tile[threadIdx.x][r + 1] : 0.f;
    out[(top + r) * pitch + x] = up + 2.f * tile[threadIdx.x][r] + down;
  }
}

// The same with a tile wider than the block's rows: rows past blockDim.x stay unused.
__global__ void columnCopy(const float *in, float *out, int pitch) {
  __shared__ float tile[WIDE][ROWS];
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = threadIdx.y; r < ROWS; r += blockDim.y)
    tile[threadIdx.x][ROWS - 1 - r] = in[r * pitch + x];
  __syncthreads();
  for (int r = threadIdx.y; r < ROWS; r += blockDim.y)
    out[r * pitch + x] = tile[threadIdx.x][r];
}

// Indexed both ways: not transposed, and still right.
__global__ void transposeTile(const float *in, float *out, int n) {
  __shared__ float tile[BX][BX + 1];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BX + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * BX + threadIdx.x;
  y = blockIdx.x * BX + threadIdx.y;
  out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

int failures = 0;

void check(bool ok, const char *what, int a, int b) {
  if (!ok && failures++ < 10)
    printf("%s (%d, %d) wrong\n", what, a, b);
}

int main() {
  const int width = 2 * BX, height = 3 * ROWS, n = width * height;
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    in[i] = float((i * 37) % 101);

  for (int rows : {1, 3, 8, ROWS}) {
    for (int i = 0; i < n; ++i)
      out[i] = -1;
    verticalStencil<<<dim3(width / BX, height / ROWS), dim3(BX, rows)>>>(in, out, width);
    cudaDeviceSynchronize();
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x) {
        int r = y % ROWS;
        float up = r > 0 ? in[(y - 1) * width + x] : 0.f;
        float down = r + 1 < ROWS ? in[(y + 1) * width + x] : 0.f;
        check(out[y * width + x] == up + 2.f * in[y * width + x] + down, "verticalStencil", rows,
              y * width + x);
      }
  }

  for (int threads : {BX, 8}) {
    for (int i = 0; i < n; ++i)
      out[i] = -1;
    columnCopy<<<width / threads, dim3(threads, 4)>>>(in, out, width);
    cudaDeviceSynchronize();
    for (int r = 0; r < ROWS; ++r)
      for (int x = 0; x < width; ++x)
        check(out[r * width + x] == in[(ROWS - 1 - r) * width + x], "columnCopy", threads, r);
  }

  const int side = 2 * BX;
  for (int i = 0; i < side * side; ++i)
    out[i] = -1;
  transposeTile<<<dim3(2, 2), dim3(BX, BX)>>>(in, out, side);
  cudaDeviceSynchronize();
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      check(out[y * side + x] == in[x * side + y], "transposeTile", y, x);

  printf(failures ? "FAIL\n" : "PASS\n");
  return failures != 0;
}
