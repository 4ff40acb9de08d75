// Exclusive prefix sum of ints, the way GPU libraries structure it: each block scans a tile
// of 2048 values (loaded into shared memory with coalesced reads, 8 consecutive values scanned
// per thread, the 256 thread totals scanned Hillis-Steele style between barriers) and writes
// the tile's total; the totals are scanned the same way, recursively; a last kernel adds each
// tile's offset.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

#include <memory>

void scanOpenMP(const int *in, int *out, size_t n);

constexpr int SCAN_THREADS = 256, ITEMS = 8, TILE = SCAN_THREADS * ITEMS;

__global__ void scanTiles(const int *in, int *out, int *tileSums, int n) {
  __shared__ int items[TILE];
  __shared__ int threadSums[SCAN_THREADS];
  int base = blockIdx.x * TILE;
  for (int k = threadIdx.x; k < TILE; k += SCAN_THREADS)
    items[k] = base + k < n ? in[base + k] : 0;
  __syncthreads();
  int *mine = items + threadIdx.x * ITEMS;
  int sum = 0;
  for (int k = 0; k < ITEMS; ++k) {
    int v = mine[k];
    mine[k] = sum;
    sum += v;
  }
  threadSums[threadIdx.x] = sum;
  __syncthreads();
  for (int offset = 1; offset < SCAN_THREADS; offset *= 2) {
    int v = threadIdx.x >= offset ? threadSums[threadIdx.x - offset] : 0;
    __syncthreads();
    threadSums[threadIdx.x] += v;
    __syncthreads();
  }
  int prefix = threadIdx.x > 0 ? threadSums[threadIdx.x - 1] : 0;
  for (int k = 0; k < ITEMS; ++k)
    mine[k] += prefix;
  __syncthreads();
  for (int k = threadIdx.x; k < TILE; k += SCAN_THREADS)
    if (base + k < n)
      out[base + k] = items[k];
  if (threadIdx.x == SCAN_THREADS - 1)
    tileSums[blockIdx.x] = threadSums[SCAN_THREADS - 1];
}

__global__ void addOffsets(int *out, const int *offsets, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] += offsets[i / TILE];
}

static int tilesOf(int n) { return (n + TILE - 1) / TILE; }

// The tile totals of each level of the recursion: level k scans levels[k-1] (level 0 scans the
// input), and the last level is a single tile.
template <class Buffer, class Make> std::vector<std::unique_ptr<Buffer>> levels(int n, Make make) {
  std::vector<std::unique_ptr<Buffer>> sums;
  do {
    n = tilesOf(n);
    sums.push_back(make(n));
  } while (n > 1);
  return sums;
}

// Scans in[0, n) into out; in == out is allowed (every block reads its tile before writing).
static void scanDevice(const int *in, int *out, int n,
                       const std::vector<std::unique_ptr<suite::DeviceBuffer<int>>> &sums,
                       size_t level = 0) {
  int *tileSums = sums[level]->get();
  scanTiles<<<tilesOf(n), SCAN_THREADS>>>(in, out, tileSums, n);
  if (tilesOf(n) == 1)
    return;
  scanDevice(tileSums, tileSums, tilesOf(n), sums, level + 1);
  addOffsets<<<(n + 255) / 256, 256>>>(out, tileSums, n);
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(1 << 16, 1 << 24, 1 << 26);
  HostVector<int> in(n), want(n);
  Random random(9);
  for (auto &v : in)
    v = random.below(10);
  for (int i = 0, sum = 0; i < n; sum += in[i++])
    want[i] = sum;
  auto verify = [&](const HostVector<int> &out) {
    return checkEqual("out", out.data(), want.data(), n);
  };

  Bench bench(opts, "scan", {2.0 * n * sizeof(int), "GB/s"});
  bench.guard("drawbridge", [&] {
    DeviceBuffer<int> din(in), dout(n);
    auto sums = levels<DeviceBuffer<int>>(
        n, [](int count) { return std::make_unique<DeviceBuffer<int>>(count); });
    bench.time(
        "drawbridge", SCAN_THREADS,
        [&] {
          scanDevice(din.get(), dout.get(), n, sums);
          cudaFinish();
        },
        [&] { return verify(dout.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<int> out(n);
    bench.time(
        "openmp", 0, [&] { scanOpenMP(in.data(), out.data(), n); }, [&] { return verify(out); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("scan.cl");
    auto scanTilesKernel = program->kernel("scanTiles");
    auto addOffsetsKernel = program->kernel("addOffsets");
    auto cin = cl->buffer(in), cout = cl->buffer(n * sizeof(int));
    auto sums = levels<ocl::Buffer>(n, [&](int count) { return cl->buffer(count * sizeof(int)); });
    // The same recursion as scanDevice.
    std::function<void(const ocl::Buffer &, const ocl::Buffer &, int, size_t)> scan =
        [&](const ocl::Buffer &in, const ocl::Buffer &out, int count, size_t level) {
          const ocl::Buffer &tileSums = *sums[level];
          scanTilesKernel->args(in, out, tileSums, count)
              .run(tilesOf(count) * SCAN_THREADS, SCAN_THREADS);
          if (tilesOf(count) == 1)
            return;
          scan(tileSums, tileSums, tilesOf(count), level + 1);
          addOffsetsKernel->args(out, tileSums, count).run(count, 256);
        };
    bench.time(
        "pocl", SCAN_THREADS,
        [&] {
          scan(*cin, *cout, n, 0);
          cl->finish();
        },
        [&] { return verify(cout->read<int>()); });
  });
  return 0;
}
