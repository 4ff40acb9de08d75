// 2D and 3D regions get copies of their thread loop for whole rows of 8, 16 and 32 threads; rows
// of other widths, and rows a region is called on in part (after the first or the last
// threads of each row returned before a barrier), run the general loop. Each thread must get
// exactly its own work in all of them, with singled-out threads (`threadIdx.x == 0`) and
// bounds checks that cut rows at the grid's edge.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

// Threads outside [skip, alive) of each row return before the barrier: the region after it
// runs on part of each row.
__global__ void partialRows(int *out, int skip, int alive) {
  __shared__ int tile[1024];
  int t = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  if (threadIdx.x < skip || threadIdx.x >= alive)
    return;
  tile[t] = 3 * t + threadIdx.y + 7 * threadIdx.z;
  if (threadIdx.x == skip)
    tile[t] += 1000;
  __syncthreads();
  int left = threadIdx.x > skip ? tile[t - 1] : -1;
  out[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + t] = tile[t] + left;
}

int expectedPartial(int x, int y, int z, int width, int height, int skip) {
  auto value = [&](int xx) {
    int t = (z * height + y) * width + xx;
    return 3 * t + y + 7 * z + (xx == skip ? 1000 : 0);
  };
  return value(x) + (x > skip ? value(x - 1) : -1);
}

// A grid over nx x ny cells with checks at its edges: the last block of each row of blocks
// has threads past nx in every one of its rows.
__global__ void edges(const int *in, int *out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  int v = in[y * nx + x];
  if (threadIdx.x == 0)
    v = -v;
  if (threadIdx.x == blockDim.x - 1)
    v += 1 << 20;
  out[y * nx + x] = v;
}

int main() {
  int failures = 0;
  const int maxCells = 100 * 45;
  int *in, *out;
  cudaMallocManaged(&in, maxCells * sizeof(int));
  cudaMallocManaged(&out, maxCells * sizeof(int));
  for (int i = 0; i < maxCells; ++i)
    in[i] = 5 * i + 1;
  for (dim3 block : {dim3(32, 8), dim3(16, 16), dim3(16, 4, 2), dim3(32, 2, 3), dim3(8, 8),
                     dim3(8, 4, 2), dim3(48, 4), dim3(31, 3), dim3(64, 2)}) {
    int width = block.x, per = block.x * block.y * block.z, blocks = 3;
    for (int skip : {0, 1, 5}) {
      for (int alive : {width, width - 1, width / 2 + 1}) {
        if (skip >= alive)
          continue;
        for (int i = 0; i < blocks * per; ++i)
          out[i] = -7;
        partialRows<<<blocks, block>>>(out, skip, alive);
        cudaDeviceSynchronize();
        for (int b = 0; b < blocks; ++b)
          for (int t = 0; t < per; ++t) {
            int x = t % width, y = t / width % block.y, z = t / (width * block.y);
            int want = x < skip || x >= alive ? -7 : expectedPartial(x, y, z, width, block.y, skip);
            if (out[b * per + t] != want && failures++ < 8)
              printf("partialRows %dx%dx%d skip %d alive %d block %d thread %d: %d, want %d\n",
                     block.x, block.y, block.z, skip, alive, b, t, out[b * per + t], want);
          }
      }
    }
    if (block.z != 1)
      continue;
    for (int nx : {100, 64, 17}) {
      int ny = 45;
      dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
      edges<<<grid, block>>>(in, out, nx, ny);
      cudaDeviceSynchronize();
      for (int y = 0; y < ny; ++y)
        for (int x = 0; x < nx; ++x) {
          int tx = x % block.x, want = in[y * nx + x];
          if (tx == 0)
            want = -want;
          if (tx == (int)block.x - 1)
            want += 1 << 20;
          if (out[y * nx + x] != want && failures++ < 8)
            printf("edges %dx%d nx %d at (%d, %d): %d, want %d\n", block.x, block.y, nx, x, y,
                   out[y * nx + x], want);
        }
    }
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("CUDA error\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
