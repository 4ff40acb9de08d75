// A tiled matrix product with 8 x 8 blocks: each row of a block is 8 threads, which the CPU
// target runs through its own copy of the thread loop (a whole row of 8), vectorised 8 lanes
// wide. Every element must equal the exact product (small integers, so no rounding), for
// sizes that are and are not multiples of the tile, 8 x 4 x 2 blocks as well.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: env DRAWBRIDGE_CPU_THREADS=1 %t | FileCheck %s
// RUN: env DRAWBRIDGE_CPU_THREADS=2 %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

template <int TILE> __global__ void tiledProduct(const float *a, const float *b, float *c, int n) {
  __shared__ float aTile[TILE][TILE];
  __shared__ float bTile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0;
  for (int t = 0; t < n; t += TILE) {
    aTile[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0.0f;
    bTile[ty][tx] = t + ty < n && col < n ? b[(t + ty) * n + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += aTile[ty][k] * bTile[k][tx];
    __syncthreads();
  }
  if (row < n && col < n)
    c[row * n + col] = sum;
}

// Each thread of a 8 x 4 x 2 block scales one element by its z plane: rows of 8 in a 3D block.
__global__ void planes(const float *in, float *out, int n) {
  int i = (blockIdx.x * blockDim.z + threadIdx.z) * 32 + threadIdx.y * 8 + threadIdx.x;
  if (i < n)
    out[i] = in[i] * (threadIdx.z + 2) + threadIdx.y;
}

int main() {
  int failures = 0;
  for (int n : {64, 40, 8, 3}) {
    std::vector<float> a(n * n), b(n * n), c(n * n, -1);
    for (int i = 0; i < n * n; ++i) {
      a[i] = static_cast<float>(i % 7 - 3);
      b[i] = static_cast<float>(i % 5 - 2);
    }
    float *da, *db, *dc;
    cudaMalloc(&da, n * n * sizeof(float));
    cudaMalloc(&db, n * n * sizeof(float));
    cudaMalloc(&dc, n * n * sizeof(float));
    cudaMemcpy(da, a.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), n * n * sizeof(float), cudaMemcpyHostToDevice);
    dim3 grid((n + 7) / 8, (n + 7) / 8);
    tiledProduct<8><<<grid, dim3(8, 8)>>>(da, db, dc, n);
    cudaMemcpy(c.data(), dc, n * n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        float want = 0;
        for (int k = 0; k < n; ++k)
          want += a[i * n + k] * b[k * n + j];
        if (c[i * n + j] != want && failures++ < 8)
          printf("n %d: c[%d][%d] = %g, want %g\n", n, i, j, c[i * n + j], want);
      }
    std::vector<float> out(n * n, -1);
    planes<<<(n * n + 63) / 64, dim3(8, 4, 2)>>>(da, dc, n * n);
    cudaMemcpy(out.data(), dc, n * n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n * n; ++i) {
      int inBlock = i % 64, z = inBlock / 32, y = inBlock % 32 / 8;
      float want = a[i] * (z + 2) + y;
      if (out[i] != want && failures++ < 8)
        printf("planes n %d: out[%d] = %g, want %g\n", n, i, out[i], want);
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("CUDA error\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
