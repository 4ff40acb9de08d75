// STREAM triad (a = b + s * c) three ways, and the machine's memory bandwidth measured beside
// it (a parallel memcpy, and the OpenMP triad with non-temporal stores): the triad should
// reach most of it. The CUDA kernel is the
// usual one element per thread (BabelStream's); its block size can be swept.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

void triadOpenMP(float *a, const float *b, const float *c, float scalar, size_t n);
void triadStreamingOpenMP(float *a, const float *b, const float *c, float scalar, size_t n);
void copyOpenMP(void *dst, const void *src, size_t bytes);

__global__ void triad(float *a, const float *b, const float *c, float scalar, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + scalar * c[i];
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(1 << 16, 1 << 24, 1 << 26);
  const float scalar = 3.0f;
  HostVector<float> b(n), c(n);
  Random random(1);
  for (int i = 0; i < n; ++i) {
    b[i] = random.uniform(-1, 1);
    c[i] = random.uniform(-1, 1);
  }
  HostVector<double> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = b[i] + double(scalar) * c[i];
  auto verify = [&](const HostVector<float> &a) {
    return checkClose("a", a.data(), want.data(), n, 1e-6);
  };

  Bench bench(opts, "triad", {3.0 * n * sizeof(float), "GB/s"});
  bench.guard("drawbridge", [&] {
    DeviceBuffer<float> a(n), db(b), dc(c);
    for (int bs : opts.blocks(256))
      bench.time(
          "drawbridge", bs,
          [&] {
            triad<<<(n + bs - 1) / bs, bs>>>(a.get(), db.get(), dc.get(), scalar, n);
            cudaFinish();
          },
          [&] { return verify(a.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<float> a(n);
    bench.time(
        "openmp", 0, [&] { triadOpenMP(a.data(), b.data(), c.data(), scalar, n); },
        [&] { return verify(a); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("triad.cl");
    auto kernel = program->kernel("triad");
    auto a = cl->buffer(n * sizeof(float)), cb = cl->buffer(b), cc = cl->buffer(c);
    kernel->args(*a, *cb, *cc, scalar, n);
    for (int bs : opts.blocks(256))
      bench.time(
          "pocl", bs,
          [&] {
            kernel->run(n, bs);
            cl->finish();
          },
          [&] { return verify(a->read<float>()); });
  });

  // The bandwidth the triad is judged against, counted as STREAM counts (bytes read + written).
  Bench copy(opts, "bandwidth", {2.0 * n * sizeof(float), "GB/s"});
  copy.guard("memcpy", [&] {
    HostVector<float> out(n);
    copy.time(
        "memcpy", 0, [&] { copyOpenMP(out.data(), b.data(), n * sizeof(float)); },
        [&] { return std::memcmp(out.data(), b.data(), n * sizeof(float)) == 0; });
  });
  Bench streaming(opts, "bandwidth", {3.0 * n * sizeof(float), "GB/s"});
  streaming.guard("triad-nt", [&] {
    HostVector<float> a(n);
    streaming.time(
        "triad-nt", 0, [&] { triadStreamingOpenMP(a.data(), b.data(), c.data(), scalar, n); },
        [&] { return verify(a); });
  });
  return 0;
}
