// One Jacobi step of a 5-point stencil on a 2D grid: each 32 x 8 block stages its tile and a
// one-cell halo in shared memory, synchronises, and computes from the tile (the usual GPU
// stencil). The grid's border is copied unchanged.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

void stencilOpenMP(const float *in, float *out, int nx, int ny, float center, float neighbour);

constexpr int BX = 32, BY = 8;

__global__ void stencil5(const float *in, float *out, int nx, int ny, float center,
                         float neighbour) {
  __shared__ float tile[BY + 2][BX + 2];
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
    out[y * nx + x] = center * tile[ty][tx] + neighbour * (tile[ty - 1][tx] + tile[ty + 1][tx] +
                                                           tile[ty][tx - 1] + tile[ty][tx + 1]);
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int nx = opts.pick(256, 4096, 8192), ny = nx;
  const size_t cells = size_t(nx) * ny;
  const float center = 0.6f, neighbour = 0.1f;
  HostVector<float> in(cells);
  Random random(5);
  for (auto &v : in)
    v = random.uniform(0, 1);
  HostVector<double> want(cells);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      size_t i = size_t(y) * nx + x;
      bool border = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
      want[i] = border ? in[i]
                       : double(center) * in[i] +
                             double(neighbour) *
                                 (double(in[i - nx]) + in[i + nx] + in[i - 1] + in[i + 1]);
    }
  auto verify = [&](const HostVector<float> &out) {
    return checkClose("out", out.data(), want.data(), cells, 1e-5);
  };

  Bench bench(opts, "stencil", {2.0 * cells * sizeof(float), "GB/s"});
  bench.guard("drawbridge", [&] {
    DeviceBuffer<float> din(in), dout(cells);
    dim3 grid((nx + BX - 1) / BX, (ny + BY - 1) / BY), block(BX, BY);
    bench.time(
        "drawbridge", BX * BY,
        [&] {
          stencil5<<<grid, block>>>(din.get(), dout.get(), nx, ny, center, neighbour);
          cudaFinish();
        },
        [&] { return verify(dout.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<float> out(cells);
    bench.time(
        "openmp", 0, [&] { stencilOpenMP(in.data(), out.data(), nx, ny, center, neighbour); },
        [&] { return verify(out); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("stencil.cl");
    auto kernel = program->kernel("stencil5");
    auto cin = cl->buffer(in), cout = cl->buffer(cells * sizeof(float));
    kernel->args(*cin, *cout, nx, ny, center, neighbour);
    bench.time(
        "pocl", BX * BY,
        [&] {
          kernel->run2d(nx, ny, BX, BY);
          cl->finish();
        },
        [&] { return verify(cout->read<float>()); });
  });
  return 0;
}
