// Matrix transpose through shared memory (NVIDIA's "efficient matrix transpose"): a 32 x 8
// block reads a 32 x 32 tile along rows into shared memory padded by one column, synchronises,
// and writes the tile's transpose along rows of the output.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

void transposeOpenMP(const float *in, float *out, int rows, int cols);

constexpr int TILE_DIM = 32, BLOCK_ROWS = 8;

__global__ void transposeTiled(const float *in, float *out, int rows, int cols) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x, y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int rows = opts.pick(256, 4000, 8000), cols = rows; // not powers of two: see above
  const size_t cells = size_t(rows) * cols;
  HostVector<float> in(cells);
  Random random(8);
  for (auto &v : in)
    v = random.uniform(-1, 1);
  auto verify = [&](const HostVector<float> &out) {
    size_t bad = 0;
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        if (out[size_t(c) * rows + r] != in[size_t(r) * cols + c] && bad++ == 0)
          std::fprintf(stderr, "out[%d][%d] = %g, expected %g\n", c, r, out[size_t(c) * rows + r],
                       in[size_t(r) * cols + c]);
    return bad == 0;
  };

  Bench bench(opts, "transpose", {2.0 * cells * sizeof(float), "GB/s"});
  bench.guard("drawbridge", [&] {
    DeviceBuffer<float> din(in), dout(cells);
    dim3 grid((cols + TILE_DIM - 1) / TILE_DIM, (rows + TILE_DIM - 1) / TILE_DIM);
    dim3 block(TILE_DIM, BLOCK_ROWS);
    bench.time(
        "drawbridge", TILE_DIM * BLOCK_ROWS,
        [&] {
          transposeTiled<<<grid, block>>>(din.get(), dout.get(), rows, cols);
          cudaFinish();
        },
        [&] { return verify(dout.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<float> out(cells);
    bench.time(
        "openmp", 0, [&] { transposeOpenMP(in.data(), out.data(), rows, cols); },
        [&] { return verify(out); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("transpose.cl");
    auto kernel = program->kernel("transposeTiled");
    auto cin = cl->buffer(in), cout = cl->buffer(cells * sizeof(float));
    kernel->args(*cin, *cout, rows, cols);
    bench.time(
        "pocl", TILE_DIM * BLOCK_ROWS,
        [&] {
          // One work-group per 32 x 32 tile: the NDRange is 32 x 8 work-items per tile.
          kernel->run2d((cols + TILE_DIM - 1) / TILE_DIM * TILE_DIM,
                        (rows + TILE_DIM - 1) / TILE_DIM * BLOCK_ROWS, TILE_DIM, BLOCK_ROWS);
          cl->finish();
        },
        [&] { return verify(cout->read<float>()); });
  });
  return 0;
}
