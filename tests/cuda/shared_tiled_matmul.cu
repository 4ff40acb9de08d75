// Classic tiled matrix multiply (two shared tiles, barriers inside the k-tile loop) for sizes
// that are not multiples of the tile, as a template over the tile size (8, 16, 32). Inputs are
// small integers so every product and sum is exact in float.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

template <int TILE>
__global__ void matmul(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    int ka = k0 + threadIdx.x, kb = k0 + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
    Bs[threadIdx.y][threadIdx.x] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[row * N + col] = acc;
}

template <int TILE>
int run(int M, int N, int K) {
  float *A, *B, *C;
  cudaMallocManaged(&A, M * K * sizeof(float));
  cudaMallocManaged(&B, K * N * sizeof(float));
  cudaMallocManaged(&C, M * N * sizeof(float));
  for (int i = 0; i < M * K; ++i) A[i] = (float)((i * 7) % 9 - 4);
  for (int i = 0; i < K * N; ++i) B[i] = (float)((i * 5) % 7 - 3);
  dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul<TILE><<<grid, block>>>(A, B, C, M, N, K);
  cudaError_t e = cudaDeviceSynchronize();
  int failures = 0;
  if (e != cudaSuccess) { printf("tile %d: %s\n", TILE, cudaGetErrorString(e)); return 1; }
  for (int r = 0; r < M; ++r)
    for (int c = 0; c < N; ++c) {
      float want = 0;
      for (int k = 0; k < K; ++k) want += A[r * K + k] * B[k * N + c];
      if (C[r * N + c] != want && failures++ < 5)
        printf("tile %d %dx%dx%d: C[%d][%d] = %g, expected %g\n", TILE, M, N, K, r, c, C[r * N + c], want);
    }
  cudaFree(A); cudaFree(B); cudaFree(C);
  return failures;
}

int main() {
  int failures = 0;
  failures += run<8>(33, 17, 29);
  failures += run<16>(64, 48, 80);
  failures += run<16>(50, 70, 3);
  failures += run<32>(65, 33, 100);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
