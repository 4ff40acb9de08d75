// Sparse matrix-vector product y = A * x in CSR form, the "CSR vector" kernel of Bell and
// Garland: one warp per row, the lanes stepping through the row's nonzeros together, their
// partial sums combined with __shfl_down_sync. The matrix has 16 to 48 nonzeros per row
// scattered within a band around the diagonal.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

#include <algorithm>

void spmvOpenMP(const int *rowStart, const int *columns, const float *values, const float *x,
                float *y, int rows);

__global__ void spmvCsrVector(const int *rowStart, const int *columns, const float *values,
                              const float *x, float *y, int rows) {
  int lane = threadIdx.x % warpSize;
  int row = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  if (row >= rows) // the whole warp leaves together
    return;
  float sum = 0;
  for (int k = rowStart[row] + lane; k < rowStart[row + 1]; k += warpSize)
    sum += values[k] * x[columns[k]];
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xffffffff, sum, offset);
  if (lane == 0)
    y[row] = sum;
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int rows = opts.pick(1 << 10, 1 << 18, 1 << 21), band = 4096;
  HostVector<int> rowStart(rows + 1), columns;
  HostVector<float> values, x(rows);
  Random random(11);
  for (int row = 0; row < rows; ++row) {
    rowStart[row] = columns.size();
    int count = 16 + random.below(33);
    std::vector<int> cols(count);
    for (int &c : cols)
      c = ((row + random.below(2 * band) - band) % rows + rows) % rows;
    std::sort(cols.begin(), cols.end());
    for (int c : cols) {
      columns.push_back(c);
      values.push_back(random.uniform(-1, 1));
    }
  }
  rowStart[rows] = columns.size();
  for (auto &v : x)
    v = random.uniform(-1, 1);
  const size_t nonzeros = columns.size();
  HostVector<double> want(rows);
  double scale = 0; // the largest sum of |a_ij x_j| over a row
  for (int row = 0; row < rows; ++row) {
    double rowScale = 0;
    for (int k = rowStart[row]; k < rowStart[row + 1]; ++k) {
      want[row] += double(values[k]) * x[columns[k]];
      rowScale += std::fabs(double(values[k]) * x[columns[k]]);
    }
    scale = std::max(scale, rowScale);
  }
  auto verify = [&](const HostVector<float> &y) {
    return checkClose("y", y.data(), want.data(), rows, 1e-5, scale);
  };

  // Values and column indices once, the row offsets, x and y once each.
  Bench bench(opts, "spmv", {8.0 * nonzeros + 12.0 * rows, "GB/s"});
  const int warpsPerBlock = 256 / 32;
  bench.guard("drawbridge", [&] {
    DeviceBuffer<int> drowStart(rowStart), dcolumns(columns);
    DeviceBuffer<float> dvalues(values), dx(x), dy(rows);
    bench.time(
        "drawbridge", 256,
        [&] {
          spmvCsrVector<<<(rows + warpsPerBlock - 1) / warpsPerBlock, 256>>>(
              drowStart.get(), dcolumns.get(), dvalues.get(), dx.get(), dy.get(), rows);
          cudaFinish();
        },
        [&] { return verify(dy.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<float> y(rows);
    bench.time(
        "openmp", 0,
        [&] {
          spmvOpenMP(rowStart.data(), columns.data(), values.data(), x.data(), y.data(), rows);
        },
        [&] { return verify(y); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("spmv.cl");
    auto kernel = program->kernel("spmvCsrVector");
    auto crowStart = cl->buffer(rowStart), ccolumns = cl->buffer(columns);
    auto cvalues = cl->buffer(values), cx = cl->buffer(x), cy = cl->buffer(rows * sizeof(float));
    kernel->args(*crowStart, *ccolumns, *cvalues, *cx, *cy, rows, ocl::Local{256 * sizeof(float)});
    bench.time(
        "pocl", 256,
        [&] {
          kernel->run(size_t(rows) * 32, 256);
          cl->finish();
        },
        [&] { return verify(cy->read<float>()); });
  });
  return 0;
}
