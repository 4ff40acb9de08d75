// Warp-per-row loops: each warp (or group of 16 lanes) takes a row, its lanes step through the
// row together (`for (k = start + lane; k < end; k += 32)`) and combine their partial sums.
// Drawbridge splits such thread loops into runs of lanes that share the row and runs the
// row loop a round at a time across the run; each lane must still add its own elements in its
// own order: the sums here are exact, whatever the order, except one whose every step rounds
// (`sum = sum * 0.5f + v`), compared bit for bit with the host doing the same steps in order.
// Rows of 0 to 200 elements, rows that do not line up with blocks (a shifted flat index),
// partial blocks, signed and unsigned indices, 16-lane groups, 2D blocks whose rows are the
// lanes, and loops the rewrite leaves alone (a stride below the run's width; a bound that
// differs between lanes).
// RUN: %nvcc -O3 %s -o %t && %t
#include "Inputs/device_vectors.h"

#include <cstdio>
#include <vector>

// CSR rows, a warp a row, lanes combined with shuffles (the "CSR vector" kernel).
__global__ void csrWarpRows(const int *rowStart, const int *cols, const float *vals, const float *x,
                            float *y, int rows) {
  int lane = threadIdx.x % 32;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (row >= rows)
    return;
  float sum = 0;
  for (int k = rowStart[row] + lane; k < rowStart[row + 1]; k += 32)
    sum += vals[k] * x[cols[k]];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffff, sum, offset);
  if (lane == 0)
    y[row] = sum;
}

// Dense rows, unsigned, written with masks and shifts; each lane writes its own partial sum.
__global__ void denseLanePartials(const float *a, const float *x, float *partial, unsigned n,
                                  unsigned rows) {
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned row = g >> 5, lane = g & 31;
  if (row >= rows)
    return;
  float sum = 0;
  for (unsigned k = lane; k < n; k += 32)
    sum += a[row * n + k] * x[k];
  partial[g] = sum;
}

// Groups of 16 lanes whose rows are shifted against the blocks: a row's lanes can sit in two
// blocks, and a run ends wherever a row or a block does.
__global__ void shiftedGroupPartials(const int *rowStart, const float *vals, float *partial,
                                     int rows, int shift) {
  int g = blockIdx.x * blockDim.x + threadIdx.x + shift;
  int row = g / 16, lane = g % 16;
  if (row >= rows)
    return;
  float sum = 1;
  int count = 0;
  for (int k = rowStart[row] + lane; k < rowStart[row + 1]; k += 16) {
    sum = sum * 0.5f + vals[k];
    ++count;
  }
  partial[g - shift] = sum + count;
}

// 2D blocks whose rows of threadIdx.x are the lanes (`dim3(32, 4)`): a row of 32 threads gets
// the rewrite, rows of other widths keep their loops.
__global__ void blockRowPartials(const int *rowStart, const float *vals, float *partial, int rows) {
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= rows)
    return;
  float sum = 2;
  for (int k = rowStart[row] + threadIdx.x; k < rowStart[row + 1]; k += 32)
    sum = sum * 0.5f + vals[k];
  partial[row * blockDim.x + threadIdx.x] = sum;
}

// A stride of 8 under 32 lanes: lanes go round very different numbers of times.
__global__ void shortStridePartials(const int *rowStart, const float *vals, float *partial,
                                    int rows) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int row = g / 32, lane = g % 32;
  if (row >= rows)
    return;
  float sum = 0;
  for (int k = rowStart[row] + lane; k < rowStart[row + 1]; k += 8)
    sum += vals[k];
  partial[g] = sum;
}

// Each lane's own bound (the row's end minus the lane): still per-lane results.
__global__ void laneBoundPartials(const int *rowStart, const float *vals, float *partial,
                                  int rows) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  int row = g / 32, lane = g % 32;
  if (row >= rows)
    return;
  float sum = 0;
  for (int k = rowStart[row] + lane; k < rowStart[row + 1] - lane; k += 32)
    sum += vals[k];
  partial[g] = sum;
}

static int failures = 0;

static void expectSame(const char *what, const std::vector<float> &got,
                       const std::vector<float> &want) {
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && !(got[i] != got[i] && want[i] != want[i])) {
      if (failures++ < 10)
        std::printf("FAIL %s[%zu]: %.9g, expected %.9g\n", what, i, got[i], want[i]);
      return;
    }
}

