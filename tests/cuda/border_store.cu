// A 2D 5-point Laplacian that reads its neighbours straight from global memory and copies the
// grid's border: both arms of the border test store to out[y * nx + x], each computing that
// index itself. The store LLVM sinks below the branch must stay a contiguous (masked) vector
// store across the thread loop, not a scatter, and every result must match the host's float
// arithmetic bit for bit (4 * in[i] is exact, so a contracted multiply-add rounds alike), on
// grids that do and do not divide into 32 x 8 blocks and with 16 x 4 blocks.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t.dir/border_store --keep --keep-dir %t.dir
// RUN: %t.dir/border_store | FileCheck %s
// RUN: %device %t.dir/border_store.0.device.bc -o %t.dir/device.ll --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v4 -emit-llvm
// RUN: FileCheck %s --check-prefix=IR < %t.dir/device.ll
// CHECK: 32x8 on 64x64: PASS
// CHECK: 32x8 on 70x45: PASS
// CHECK: 16x4 on 70x45: PASS
// IR-NOT: llvm.masked.scatter
// IR: store <16 x float>
// IR-NOT: llvm.masked.scatter
#include <cstdio>
#include <vector>

__global__ void smooth(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x <= 0 || y <= 0 || x >= nx - 1 || y >= ny - 1) {
    if (x < nx && y < ny)
      out[y * nx + x] = in[y * nx + x];
    return;
  }
  int i = y * nx + x;
  out[i] = in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1] - 4.0f * in[i];
}

void check(int bx, int by, int nx, int ny) {
  std::vector<float> host(nx * ny), want(nx * ny);
  for (int i = 0; i < nx * ny; ++i)
    host[i] = float(i % 97) * 0.25f - 3.0f;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      int i = y * nx + x;
      bool border = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
      want[i] = border ? host[i]
                       : host[i - nx] + host[i + nx] + host[i - 1] + host[i + 1] - 4.0f * host[i];
    }
  float *in, *out;
  cudaMalloc(&in, nx * ny * sizeof(float));
  cudaMalloc(&out, nx * ny * sizeof(float));
  cudaMemcpy(in, host.data(), nx * ny * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(out, 0, nx * ny * sizeof(float));
  dim3 block(bx, by), grid((nx + bx - 1) / bx, (ny + by - 1) / by);
  smooth<<<grid, block>>>(in, out, nx, ny);
  std::vector<float> got(nx * ny);
  cudaMemcpy(got.data(), out, nx * ny * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < nx * ny; ++i)
    if (got[i] != want[i] && wrong++ < 3)
      printf("  out[%d] = %g, want %g\n", i, got[i], want[i]);
  printf("%dx%d on %dx%d: %s\n", bx, by, nx, ny, wrong ? "FAIL" : "PASS");
  cudaFree(in);
  cudaFree(out);
}

int main() {
  check(32, 8, 64, 64);
  check(32, 8, 70, 45);
  check(16, 4, 70, 45);
  return 0;
}
