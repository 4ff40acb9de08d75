// Pitched and 3D memory: cudaMallocPitch (pitch >= width, rows independent), cudaMemcpy2D in
// all directions with different source and destination pitches, cudaMemset2D touching only
// width bytes of each row, width > pitch -> cudaErrorInvalidPitchValue; cudaMalloc3D,
// cudaMemset3D and cudaMemcpy3D including a sub-box copy with srcPos/dstPos, and a kernel
// indexing the pitched allocation.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>
#include <vector>

#include "Inputs/expect.h"

// Adds x + 1000 * y to each float of a width x height pitched array.
__global__ void add2D(float *base, size_t pitch, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height) {
    float *row = (float *)((char *)base + y * pitch);
    row[x] += x + 1000 * y;
  }
}

// Writes x + 100 * y + 10000 * z to each int of a 3D pitched array.
__global__ void fill3D(cudaPitchedPtr p, int nx, int ny, int nz) {
  int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x < nx && y < ny && z < nz) {
    char *slice = (char *)p.ptr + z * p.pitch * p.ysize;
    ((int *)(slice + y * p.pitch))[x] = x + 100 * y + 10000 * z;
  }
}

int main() {
  // --- 2D ---
  const int w = 37, h = 19; // floats per row, rows
  float *d = nullptr;
  size_t pitch = 0;
  EXPECT_OK(cudaMallocPitch((void **)&d, &pitch, w * sizeof(float), h));
  EXPECT_TRUE(pitch >= w * sizeof(float), "pitch %zu for a row of %zu bytes", pitch,
              w * sizeof(float));
  EXPECT_TRUE(pitch % sizeof(float) == 0, "pitch %zu", pitch);

  std::vector<float> host(w * h), back(w * h);
  for (int i = 0; i < w * h; ++i)
    host[i] = (float)i;
  // Tightly packed host rows to pitched device rows and back.
  EXPECT_OK(cudaMemcpy2D(d, pitch, host.data(), w * sizeof(float), w * sizeof(float), h,
                         cudaMemcpyHostToDevice));
  add2D<<<dim3((w + 15) / 16, (h + 15) / 16), dim3(16, 16)>>>(d, pitch, w, h);
  EXPECT_OK(cudaGetLastError());
  EXPECT_OK(cudaMemcpy2D(back.data(), w * sizeof(float), d, pitch, w * sizeof(float), h,
                         cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      wrong += back[y * w + x] != host[y * w + x] + x + 1000 * y;
  EXPECT_TRUE(wrong == 0, "%d elements wrong after the 2D round trip", wrong);

  // A sub-rectangle with a wider host pitch, and device-to-device between two pitched arrays.
  const int hostPitchFloats = 50;
  std::vector<float> wide(hostPitchFloats * h, -1.0f);
  float *d2 = nullptr;
  size_t pitch2 = 0;
  EXPECT_OK(cudaMallocPitch((void **)&d2, &pitch2, 64 * sizeof(float), h));
  EXPECT_OK(cudaMemcpy2D(d2, pitch2, d, pitch, w * sizeof(float), h, cudaMemcpyDeviceToDevice));
  EXPECT_OK(cudaMemcpy2D(wide.data() + 3, hostPitchFloats * sizeof(float), d2 + 2, pitch2,
                         10 * sizeof(float), h - 1, cudaMemcpyDeviceToHost));
  wrong = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < hostPitchFloats; ++x) {
      float want = (x >= 3 && x < 13 && y < h - 1) ? back[y * w + (x - 3 + 2)] : -1.0f;
      wrong += wide[y * hostPitchFloats + x] != want;
    }
  EXPECT_TRUE(wrong == 0, "%d elements wrong in the sub-rectangle copy", wrong);
  // cudaMemcpyDefault and host-to-host.
  std::vector<float> packed(w * h, 0.0f);
  EXPECT_OK(cudaMemcpy2D(packed.data(), w * sizeof(float), d, pitch, w * sizeof(float), h,
                         cudaMemcpyDefault));
  EXPECT_TRUE(packed == back, "cudaMemcpyDefault 2D copy differs");
  std::vector<float> packed2(w * h, 0.0f);
  EXPECT_OK(cudaMemcpy2D(packed2.data(), w * sizeof(float), packed.data(), w * sizeof(float),
                         w * sizeof(float), h, cudaMemcpyHostToHost));
  EXPECT_TRUE(packed2 == back, "host-to-host 2D copy differs");

  // cudaMemset2D writes only `width` bytes of each row.
  EXPECT_OK(cudaMemset2D(d2, pitch2, 0, 64 * sizeof(float), h));
  EXPECT_OK(cudaMemset2D(d2, pitch2, 0x3f, 5 * sizeof(float), 4));
  std::vector<unsigned char> bytes(pitch2 * h);
  EXPECT_OK(cudaMemcpy(bytes.data(), d2, pitch2 * h, cudaMemcpyDeviceToHost));
  wrong = 0;
  for (int y = 0; y < h; ++y)
    for (size_t x = 0; x < 64 * sizeof(float); ++x)
      wrong += bytes[y * pitch2 + x] != ((y < 4 && x < 5 * sizeof(float)) ? 0x3f : 0);
  EXPECT_TRUE(wrong == 0, "%d bytes wrong after cudaMemset2D", wrong);
  // Async variants on a stream.
  cudaStream_t s;
  EXPECT_OK(cudaStreamCreate(&s));
  EXPECT_OK(cudaMemset2DAsync(d2, pitch2, 0x01, 8, 2, s));
  EXPECT_OK(cudaMemcpy2DAsync(bytes.data(), 8, d2, pitch2, 8, 2, cudaMemcpyDeviceToHost, s));
  EXPECT_OK(cudaStreamSynchronize(s));
  wrong = 0;
  for (int i = 0; i < 16; ++i)
    wrong += bytes[i] != 0x01;
  EXPECT_TRUE(wrong == 0, "%d bytes wrong after the async 2D calls", wrong);

  // A row wider than a pitch.
  EXPECT_ERR(cudaMemcpy2D(d, pitch, host.data(), 4, 8, 2, cudaMemcpyHostToDevice),
             cudaErrorInvalidPitchValue);
  EXPECT_ERR(cudaMemcpy2D(d, 4, host.data(), 64, 8, 2, cudaMemcpyHostToDevice),
             cudaErrorInvalidPitchValue);
  EXPECT_ERR(cudaMemset2D(d, pitch, 0, pitch + 1, 1), cudaErrorInvalidPitchValue);
  EXPECT_ERR(cudaMemcpy2D(d, pitch, host.data(), 64, 8, 2, (cudaMemcpyKind)9),
             cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();

  // --- 3D ---
  const int nx = 13, ny = 7, nz = 5; // ints
  cudaExtent extent = make_cudaExtent(nx * sizeof(int), ny, nz);
  cudaPitchedPtr p3;
  EXPECT_OK(cudaMalloc3D(&p3, extent));
  EXPECT_TRUE(p3.ptr != nullptr && p3.pitch >= nx * sizeof(int) &&
                  p3.xsize == nx * sizeof(int) && p3.ysize == (size_t)ny,
              "cudaMalloc3D gave ptr %p pitch %zu xsize %zu ysize %zu", p3.ptr, p3.pitch, p3.xsize,
              p3.ysize);
  EXPECT_OK(cudaMemset3D(p3, 0xff, extent));
  fill3D<<<dim3(ny, nz), nx>>>(p3, nx, ny, nz);
  EXPECT_OK(cudaGetLastError());
  std::vector<int> box(nx * ny * nz, 0);
  cudaMemcpy3DParms c = {};
  c.srcPtr = p3;
  c.dstPtr = make_cudaPitchedPtr(box.data(), nx * sizeof(int), nx, ny);
  c.extent = extent;
  c.kind = cudaMemcpyDeviceToHost;
  EXPECT_OK(cudaMemcpy3D(&c));
  wrong = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x)
        wrong += box[(z * ny + y) * nx + x] != x + 100 * y + 10000 * z;
  EXPECT_TRUE(wrong == 0, "%d elements wrong after the 3D copy", wrong);

  // Sub-box: host box (x 2..5, y 1..3, z 1..2) to device position (0,0,0), then read back
  // the whole device array. cudaPos.x is in bytes for linear memory.
  std::vector<int> src(nx * ny * nz);
  for (int i = 0; i < nx * ny * nz; ++i)
    src[i] = -i;
  cudaMemcpy3DParms sub = {};
  sub.srcPtr = make_cudaPitchedPtr(src.data(), nx * sizeof(int), nx, ny);
  sub.srcPos = make_cudaPos(2 * sizeof(int), 1, 1);
  sub.dstPtr = p3;
  sub.dstPos = make_cudaPos(0, 0, 0);
  sub.extent = make_cudaExtent(4 * sizeof(int), 3, 2);
  sub.kind = cudaMemcpyHostToDevice;
  EXPECT_OK(cudaMemcpy3D(&sub));
  EXPECT_OK(cudaMemcpy3D(&c));
  wrong = 0;
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        int want = (x < 4 && y < 3 && z < 2) ? src[((z + 1) * ny + (y + 1)) * nx + (x + 2)]
                                             : x + 100 * y + 10000 * z;
        wrong += box[(z * ny + y) * nx + x] != want;
      }
  EXPECT_TRUE(wrong == 0, "%d elements wrong after the sub-box copy", wrong);

  // cudaMemset3D on a sub-extent leaves the rest alone; the async copy on a stream.
  EXPECT_OK(cudaMemset3DAsync(p3, 0, make_cudaExtent(nx * sizeof(int), ny, 1), s));
  cudaMemcpy3DParms ca = c;
  EXPECT_OK(cudaMemcpy3DAsync(&ca, s));
  EXPECT_OK(cudaStreamSynchronize(s));
  wrong = 0;
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      wrong += box[y * nx + x] != 0;
  for (int x = 0; x < nx; ++x)
    wrong += box[(1 * ny + 5) * nx + x] != x + 100 * 5 + 10000;
  EXPECT_TRUE(wrong == 0, "%d elements wrong after cudaMemset3DAsync", wrong);

  // An extent wider than the pitch.
  cudaMemcpy3DParms badp = c;
  badp.extent = make_cudaExtent(p3.pitch + 4, 1, 1);
  EXPECT_ERR(cudaMemcpy3D(&badp), cudaErrorInvalidPitchValue);
  badp = c;
  badp.kind = (cudaMemcpyKind)11;
  EXPECT_ERR(cudaMemcpy3D(&badp), cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();

  EXPECT_OK(cudaStreamDestroy(s));
  EXPECT_OK(cudaFree(d));
  EXPECT_OK(cudaFree(d2));
  EXPECT_OK(cudaFree(p3.ptr));
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
