// threadIdx.x/y/z, blockIdx.x/y/z and blockDim stay correct across __syncthreads() in 2D and 3D
// blocks, including sizes that are not multiples of 32 (shared-memory transposes/rotations).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

// 2D: a tile is transposed through shared memory; each thread also records its indices after
// two barriers.
__global__ void transpose2d(const int *in, int *out, int *ids, int W, int H) {
  __shared__ int tile[32][33];
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < W && y < H)
    tile[threadIdx.y][threadIdx.x] = in[y * W + x];
  __syncthreads();
  int ox = blockIdx.y * blockDim.y + threadIdx.x; // requires blockDim.x == blockDim.y
  int oy = blockIdx.x * blockDim.x + threadIdx.y;
  if (ox < H && oy < W)
    out[oy * H + ox] = tile[threadIdx.x][threadIdx.y];
  __syncthreads();
  int flat = threadIdx.x + blockDim.x * threadIdx.y;
  int block = blockIdx.x + gridDim.x * blockIdx.y;
  ids[block * blockDim.x * blockDim.y + flat] =
      threadIdx.x | threadIdx.y << 8 | blockIdx.x << 16 | blockIdx.y << 24;
}

// 3D: every thread writes its linear id into a 3D shared array, then after a barrier reads the
// element at (z, x, y) rotated coordinates (a cube so rotation stays in range), then after a
// second barrier each thread writes back its own coordinates.
__global__ void rotate3d(int *out) {
  __shared__ int cube[8][8][8];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int lin = x + blockDim.x * (y + blockDim.y * z);
  cube[z][y][x] = lin * 10 + blockIdx.z;
  __syncthreads();
  int r = cube[x % blockDim.z][z % blockDim.y][y % blockDim.x];
  __syncthreads();
  cube[z][y][x] = x + 100 * y + 10000 * z;
  __syncthreads();
  int base = (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) * 2 *
             blockDim.x * blockDim.y * blockDim.z;
  out[base + 2 * lin] = r;
  out[base + 2 * lin + 1] = cube[z][y][x] + 1000000 * (blockDim.x * 100 + blockDim.y * 10 + blockDim.z);
}

int main() {
  int failures = 0;
  // 2D, tiles 16x16 and 7x7 and 32x32, matrices not a multiple of the tile.
  for (int tileDim : {16, 7, 32}) {
    int W = 45, H = 37;
    int *in, *out, *ids;
    dim3 block(tileDim, tileDim), grid((W + tileDim - 1) / tileDim, (H + tileDim - 1) / tileDim);
    int nthreads = grid.x * grid.y * tileDim * tileDim;
    cudaMallocManaged(&in, W * H * sizeof(int));
    cudaMallocManaged(&out, W * H * sizeof(int));
    cudaMallocManaged(&ids, nthreads * sizeof(int));
    for (int i = 0; i < W * H; ++i) in[i] = i * 7 + 1;
    transpose2d<<<grid, block>>>(in, out, ids, W, H);
    cudaDeviceSynchronize();
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        if (out[x * H + y] != in[y * W + x] && failures++ < 8)
          printf("transpose tile %d: out[%d][%d] = %d, expected %d\n", tileDim, x, y, out[x * H + y], in[y * W + x]);
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (int ty = 0; ty < tileDim; ++ty)
          for (int tx = 0; tx < tileDim; ++tx) {
            int idx = (bx + grid.x * by) * tileDim * tileDim + tx + tileDim * ty;
            int want = tx | ty << 8 | bx << 16 | by << 24;
            if (ids[idx] != want && failures++ < 8)
              printf("ids tile %d: block (%u,%u) thread (%d,%d) = %#x, expected %#x\n", tileDim, bx, by, tx, ty, ids[idx], want);
          }
    cudaFree(in); cudaFree(out); cudaFree(ids);
  }
  // 3D blocks: cubes and odd shapes, a 3D grid.
  struct Shape { int x, y, z; } shapes[] = {{4, 4, 4}, {8, 8, 8}, {5, 3, 7}, {3, 1, 5}, {1, 8, 2}};
  for (Shape s : shapes) {
    dim3 block(s.x, s.y, s.z), grid(2, 3, 2);
    int per = s.x * s.y * s.z;
    int nb = grid.x * grid.y * grid.z;
    int *out;
    cudaMallocManaged(&out, nb * per * 2 * sizeof(int));
    rotate3d<<<grid, block>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) { printf("rotate3d %d %d %d: %s\n", s.x, s.y, s.z, cudaGetErrorString(e)); failures++; continue; }
    for (unsigned bz = 0; bz < grid.z; ++bz)
      for (unsigned by = 0; by < grid.y; ++by)
        for (unsigned bx = 0; bx < grid.x; ++bx)
          for (int z = 0; z < s.z; ++z)
            for (int y = 0; y < s.y; ++y)
              for (int x = 0; x < s.x; ++x) {
                int lin = x + s.x * (y + s.y * z);
                int base = (bx + grid.x * (by + grid.y * bz)) * 2 * per;
                int rz = x % s.z, ry = z % s.y, rx = y % s.x;
                int want0 = (rx + s.x * (ry + s.y * rz)) * 10 + bz;
                int want1 = x + 100 * y + 10000 * z + 1000000 * (s.x * 100 + s.y * 10 + s.z);
                if ((out[base + 2 * lin] != want0 || out[base + 2 * lin + 1] != want1) && failures++ < 8)
                  printf("rotate3d %dx%dx%d block (%u,%u,%u) thread (%d,%d,%d): %d %d, expected %d %d\n",
                         s.x, s.y, s.z, bx, by, bz, x, y, z, out[base + 2 * lin], out[base + 2 * lin + 1], want0, want1);
              }
    cudaFree(out);
  }
  if (cudaGetLastError() != cudaSuccess) { printf("CUDA error\n"); failures++; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
