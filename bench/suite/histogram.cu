// A 256-bin histogram of bytes with shared-memory atomics: each block counts a grid-stride
// share of the input into its own histogram in shared memory (atomicAdd there), then adds it
// to the global histogram with one global atomicAdd per bin. The block size can be swept.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

void histogramOpenMP(const unsigned char *data, size_t n, unsigned *bins);

constexpr int BINS = 256;

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[BINS];
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < BINS; b += blockDim.x)
    if (local[b])
      atomicAdd(&bins[b], local[b]);
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(1 << 16, 1 << 25, 1 << 28);
  HostVector<unsigned char> data(n);
  Random random(6);
  for (auto &v : data)
    v = static_cast<unsigned char>(random.next() >> 56);
  HostVector<unsigned> want(BINS);
  for (unsigned char v : data)
    ++want[v];
  auto verify = [&](const HostVector<unsigned> &bins) {
    return checkEqual("bins", bins.data(), want.data(), BINS);
  };

  Bench bench(opts, "histogram", {double(n), "GB/s"});
  bench.guard("drawbridge", [&] {
    const int blocks = gridStrideBlocks();
    DeviceBuffer<unsigned char> ddata(data);
    DeviceBuffer<unsigned> bins(BINS);
    for (int bs : opts.blocks(256))
      bench.time(
          "drawbridge", bs,
          [&] {
            SUITE_CUDA(cudaMemsetAsync(bins.get(), 0, BINS * sizeof(unsigned)));
            histogram<<<blocks, bs>>>(ddata.get(), bins.get(), n);
            cudaFinish();
          },
          [&] { return verify(bins.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<unsigned> bins(BINS);
    bench.time(
        "openmp", 0, [&] { histogramOpenMP(data.data(), n, bins.data()); },
        [&] { return verify(bins); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("histogram.cl");
    auto kernel = program->kernel("histogram");
    const size_t groups = cl->gridStrideGroups();
    auto cdata = cl->buffer(data), bins = cl->buffer(BINS * sizeof(unsigned));
    const HostVector<unsigned> zeros(BINS);
    kernel->args(*cdata, *bins, n);
    for (int bs : opts.blocks(256))
      bench.time(
          "pocl", bs,
          [&] {
            bins->write(zeros);
            kernel->run(groups * bs, bs);
            cl->finish();
          },
          [&] { return verify(bins->read<unsigned>()); });
  });
  return 0;
}
