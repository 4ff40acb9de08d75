// Grid-stride and block-stride loops, which run in lockstep across a block's threads on the
// CPU, give the same answers in every shape: trip counts that differ between threads, a
// 2D grid-stride loop, break and continue, a loop-carried accumulator, a block-stride loop
// into shared memory followed by a barrier, a stride loop after a warp reduction, and a
// 64-bit index.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void gridStrideSum(const int *in, int n, unsigned long long *sum) {
  unsigned long long local = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (in[i] % 7 == 0)
      continue;
    if (in[i] < 0)
      break;
    local += in[i];
  }
  atomicAdd(sum, local);
}

__global__ void gridStride2d(float *out, int width, int height) {
  for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < height; y += blockDim.y * gridDim.y)
    for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < width; x += blockDim.x * gridDim.x)
      out[y * width + x] = y * 1000.0f + x;
}

__global__ void blockStrideRows(const int *in, int cols, int *rowSums) {
  __shared__ int partial[128];
  int acc = 0;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    acc += in[blockIdx.x * cols + c];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    rowSums[blockIdx.x] = partial[0];
}

__global__ void shuffleThenStride(int *out, long long n) {
  int v = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 1);
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
       i += (long long)blockDim.x * gridDim.x)
    out[i] = (int)(i % 1000) + v - (int)(threadIdx.x ^ 1);
}

int main() {
  int failures = 0;
  const int n = 100003;
  int *in;
  unsigned long long *sum;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&sum, sizeof *sum);
  unsigned long long want = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = i;
    want += i % 7 ? i : 0;
  }
  *sum = 0;
  gridStrideSum<<<13, 96>>>(in, n, sum);
  cudaDeviceSynchronize();
  if (*sum != want && failures++ < 10)
    printf("gridStrideSum: %llu, expected %llu\n", *sum, want);

  const int width = 333, height = 77;
  float *image;
  cudaMallocManaged(&image, width * height * sizeof(float));
  gridStride2d<<<dim3(3, 2), dim3(32, 4)>>>(image, width, height);
  cudaDeviceSynchronize();
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x)
      if (image[y * width + x] != y * 1000.0f + x && failures++ < 10)
        printf("gridStride2d (%d,%d): %g\n", x, y, image[y * width + x]);

  const int rows = 9, cols = 1001;
  int *matrix, *rowSums;
  cudaMallocManaged(&matrix, rows * cols * sizeof(int));
  cudaMallocManaged(&rowSums, rows * sizeof(int));
  for (int i = 0; i < rows * cols; ++i)
    matrix[i] = i % 13;
  blockStrideRows<<<rows, 128>>>(matrix, cols, rowSums);
  cudaDeviceSynchronize();
  for (int r = 0; r < rows; ++r) {
    int expect = 0;
    for (int c = 0; c < cols; ++c)
      expect += matrix[r * cols + c];
    if (rowSums[r] != expect && failures++ < 10)
      printf("blockStrideRows %d: %d, expected %d\n", r, rowSums[r], expect);
  }

  const long long m = 50000;
  int *out;
  cudaMallocManaged(&out, m * sizeof(int));
  shuffleThenStride<<<7, 64>>>(out, m);
  cudaDeviceSynchronize();
  for (long long i = 0; i < m; ++i)
    if (out[i] != (int)(i % 1000) && failures++ < 10)
      printf("shuffleThenStride %lld: %d\n", i, out[i]);

  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
