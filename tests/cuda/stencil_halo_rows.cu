// A vertical 5-point stencil whose tile's halo is two rows deep above and below, staged by the
// block's first two rows of threads (`threadIdx.y < 2`, a branch on the row's index alone, on
// which the row loop gets a copy for the rows that take it). Grids that do not divide into
// blocks leave rows and columns outside; block shapes of whole, half and odd rows. Every result
// is compared bit for bit with the same float additions on the host. (The suite's stencil
// shape, halo rows by `threadIdx.y == 0` and `== BY - 1`, is thread_loop_row_choices.cu.)
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: deep 32x8 on 70x45: PASS
// CHECK: deep 16x4 on 70x45: PASS
// CHECK: deep 16x16 on 70x45: PASS
// CHECK: deep 20x5 on 70x45: PASS
// CHECK: deep 32x8 on 64x64: PASS
#include <cstdio>
#include <cstring>
#include <vector>

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
  runDeep<32, 8>(70, 45);
  runDeep<16, 4>(70, 45);
  runDeep<16, 16>(70, 45);
  runDeep<20, 5>(70, 45);
  runDeep<32, 8>(64, 64);
  return 0;
}
