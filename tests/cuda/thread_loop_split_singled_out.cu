// Branches that single out one thread of a row (`threadIdx.x == 0`, `== 31`,
// `== blockDim.x - 1`, `threadIdx.x + 1 == 5`, `!= 0`) split the CPU's thread loop into a
// loop up to the low threads, a main loop with the branches folded, and a loop from the high
// ones on; a copy of the whole loop runs for rows too short for the split. Every block size
// from 1 to 1024 threads, 2D blocks, rows cut short by threads that returned before a barrier,
// and a grid-stride loop around the branches must still give each thread exactly its work.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

// Each thread writes its own value; the singled-out ones add their marks.
__global__ void marks(int *out) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int v = 1;
  if (threadIdx.x == 0)
    v += 10;
  if (threadIdx.x == 31)
    v += 100;
  if (threadIdx.x == blockDim.x - 1)
    v += 1000;
  if (threadIdx.x + 1 == 5)
    v += 10000;
  if (threadIdx.x != 2)
    v += 100000;
  out[blockIdx.x * blockDim.x * blockDim.y + t] = v;
}

int expectedMark(int x, int width) {
  int v = 1;
  if (x == 0)
    v += 10;
  if (x == 31)
    v += 100;
  if (x == width - 1)
    v += 1000;
  if (x + 1 == 5)
    v += 10000;
  if (x != 2)
    v += 100000;
  return v;
}

// Threads past `alive` return before the barrier, so the region after it runs rows that end
// early; the first and last live threads of the block stage neighbours through shared memory.
__global__ void halo(const int *in, int *out, int alive) {
  __shared__ int tile[1026];
  int x = threadIdx.x;
  if (x >= alive)
    return;
  tile[x + 1] = in[x];
  if (x == 0)
    tile[0] = -1;
  if (x == alive - 1)
    tile[alive + 1] = -2;
  __syncthreads();
  out[x] = tile[x] + tile[x + 2];
}

// The same with every thread of the block live: a stencil's halo staging.
__global__ void fullHalo(const int *in, int *out) {
  __shared__ int tile[1026];
  int x = threadIdx.x;
  tile[x + 1] = in[x];
  if (x == 0)
    tile[0] = -1;
  if (x == blockDim.x - 1)
    tile[blockDim.x + 1] = -2;
  __syncthreads();
  out[x] = tile[x] + tile[x + 2];
}

// A 1D stencil's halo by ranges: the first and last RADIUS threads load the neighbours
// (unsigned and signed comparisons, `<`, `<=`, `>`, `>=`).
constexpr int RADIUS = 3;
__global__ void rangeHalo(const int *in, int *out, int n) {
  __shared__ int tile[1024 + 2 * RADIUS];
  int x = threadIdx.x, i = blockIdx.x * blockDim.x + x;
  int signedX = x;
  tile[x + RADIUS] = i < n ? in[i] : 0;
  if (threadIdx.x < RADIUS)
    tile[x] = i >= RADIUS && i - RADIUS < n ? in[i - RADIUS] : 0;
  if (signedX >= (int)blockDim.x - RADIUS)
    tile[x + 2 * RADIUS] = i + RADIUS < n ? in[i + RADIUS] : 0;
  if (threadIdx.x <= 1)
    tile[x] += 0;
  if (signedX > 1000)
    tile[x + RADIUS] += 0;
  __syncthreads();
  if (i < n) {
    int sum = 0;
    for (int k = -RADIUS; k <= RADIUS; ++k)
      sum += tile[x + RADIUS + k];
    out[i] = sum;
  }
}

// Ranges at both ends of the row, each adding its own mark.
__global__ void rangeEdges(int *out) {
  __shared__ int tile[1024];
  int x = threadIdx.x;
  tile[x] = 1;
  if (threadIdx.x < 3)
    tile[x] += 10;
  if (threadIdx.x <= 1)
    tile[x] += 100;
  if (threadIdx.x > 5)
    tile[x] += 1000;
  if (threadIdx.x >= blockDim.x - 3)
    tile[x] += 10000;
  __syncthreads();
  out[blockIdx.x * blockDim.x + x] = tile[x];
}

