// Launch overhead: many launches of an empty kernel (one block of 256 threads per worker)
// against an empty OpenMP parallel region and an empty PoCL kernel enqueue. Two ways:
// - launch-sync: each launch waited for (cudaDeviceSynchronize, clFinish), as an OpenMP
//   region always is;
// - launch-async: a batch of launches queued back to back, then one wait.
// The times reported are per launch.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

void emptyRegionOpenMP();

__global__ void empty() {}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int launches = opts.pick(100, 2000, 10000);
  auto nothing = [] { return true; };

  // Each timed call makes `launches` launches; the results are per launch.
  Bench sync(opts, "launch-sync", {1, "Glaunch/s"}, launches);
  Bench async(opts, "launch-async", {1, "Glaunch/s"}, launches);
  sync.guard("drawbridge", [&] {
    const int blocks = gridStrideBlocks() / 32; // one block per multiprocessor
    sync.time(
        "drawbridge", 256,
        [&] {
          for (int i = 0; i < launches; ++i) {
            empty<<<blocks, 256>>>();
            cudaFinish();
          }
        },
        nothing);
    async.time(
        "drawbridge", 256,
        [&] {
          for (int i = 0; i < launches; ++i)
            empty<<<blocks, 256>>>();
          cudaFinish();
        },
        nothing);
  });
  for (Bench *bench : {&sync, &async})
    bench->guard("openmp", [&] {
      bench->time(
          "openmp", 0,
          [&] {
            for (int i = 0; i < launches; ++i)
              emptyRegionOpenMP();
          },
          nothing);
    });
  sync.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("launch.cl");
    auto kernel = program->kernel("empty");
    const size_t groups = cl->gridStrideGroups() / 32;
    sync.time(
        "pocl", 256,
        [&] {
          for (int i = 0; i < launches; ++i) {
            kernel->run(groups * 256, 256);
            cl->finish();
          }
        },
        nothing);
    async.time(
        "pocl", 256,
        [&] {
          for (int i = 0; i < launches; ++i)
            kernel->run(groups * 256, 256);
          cl->finish();
        },
        nothing);
  });
  return 0;
}
