// Kernels that split a flat thread index into a quotient and a remainder by a run-time or
// constant divisor (`row = i / width, col = i % width`; a scan's `offsets[i / TILE]`): blocks
// whose threads all share the quotient take a copy of the thread loop with the quotient
// computed once, the others (a block that straddles two rows) keep the divisions. Every width
// below is checked against the host, for signed and unsigned indices, with blocks inside one
// row, across rows and past the end of the data.
// RUN: %nvcc -O3 %s -o %t && %t
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void gatherRows(const float *in, float *out, int width, int pitch, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int row = i / width, col = i % width;
    out[i] = in[row * pitch + col];
  }
}

__global__ void gatherRowsUnsigned(const float *in, float *out, unsigned width, unsigned pitch,
                                   unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i / width * pitch + i % width];
}

constexpr int TILE = 2048;

__global__ void addTileOffsets(int *data, const int *offsets, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += offsets[i / TILE];
}

static int failures = 0;

static void check(bool ok, const char *what, int a, int b) {
  if (!ok && failures++ < 10)
    std::printf("FAIL %s (%d, %d)\n", what, a, b);
}

int main() {
  const int rows = 37, pitch = 1100;
  float *in, *out;
  cudaMallocManaged(&in, rows * pitch * sizeof(float));
  cudaMallocManaged(&out, rows * pitch * sizeof(float));
  for (int k = 0; k < rows * pitch; ++k)
    in[k] = static_cast<float>(k % 9973) + 0.5f;
  for (int width : {1, 7, 100, 128, 256, 512, 1000, 1024}) {
    for (int block : {64, 256, 1000}) {
      const int n = rows * width;
      const int grid = (n + block - 1) / block;
      for (bool isSigned : {true, false}) {
        for (int k = 0; k < n; ++k)
          out[k] = -1;
        if (isSigned)
          gatherRows<<<grid, block>>>(in, out, width, pitch, n);
        else
          gatherRowsUnsigned<<<grid, block>>>(in, out, width, pitch, n);
        cudaDeviceSynchronize();
        for (int k = 0; k < n; ++k)
          check(out[k] == in[k / width * pitch + k % width], isSigned ? "signed" : "unsigned",
                width, k);
      }
    }
  }

  const int n = 5 * TILE + 300;
  int *data, *offsets;
  cudaMallocManaged(&data, n * sizeof(int));
  cudaMallocManaged(&offsets, 6 * sizeof(int));
  for (int t = 0; t < 6; ++t)
    offsets[t] = 1000 * (t + 1);
  for (int block : {96, 256, 512}) {
    for (int k = 0; k < n; ++k)
      data[k] = k;
    addTileOffsets<<<(n + block - 1) / block, block>>>(data, offsets, n);
    cudaDeviceSynchronize();
    for (int k = 0; k < n; ++k)
      check(data[k] == k + 1000 * (k / TILE + 1), "tile offsets", block, k);
  }
  cudaFree(in);
  cudaFree(out);
  cudaFree(data);
  cudaFree(offsets);
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("flat_index_quotients: OK\n");
  return 0;
}
