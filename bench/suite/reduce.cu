// The sum of an array, two ways GPU code computes it, each against the same OpenMP reduction:
// - reduce-block: partial sums in shared memory combined by a tree of __syncthreads steps,
//   then a second one-block launch over the blocks' sums (NVIDIA's classic reduction);
// - reduce-warp: warp shuffles (__shfl_down_sync) inside each warp, one shared slot per warp,
//   and an atomicAdd of each block's sum (the Kepler-era "faster reductions" idiom).
// Both read the input with a grid-stride loop; the block size can be swept.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

float sumOpenMP(const float *in, size_t n);

__global__ void reduceBlock(const float *in, float *blockSums, int n) {
  extern __shared__ float partial[];
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    blockSums[blockIdx.x] = partial[0];
}

__device__ float warpSum(float value) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    value += __shfl_down_sync(0xffffffff, value, offset);
  return value;
}

__global__ void reduceWarp(const float *in, float *total, int n) {
  __shared__ float warpSums[32];
  float sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = warpSum(sum);
  int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0)
    warpSums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = lane < blockDim.x / warpSize ? warpSums[lane] : 0;
    sum = warpSum(sum);
    if (lane == 0)
      atomicAdd(total, sum);
  }
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(1 << 16, 1 << 24, 1 << 26);
  HostVector<float> in(n);
  Random random(2);
  double want = 0;
  for (int i = 0; i < n; ++i)
    want += in[i] = random.uniform(0, 1);
  auto verify = [&](float got) { return checkClose("sum", &got, &want, 1, 1e-4); };
  const Work work = {double(n) * sizeof(float), "GB/s"};

  Bench block(opts, "reduce-block", work), warp(opts, "reduce-warp", work);
  block.guard("drawbridge", [&] {
    const int blocks = gridStrideBlocks();
    DeviceBuffer<float> din(in), sums(blocks), total(1);
    for (int bs : opts.blocks(256)) {
      block.time(
          "drawbridge", bs,
          [&] {
            reduceBlock<<<blocks, bs, bs * sizeof(float)>>>(din.get(), sums.get(), n);
            reduceBlock<<<1, bs, bs * sizeof(float)>>>(sums.get(), total.get(), blocks);
            cudaFinish();
          },
          [&] { return verify(total.download()[0]); });
      warp.time(
          "drawbridge", bs,
          [&] {
            SUITE_CUDA(cudaMemsetAsync(total.get(), 0, sizeof(float)));
            reduceWarp<<<blocks, bs>>>(din.get(), total.get(), n);
            cudaFinish();
          },
          [&] { return verify(total.download()[0]); });
    }
  });
  for (Bench *bench : {&block, &warp})
    bench->guard("openmp", [&] {
      float sum = 0;
      bench->time("openmp", 0, [&] { sum = sumOpenMP(in.data(), n); }, [&] { return verify(sum); });
    });
  for (Bench *bench : {&block, &warp})
    bench->guard("pocl", [&] {
      auto cl = ocl::Device::open();
      auto program = cl->build("reduce.cl");
      auto kernel = program->kernel("reduceBlock");
      const int groups = cl->gridStrideGroups();
      auto cin = cl->buffer(in), sums = cl->buffer(groups * sizeof(float)),
           total = cl->buffer(sizeof(float));
      for (int bs : opts.blocks(256))
        bench->time(
            "pocl", bs,
            [&] {
              kernel->args(*cin, *sums, n, ocl::Local{bs * sizeof(float)}).run(groups * bs, bs);
              kernel->args(*sums, *total, groups, ocl::Local{bs * sizeof(float)}).run(bs, bs);
              cl->finish();
            },
            [&] { return verify(total->read<float>()[0]); });
    });
  return 0;
}
