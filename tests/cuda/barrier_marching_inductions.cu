// Blocks that march through a volume with barriers in the loop (a 2.5D stencil): each thread's
// index steps a plane at a time (`idx += stride`, a pointer `p += stride`, an index stepped
// down), kept in a register queue of planes shifted each step, with a tile of the plane in
// shared memory. The steps are rewritten as start + trips * stride and the queue's shift is
// unrolled into plain values; the answers must not change, with partial blocks at the edges,
// a loop unrolled by the compiler, and a stride that differs from thread to thread.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdio>
#include <vector>

constexpr int R = 2, BX = 16, BY = 4;

__global__ void march(const float *in, float *out, int nx, int ny, int nz) {
  __shared__ float tile[BY + 2 * R][BX + 2 * R];
  const int ix = blockIdx.x * BX + threadIdx.x, iy = blockIdx.y * BY + threadIdx.y;
  const int tx = threadIdx.x + R, ty = threadIdx.y + R, plane = nx * ny;
  const bool inside = ix < nx && iy < ny;
  int idx = iy * nx + ix;
  float behind[R], infront[R], current = inside ? in[idx + R * plane] : 0;
  for (int i = 0; i < R; i++) {
    behind[i] = inside ? in[idx + (R - 1 - i) * plane] : 0;
    infront[i] = inside ? in[idx + (R + 1 + i) * plane] : 0;
  }
  idx += R * plane;
  const float *ahead = in + iy * nx + ix + (2 * R + 1) * plane;
  for (int z = R; z < nz - R; z++) {
    __syncthreads();
    if (threadIdx.y < R) {
      tile[threadIdx.y][tx] = ix < nx && iy >= R ? in[idx - R * nx] : 0;
      tile[threadIdx.y + BY + R][tx] = ix < nx && iy + BY < ny ? in[idx + BY * nx] : 0;
    }
    if (threadIdx.x < R) {
      tile[ty][threadIdx.x] = iy < ny && ix >= R ? in[idx - R] : 0;
      tile[ty][threadIdx.x + BX + R] = iy < ny && ix + BX < nx ? in[idx + BX] : 0;
    }
    tile[ty][tx] = current;
    __syncthreads();
    float v = current;
    for (int i = 1; i <= R; i++)
      v += 0.5f * i * (infront[i - 1] + behind[i - 1]) + tile[ty - i][tx] + tile[ty + i][tx] +
           tile[ty][tx - i] + tile[ty][tx + i];
    if (inside)
      out[idx] = v;
    for (int i = R - 1; i > 0; i--)
      behind[i] = behind[i - 1];
    behind[0] = current;
    current = infront[0];
    for (int i = 0; i < R - 1; i++)
      infront[i] = infront[i + 1];
    infront[R - 1] = inside && z + R + 1 < nz ? *ahead : 0;
    ahead += plane;
    idx += plane;
  }
}

// Each thread walks down its own column of planes, by a stride of its own, writing the plane
// number it reached through an index stepped down; a barrier in the loop, unrolled by 4.
__global__ void descend(int *out, int planes, int plane) {
  __shared__ int seen[64];
  const int t = threadIdx.x, step = (t % 3) + 1;
  int down = (planes - 1) * plane + t, counted = 0;
#pragma unroll 4
  for (int k = 0; k < planes; k++) {
    seen[t] = down;
    __syncthreads();
    out[down] = k + 1000 * (seen[(t + 1) % blockDim.x] - down);
    counted += step;
    __syncthreads();
    down -= plane;
  }
  out[planes * plane + t] = counted;
}

int main() {
  const int nx = 37, ny = 11, nz = 9;
  const size_t n = size_t(nx) * ny * nz;
  std::vector<float> in(n), out(n, -1.0f);
  for (size_t i = 0; i < n; i++)
    in[i] = float((i * 7919) % 101) / 8.0f;
  float *din, *dout;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dout, out.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  march<<<dim3((nx + BX - 1) / BX, (ny + BY - 1) / BY), dim3(BX, BY)>>>(din, dout, nx, ny, nz);
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  auto at = [&](int x, int y, int z) {
    return x < 0 || y < 0 || x >= nx || y >= ny ? 0.0f : in[(size_t(z) * ny + y) * nx + x];
  };
  int bad = 0;
  for (int z = 0; z < nz; z++)
    for (int y = 0; y < ny; y++)
      for (int x = 0; x < nx; x++) {
        float want = -1.0f;
        if (z >= R && z < nz - R) {
          want = at(x, y, z);
          for (int i = 1; i <= R; i++)
            want += 0.5f * i * (at(x, y, z + i) + at(x, y, z - i)) + at(x, y - i, z) +
                    at(x, y + i, z) + at(x - i, y, z) + at(x + i, y, z);
        }
        float got = out[(size_t(z) * ny + y) * nx + x];
        if (std::fabs(got - want) > 1e-4f * std::fmax(1.0f, std::fabs(want)) && bad++ < 5)
          printf("march (%d,%d,%d): %g, want %g\n", x, y, z, got, want);
      }

  const int planes = 10, plane = 64, threads = 48;
  int *dcols;
  cudaMalloc(&dcols, (planes * plane + threads) * sizeof(int));
  cudaMemset(dcols, 0, (planes * plane + threads) * sizeof(int));
  descend<<<1, threads>>>(dcols, planes, plane);
  std::vector<int> cols(planes * plane + threads);
  cudaMemcpy(cols.data(), dcols, cols.size() * sizeof(int), cudaMemcpyDeviceToHost);
  for (int k = 0; k < planes; k++)
    for (int t = 0; t < threads; t++) {
      int want = k + 1000 * ((t + 1) % threads - t);
      int got = cols[(planes - 1 - k) * plane + t];
      if (got != want && bad++ < 10)
        printf("descend plane %d thread %d: %d, want %d\n", k, t, got, want);
    }
  for (int t = 0; t < threads; t++)
    if (cols[planes * plane + t] != planes * ((t % 3) + 1) && bad++ < 15)
      printf("descend count %d: %d\n", t, cols[planes * plane + t]);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
