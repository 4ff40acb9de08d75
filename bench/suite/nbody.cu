// All-pairs n-body accelerations (GPU Gems 3, chapter 31): each block stages blockDim bodies
// at a time in shared memory, synchronises, and every thread accumulates the pull of the
// staged bodies on its own body with rsqrtf. Compute-bound; the block size can be swept.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

struct Body {
  float x, y, z, mass;
};
void nbodyOpenMP(const Body *bodies, Body *accel, int n, float softening);

__device__ float3 bodyPull(float4 me, float4 other, float3 accel, float softening) {
  float3 d = make_float3(other.x - me.x, other.y - me.y, other.z - me.z);
  float invDist = rsqrtf(d.x * d.x + d.y * d.y + d.z * d.z + softening);
  float s = other.w * invDist * invDist * invDist;
  accel.x += d.x * s;
  accel.y += d.y * s;
  accel.z += d.z * s;
  return accel;
}

__global__ void nbodyForces(const float4 *bodies, float4 *accel, int n, float softening) {
  extern __shared__ float4 tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = bodies[i];
  float3 sum = make_float3(0, 0, 0);
  for (int t = 0; t < n; t += blockDim.x) {
    tile[threadIdx.x] = bodies[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < blockDim.x; ++j)
      sum = bodyPull(me, tile[j], sum, softening);
    __syncthreads();
  }
  accel[i] = make_float4(sum.x, sum.y, sum.z, 0);
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(1024, 8192, 32768); // a multiple of every block size
  const float softening = 1e-3f;
  HostVector<Body> bodies(n);
  Random random(7);
  for (auto &b : bodies)
    b = {random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1),
         random.uniform(0.5f, 1)};
  // Checks a sample of bodies against double precision (each component within 1e-4 of the sum
  // of the magnitudes of its terms).
  auto verify = [&](const HostVector<Body> &accel) {
    bool ok = true;
    for (int i = 0; i < n && ok; i += std::max(1, n / 256)) {
      double want[3] = {}, scale[3] = {};
      for (int j = 0; j < n; ++j) {
        double d[3] = {double(bodies[j].x) - bodies[i].x, double(bodies[j].y) - bodies[i].y,
                       double(bodies[j].z) - bodies[i].z};
        double invDist = 1 / std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + softening);
        double s = bodies[j].mass * invDist * invDist * invDist;
        for (int k = 0; k < 3; ++k) {
          want[k] += d[k] * s;
          scale[k] += std::fabs(d[k] * s);
        }
      }
      float got[3] = {accel[i].x, accel[i].y, accel[i].z};
      for (int k = 0; k < 3; ++k)
        ok = ok && checkClose("accel", &got[k], &want[k], 1, 1e-4, scale[k]);
    }
    return ok;
  };

  // 20 floating-point operations per interaction, as GPU Gems counts them.
  Bench bench(opts, "nbody", {20.0 * n * n, "GFLOP/s"});
  bench.guard("drawbridge", [&] {
    DeviceBuffer<Body> dbodies(bodies), daccel(n);
    for (int bs : opts.blocks(256))
      bench.time(
          "drawbridge", bs,
          [&] {
            nbodyForces<<<n / bs, bs, bs * sizeof(float4)>>>(
                reinterpret_cast<const float4 *>(dbodies.get()),
                reinterpret_cast<float4 *>(daccel.get()), n, softening);
            cudaFinish();
          },
          [&] { return verify(daccel.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<Body> accel(n);
    bench.time(
        "openmp", 0, [&] { nbodyOpenMP(bodies.data(), accel.data(), n, softening); },
        [&] { return verify(accel); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("nbody.cl");
    auto kernel = program->kernel("nbodyForces");
    auto cbodies = cl->buffer(bodies), caccel = cl->buffer(n * sizeof(Body));
    for (int bs : opts.blocks(256)) {
      kernel->args(*cbodies, *caccel, n, softening, ocl::Local{bs * sizeof(Body)});
      bench.time(
          "pocl", bs,
          [&] {
            kernel->run(n, bs);
            cl->finish();
          },
          [&] { return verify(caccel->read<Body>()); });
    }
  });
  return 0;
}
