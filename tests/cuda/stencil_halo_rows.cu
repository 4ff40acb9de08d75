// A tiled 5-point stencil that stages its halo in shared memory: halo columns by the first and
// last thread of each row, halo rows by the first and last row of the block (a branch on
// threadIdx.y alone, which the row loop is unswitched on), and a second kernel whose halo is
// two rows deep (`threadIdx.y < 2`). Grids that do not divide into blocks leave rows and
// columns outside; block shapes of whole, half and odd rows. Every result is compared bit for
// bit with the same float arithmetic on the host, the fused multiply-add nvcc makes included.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: 32x8 on 100x37: PASS
// CHECK: 16x16 on 100x37: PASS
// CHECK: 20x5 on 100x37: PASS
// CHECK: 8x32 on 100x37: PASS
// CHECK: 32x8 on 64x64: PASS
// CHECK: deep 32x8 on 70x45: PASS
// CHECK: deep 16x4 on 70x45: PASS
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

template <int BX, int BY>
__global__ void stencil(const float *in, float *out, int nx, int ny, float c, float n) {
  __shared__ float tile[BY + 2][BX + 2];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  bool inside = x < nx && y < ny;
  if (inside) {
    tile[ty][tx] = in[y * nx + x];
    if (threadIdx.x == 0 && x > 0)
      tile[ty][0] = in[y * nx + x - 1];
    if (threadIdx.x == BX - 1 && x + 1 < nx)
      tile[ty][BX + 1] = in[y * nx + x + 1];
    if (threadIdx.y == 0 && y > 0)
      tile[0][tx] = in[(y - 1) * nx + x];
    if (threadIdx.y == BY - 1 && y + 1 < ny)
      tile[BY + 1][tx] = in[(y + 1) * nx + x];
  }
  __syncthreads();
  if (!inside)
    return;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
    out[y * nx + x] = tile[ty][tx];
  else
    out[y * nx + x] = c * tile[ty][tx] + n * (tile[ty - 1][tx] + tile[ty + 1][tx] +
                                              tile[ty][tx - 1] + tile[ty][tx + 1]);
}

// Vertical 5-point stencil with a halo two rows deep, staged by the block's first two rows.
template <int BX, int BY> __global__ void deepColumn(const float *in, float *out, int nx, int ny) {
  __shared__ float tile[BY + 4][BX];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  int ty = threadIdx.y + 2;
  if (x < nx)
    tile[ty][threadIdx.x] = y < ny ? in[y * nx + x] : 0.0f;
  if (threadIdx.y < 2 && x < nx) {
    int above = y - 2, below = y + BY;
    tile[threadIdx.y][threadIdx.x] = above >= 0 && above < ny ? in[above * nx + x] : 0.0f;
    tile[ty + BY][threadIdx.x] = below < ny ? in[below * nx + x] : 0.0f;
  }
  __syncthreads();
  if (x < nx && y < ny)
    out[y * nx + x] = tile[ty - 2][threadIdx.x] + tile[ty - 1][threadIdx.x] +
                      tile[ty][threadIdx.x] + tile[ty + 1][threadIdx.x] + tile[ty + 2][threadIdx.x];
}

std::vector<float> input(int nx, int ny) {
  std::vector<float> v(size_t(nx) * ny);
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = float((i * 7919) % 1000) / 997.0f - 0.5f;
  return v;
}

bool same(const std::vector<float> &got, const std::vector<float> &want) {
  return std::memcmp(got.data(), want.data(), got.size() * sizeof(float)) == 0;
}

template <int BX, int BY> void runStencil(int nx, int ny) {
  const float c = 0.6f, n = 0.1f;
  std::vector<float> in = input(nx, ny), want(in.size()), got(in.size());
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      size_t i = size_t(y) * nx + x;
      bool border = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
      // nvcc contracts c * centre + n * (...) into one fused multiply-add (--fmad=true).
      want[i] = border ? in[i]
                       : std::fmaf(c, in[i], n * (in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1]));
    }
  float *din, *dout;
  cudaMalloc(&din, in.size() * sizeof(float));
  cudaMalloc(&dout, in.size() * sizeof(float));
  cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY), block(BX, BY);
  stencil<BX, BY><<<grid, block>>>(din, dout, nx, ny, c, n);
  cudaMemcpy(got.data(), dout, got.size() * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("%dx%d on %dx%d: %s\n", BX, BY, nx, ny, same(got, want) ? "PASS" : "FAIL");
  cudaFree(din);
  cudaFree(dout);
}

template <int BX, int BY> void runDeep(int nx, int ny) {
  std::vector<float> in = input(nx, ny), want(in.size()), got(in.size());
  auto at = [&](int x, int y) { return y >= 0 && y < ny ? in[size_t(y) * nx + x] : 0.0f; };
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      want[size_t(y) * nx + x] =
          at(x, y - 2) + at(x, y - 1) + at(x, y) + at(x, y + 1) + at(x, y + 2);
  float *din, *dout;
  cudaMalloc(&din, in.size() * sizeof(float));
  cudaMalloc(&dout, in.size() * sizeof(float));
  cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice);
  dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY), block(BX, BY);
  deepColumn<BX, BY><<<grid, block>>>(din, dout, nx, ny);
  cudaMemcpy(got.data(), dout, got.size() * sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("deep %dx%d on %dx%d: %s\n", BX, BY, nx, ny, same(got, want) ? "PASS" : "FAIL");
  cudaFree(din);
  cudaFree(dout);
}

int main() {
  runStencil<32, 8>(100, 37);
  runStencil<16, 16>(100, 37);
  runStencil<20, 5>(100, 37);
  runStencil<8, 32>(100, 37);
  runStencil<32, 8>(64, 64);
  runDeep<32, 8>(70, 45);
  runDeep<16, 4>(70, 45);
  return 0;
}