int expectedEdges(unsigned x, unsigned width) {
  int v = 1;
  if (x < 3)
    v += 10;
  if (x <= 1)
    v += 100;
  if (x > 5)
    v += 1000;
  if (x >= width - 3)
    v += 10000;
  return v;
}

// The branches inside a grid-stride loop over more elements than threads.
__global__ void strided(int *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    int v = i;
    if (threadIdx.x == 0)
      v = -v;
    if (threadIdx.x == 7)
      v += 1 << 24;
    out[i] = v;
  }
}

int main() {
  int failures = 0;
  int *out, *in;
  cudaMallocManaged(&out, 4 * 1024 * sizeof(int));
  cudaMallocManaged(&in, 1024 * sizeof(int));
  for (int width : {1, 2, 3, 4, 5, 6, 31, 32, 33, 64, 100, 256, 1024}) {
    for (int height : {1, 2, 3}) {
      if (width * height > 1024)
        continue;
      int blocks = 2, per = width * height;
      marks<<<blocks, dim3(width, height)>>>(out);
      cudaDeviceSynchronize();
      for (int b = 0; b < blocks; ++b)
        for (int t = 0; t < per; ++t) {
          int want = expectedMark(t % width, width), got = out[b * per + t];
          if (got != want && failures++ < 8)
            printf("marks %dx%d block %d thread %d: %d, want %d\n", width, height, b, t, got, want);
        }
    }
    for (int i = 0; i < width; ++i)
      in[i] = 3 * i;
    for (int alive : {1, 2, 5, width / 2, width - 1, width}) {
      if (alive < 1 || alive > width)
        continue;
      halo<<<1, width>>>(in, out, alive);
      cudaDeviceSynchronize();
      for (int x = 0; x < alive; ++x) {
        int left = x == 0 ? -1 : in[x - 1], right = x == alive - 1 ? -2 : in[x + 1];
        if (out[x] != left + right && failures++ < 8)
          printf("halo width %d alive %d thread %d: %d, want %d\n", width, alive, x, out[x],
                 left + right);
      }
    }
    fullHalo<<<1, width>>>(in, out);
    cudaDeviceSynchronize();
    for (int x = 0; x < width; ++x) {
      int left = x == 0 ? -1 : in[x - 1], right = x == width - 1 ? -2 : in[x + 1];
      if (out[x] != left + right && failures++ < 8)
        printf("fullHalo width %d thread %d: %d, want %d\n", width, x, out[x], left + right);
    }
    {
      int n = 2 * width - 1;
      std::vector<int> values(n);
      for (int i = 0; i < n; ++i)
        values[i] = (7 * i) % 13;
      int *src;
      cudaMallocManaged(&src, n * sizeof(int));
      for (int i = 0; i < n; ++i)
        src[i] = values[i];
      rangeHalo<<<2, width>>>(src, out, n);
      cudaDeviceSynchronize();
      for (int i = 0; i < n; ++i) {
        int want = 0;
        for (int k = -RADIUS; k <= RADIUS; ++k)
          if (i + k >= 0 && i + k < n)
            want += values[i + k];
        if (width < RADIUS)
          break; // a block narrower than the halo does not stage it all
        if (out[i] != want && failures++ < 8)
          printf("rangeHalo width %d element %d: %d, want %d\n", width, i, out[i], want);
      }
      cudaFree(src);
    }
    rangeEdges<<<2, width>>>(out);
    cudaDeviceSynchronize();
    for (int t = 0; t < 2 * width; ++t)
      if (out[t] != expectedEdges(t % width, width) && failures++ < 8)
        printf("rangeEdges width %d thread %d: %d, want %d\n", width, t, out[t],
               expectedEdges(t % width, width));
    int n = 3 * width + 5;
    strided<<<2, width>>>(out, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) {
      int x = i % width, want = x == 0 ? -i : i;
      if (x == 7)
        want += 1 << 24;
      if (out[i] != want && failures++ < 8)
        printf("strided width %d element %d: %d, want %d\n", width, i, out[i], want);
    }
  }
  if (cudaGetLastError() != cudaSuccess) {
    printf("CUDA error\n");
    failures++;
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