int main() {
  const int rows = 300;
  unsigned seed = 7;
  auto next = [&] { return seed = seed * 1103515245u + 12345u, (seed >> 8) & 0xffff; };
  std::vector<int> rowStart(rows + 1), cols;
  std::vector<float> vals, x(rows);
  for (int r = 0; r < rows; ++r) {
    rowStart[r] = int(cols.size());
    int count = r % 17 == 0 ? 0 : int(next() % 201);
    for (int c = 0; c < count; ++c) {
      cols.push_back(int(next() % rows));
      vals.push_back(float(int(next() % 17) - 8));
    }
  }
  rowStart[rows] = int(cols.size());
  for (float &v : x)
    v = float(int(next() % 33) - 16) / 16.0f;
  int *dStart = upload(rowStart), *dCols = upload(cols);
  float *dVals = upload(vals), *dX = upload(x);

  for (int block : {256, 64, 32, 96}) {
    // CSR vector: the host adds each lane's elements in order, then the shuffle tree.
    float *dY = upload(std::vector<float>(rows, -1.0f));
    int blocks = (rows * 32 + block - 1) / block;
    csrWarpRows<<<blocks, block>>>(dStart, dCols, dVals, dX, dY, rows);
    std::vector<float> want(rows);
    for (int r = 0; r < rows; ++r) {
      float lanes[32];
      for (int l = 0; l < 32; ++l) {
        lanes[l] = 0;
        for (int k = rowStart[r] + l; k < rowStart[r + 1]; k += 32)
          lanes[l] += vals[k] * x[cols[k]];
      }
      for (int offset = 16; offset > 0; offset /= 2) {
        float shifted[32];
        for (int l = 0; l < 32; ++l)
          shifted[l] = lanes[l + offset < 32 ? l + offset : l];
        for (int l = 0; l < 32; ++l)
          lanes[l] += shifted[l];
      }
      want[r] = lanes[0];
    }
    expectSame("csrWarpRows", download(dY, rows), want);
    cudaFree(dY);

    // Dense rows, n elements each, unsigned.
    for (unsigned n : {1u, 31u, 32u, 33u, 100u, 257u}) {
      const unsigned dense = 40;
      std::vector<float> a(dense * n), xs(n);
      for (float &v : a)
        v = float(next() % 9) / 4.0f;
      for (float &v : xs)
        v = float(int(next() % 9) - 4) / 8.0f;
      float *dA = upload(a), *dXs = upload(xs);
      unsigned threads = dense * 32, grid = (threads + block - 1) / block;
      float *dP = upload(std::vector<float>(grid * block, -1.0f));
      denseLanePartials<<<grid, block>>>(dA, dXs, dP, n, dense);
      std::vector<float> wantP(grid * block, -1.0f);
      for (unsigned g = 0; g < threads; ++g) {
        float sum = 0;
        for (unsigned k = g & 31; k < n; k += 32)
          sum += a[(g >> 5) * n + k] * xs[k];
        wantP[g] = sum;
      }
      expectSame("denseLanePartials", download(dP, grid * block), wantP);
      cudaFree(dA);
      cudaFree(dXs);
      cudaFree(dP);
    }

    // 16-lane groups shifted against the blocks, and the two loops left alone.
    for (int shift : {0, 5, 16, 27}) {
      int threads = rows * 16 - shift, grid = (threads + block - 1) / block;
      float *dP = upload(std::vector<float>(grid * block, -1.0f));
      shiftedGroupPartials<<<grid, block>>>(dStart, dVals, dP, rows, shift);
      std::vector<float> wantP(grid * block, -1.0f);
      for (int i = 0; i < grid * block; ++i) {
        int g = i + shift, row = g / 16;
        if (row >= rows)
          continue;
        float sum = 1;
        int count = 0;
        for (int k = rowStart[row] + g % 16; k < rowStart[row + 1]; k += 16, ++count)
          sum = sum * 0.5f + vals[k];
        wantP[i] = sum + count;
      }
      expectSame("shiftedGroupPartials", download(dP, grid * block), wantP);
      cudaFree(dP);
    }
    int grid = (rows * 32 + block - 1) / block;
    float *dP = upload(std::vector<float>(grid * block, -1.0f));
    std::vector<float> wantShort(grid * block, -1.0f), wantBound(grid * block, -1.0f);
    for (int g = 0; g < rows * 32; ++g) {
      int row = g / 32, lane = g % 32;
      float sum = 0;
      for (int k = rowStart[row] + lane; k < rowStart[row + 1]; k += 8)
        sum += vals[k];
      wantShort[g] = sum;
      sum = 0;
      for (int k = rowStart[row] + lane; k < rowStart[row + 1] - lane; k += 32)
        sum += vals[k];
      wantBound[g] = sum;
    }
    shortStridePartials<<<grid, block>>>(dStart, dVals, dP, rows);
    expectSame("shortStridePartials", download(dP, grid * block), wantShort);
    laneBoundPartials<<<grid, block>>>(dStart, dVals, dP, rows);
    expectSame("laneBoundPartials", download(dP, grid * block), wantBound);
    cudaFree(dP);
  }
  for (dim3 block : {dim3(32, 4), dim3(32, 3), dim3(16, 8), dim3(64, 2)}) {
    int grid = (rows + block.y - 1) / block.y, width = block.x;
    float *dP = upload(std::vector<float>(rows * width, -1.0f));
    blockRowPartials<<<grid, block>>>(dStart, dVals, dP, rows);
    std::vector<float> want(rows * width);
    for (int row = 0; row < rows; ++row)
      for (int t = 0; t < width; ++t) {
        float sum = 2;
        for (int k = rowStart[row] + t; k < rowStart[row + 1]; k += 32)
          sum = sum * 0.5f + vals[k];
        want[row * width + t] = sum;
      }
    expectSame("blockRowPartials", download(dP, rows * width), want);
    cudaFree(dP);
  }
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
