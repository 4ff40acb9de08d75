// Single-precision matrix product through shared-memory tiles (the CUDA programming guide's
// and the matrixMul sample's kernel): each block loads a tile of A and one of B, synchronises,
// and accumulates their product. Block sizes 64, 256 and 1024 are tiles of 8, 16 and 32.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

#include <string>

void sgemmOpenMP(const float *a, const float *b, float *c, int n);

template <int TILE> __global__ void sgemmTiled(const float *a, const float *b, float *c, int n) {
  __shared__ float aTile[TILE][TILE];
  __shared__ float bTile[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0;
  for (int t = 0; t < n; t += TILE) {
    aTile[ty][tx] = a[row * n + t + tx];
    bTile[ty][tx] = b[(t + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += aTile[ty][k] * bTile[k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

static void launch(int tile, const float *a, const float *b, float *c, int n) {
  dim3 grid(n / tile, n / tile), block(tile, tile);
  switch (tile) {
  case 8:
    return sgemmTiled<8><<<grid, block>>>(a, b, c, n);
  case 16:
    return sgemmTiled<16><<<grid, block>>>(a, b, c, n);
  case 32:
    return sgemmTiled<32><<<grid, block>>>(a, b, c, n);
  }
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(64, 512, 2048);
  HostVector<float> a(size_t(n) * n), b(size_t(n) * n);
  Random random(3);
  for (auto &v : a)
    v = random.uniform(-1, 1);
  for (auto &v : b)
    v = random.uniform(-1, 1);
  // Checks a sample of C's entries against double-precision dot products.
  auto verify = [&](const HostVector<float> &c) {
    Random pick(4);
    bool ok = true;
    for (int s = 0; s < 2048 && ok; ++s) {
      int i = pick.below(n), j = pick.below(n);
      double want = 0, scale = 0;
      for (int k = 0; k < n; ++k) {
        want += double(a[size_t(i) * n + k]) * b[size_t(k) * n + j];
        scale += std::fabs(double(a[size_t(i) * n + k]) * b[size_t(k) * n + j]);
      }
      float got = c[size_t(i) * n + j];
      ok = checkClose("c", &got, &want, 1, 1e-5, scale);
    }
    return ok;
  };
  // The tile sides for the requested block sizes (those that are squares of 8, 16 or 32).
  std::vector<int> tiles;
  for (int bs : opts.blocks(256))
    if (bs == 64 || bs == 256 || bs == 1024)
      tiles.push_back(bs == 64 ? 8 : bs == 256 ? 16 : 32);

  Bench bench(opts, "sgemm", {2.0 * n * n * n, "GFLOP/s"});
  bench.guard("drawbridge", [&] {
    DeviceBuffer<float> da(a), db(b), dc(size_t(n) * n);
    for (int tile : tiles)
      bench.time(
          "drawbridge", tile * tile,
          [&] {
            launch(tile, da.get(), db.get(), dc.get(), n);
            cudaFinish();
          },
          [&] { return verify(dc.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<float> c(size_t(n) * n);
    bench.time(
        "openmp", 0, [&] { sgemmOpenMP(a.data(), b.data(), c.data(), n); },
        [&] { return verify(c); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto ca = cl->buffer(a), cb = cl->buffer(b), cc = cl->buffer(size_t(n) * n * sizeof(float));
    for (int tile : tiles) {
      auto program = cl->build("sgemm.cl", "-DTILE=" + std::to_string(tile));
      auto kernel = program->kernel("sgemmTiled");
      kernel->args(*ca, *cb, *cc, n);
      bench.time(
          "pocl", tile * tile,
          [&] {
            kernel->run2d(n, n, tile, tile);
            cl->finish();
          },
          [&] { return verify(cc->read<float>()); });
    }
  });
  return 0;
}
