// Values a row of threads chooses by its threadIdx.y (the halo rows a 2D stencil stages above
// and below its tile, which LLVM merges into one store whose row is a phi) are chosen once per
// row on the CPU, before the thread loop (the fixed 32 x 8 tile, as in GPU code). Around it:
// tiles as large as the block, grids whose edges cut blocks short, and planes of 3D blocks
// that choose by threadIdx.z (a plane of one thread, a block of one plane); each element must
// get its own neighbours.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

constexpr int BX = 32, BY = 8;

// The suite's stencil shape: a fixed tile, halo rows and columns staged by the edge threads,
// the grid's border copied.
__global__ void fixedTile(const int *in, int *out, int nx, int ny) {
  __shared__ int tile[BY + 2][BX + 2];
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
    out[y * nx + x] = 2 * tile[ty][tx] + 3 * tile[ty - 1][tx] + 5 * tile[ty + 1][tx] +
                      7 * tile[ty][tx - 1] + 11 * tile[ty][tx + 1];
}

// The same with the tile as large as the block (dynamic shared memory).
__global__ void blockTile(const int *in, int *out, int nx, int ny) {
  extern __shared__ int tile[];
  const int w = blockDim.x + 2;
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  int tx = threadIdx.x + 1, ty = threadIdx.y + 1;
  bool inside = x < nx && y < ny;
  if (inside) {
    tile[ty * w + tx] = in[y * nx + x];
    if (threadIdx.x == 0 && x > 0)
      tile[ty * w] = in[y * nx + x - 1];
    if (threadIdx.x == blockDim.x - 1 && x + 1 < nx)
      tile[ty * w + blockDim.x + 1] = in[y * nx + x + 1];
    if (threadIdx.y == 0 && y > 0)
      tile[tx] = in[(y - 1) * nx + x];
    if (threadIdx.y == blockDim.y - 1 && y + 1 < ny)
      tile[(blockDim.y + 1) * w + tx] = in[(y + 1) * nx + x];
  }
  __syncthreads();
  if (!inside)
    return;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
    out[y * nx + x] = tile[ty * w + tx];
  else
    out[y * nx + x] = 2 * tile[ty * w + tx] + 3 * tile[(ty - 1) * w + tx] +
                      5 * tile[(ty + 1) * w + tx] + 7 * tile[ty * w + tx - 1] +
                      11 * tile[ty * w + tx + 1];
}

// The first and last planes of a 3D block swap places: the two stores LLVM merges into one
// whose plane is chosen by threadIdx.z.
__global__ void swapPlanes(const int *in, int *out) {
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int plane = blockDim.x * blockDim.y, depth = blockDim.z;
  int base = blockIdx.x * plane * depth, inPlane = y * blockDim.x + x;
  int v = in[base + z * plane + inPlane];
  if (z == 0)
    out[base + (depth - 1) * plane + inPlane] = v;
  else if (z == depth - 1)
    out[base + inPlane] = v;
}

int reference(const std::vector<int> &in, int nx, int ny, int x, int y) {
  auto at = [&](int i, int j) { return in[j * nx + i]; };
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
    return at(x, y);
  return 2 * at(x, y) + 3 * at(x, y - 1) + 5 * at(x, y + 1) + 7 * at(x - 1, y) + 11 * at(x + 1, y);
}

int main() {
  int failures = 0;
  const int maxCells = 200 * 70;
  int *in, *out;
  cudaMallocManaged(&in, maxCells * sizeof(int));
  cudaMallocManaged(&out, maxCells * sizeof(int));
  std::vector<int> values(maxCells);
  for (int i = 0; i < maxCells; ++i)
    values[i] = in[i] = (i * 37) % 101 - 50;
  struct Shape {
    int nx, ny;
  };
  for (Shape s :
       {Shape{32, 8}, Shape{64, 16}, Shape{70, 19}, Shape{200, 70}, Shape{33, 9}, Shape{5, 3}}) {
    std::vector<int> grid(values.begin(), values.begin() + s.nx * s.ny);
    auto check = [&](const char *name, int bx, int by) {
      for (int y = 0; y < s.ny; ++y)
        for (int x = 0; x < s.nx; ++x) {
          int want = reference(grid, s.nx, s.ny, x, y), got = out[y * s.nx + x];
          if (got != want && failures++ < 8)
            printf("%s %dx%d block %dx%d at (%d, %d): %d, want %d\n", name, s.nx, s.ny, bx, by, x,
                   y, got, want);
        }
    };
    fixedTile<<<dim3((s.nx + BX - 1) / BX, (s.ny + BY - 1) / BY), dim3(BX, BY)>>>(in, out, s.nx,
                                                                                  s.ny);
    cudaDeviceSynchronize();
    check("fixedTile", BX, BY);
    for (dim3 block :
         {dim3(32, 8), dim3(16, 16), dim3(7, 5), dim3(64, 2), dim3(1, 32), dim3(128, 1)}) {
      dim3 blocks((s.nx + block.x - 1) / block.x, (s.ny + block.y - 1) / block.y);
      size_t shared = (block.x + 2) * (block.y + 2) * sizeof(int);
      blockTile<<<blocks, block, shared>>>(in, out, s.nx, s.ny);
      cudaDeviceSynchronize();
      check("blockTile", block.x, block.y);
    }
  }
  for (dim3 block : {dim3(32, 2, 4), dim3(5, 3, 2), dim3(16, 1, 8), dim3(1, 1, 3), dim3(8, 4, 1)}) {
    int per = block.x * block.y * block.z, blocks = 3, plane = block.x * block.y;
    for (int i = 0; i < blocks * per; ++i)
      out[i] = -1000;
    swapPlanes<<<blocks, block>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < per; ++t) {
        int base = b * per, z = t / plane, inPlane = t % plane, last = block.z - 1;
        int want = z == 0 || z == last ? values[base + (last - z) * plane + inPlane] : -1000;
        if (out[base + t] != want && failures++ < 8)
          printf("swapPlanes %dx%dx%d block %d thread %d: %d, want %d\n", block.x, block.y, block.z,
                 b, t, out[base + t], want);
      }
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("CUDA error\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
