// Black-Scholes pricing of European options (the CUDA sample's kernel): math-heavy (sqrtf,
// logf, two expf and a division per cumulative normal), in a grid-stride loop. The block
// size can be swept.
#include "common/bench.h"
#include "common/cuda.h"
#include "common/opencl.h"

void blackScholesOpenMP(float *call, float *put, const float *price, const float *strike,
                        const float *years, float rate, float volatility, size_t n);

// The cumulative normal distribution, by Abramowitz and Stegun's polynomial (26.2.17).
__device__ float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
              a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = rsqrt2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

__global__ void blackScholes(float *call, float *put, const float *price, const float *strike,
                             const float *years, float rate, float volatility, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float s = price[i], x = strike[i], t = years[i];
    float sqrtT = sqrtf(t);
    float d1 = (logf(s / x) + (rate + 0.5f * volatility * volatility) * t) / (volatility * sqrtT);
    float d2 = d1 - volatility * sqrtT;
    float cndD1 = cnd(d1), cndD2 = cnd(d2);
    float discount = expf(-rate * t);
    call[i] = s * cndD1 - x * discount * cndD2;
    put[i] = x * discount * (1.0f - cndD2) - s * (1.0f - cndD1);
  }
}

// The same formula in double precision, for the reference prices.
static double cndReference(double d) {
  const double a1 = 0.31938153, a2 = -0.356563782, a3 = 1.781477937, a4 = -1.821255978,
               a5 = 1.330274429, rsqrt2pi = 0.39894228040143267794;
  double k = 1.0 / (1.0 + 0.2316419 * std::fabs(d));
  double c =
      rsqrt2pi * std::exp(-0.5 * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0 - c : c;
}

int main(int argc, char **argv) {
  using namespace suite;
  Options opts = parseOptions(argc, argv);
  const int n = opts.pick(1 << 14, 1 << 22, 1 << 24);
  const float rate = 0.02f, volatility = 0.30f;
  HostVector<float> price(n), strike(n), years(n);
  Random random(10);
  for (int i = 0; i < n; ++i) {
    price[i] = random.uniform(5, 30);
    strike[i] = random.uniform(1, 100);
    years[i] = random.uniform(0.25f, 10);
  }
  HostVector<double> wantCall(n), wantPut(n);
  for (int i = 0; i < n; ++i) {
    double s = price[i], x = strike[i], t = years[i], r = rate, v = volatility;
    double d1 = (std::log(s / x) + (r + 0.5 * v * v) * t) / (v * std::sqrt(t));
    double d2 = d1 - v * std::sqrt(t);
    double discount = std::exp(-r * t);
    wantCall[i] = s * cndReference(d1) - x * discount * cndReference(d2);
    wantPut[i] = x * discount * (1 - cndReference(d2)) - s * (1 - cndReference(d1));
  }
  // Prices are within 1e-4 of the reference, relative to the price or to 10 if smaller.
  auto verify = [&](const HostVector<float> &call, const HostVector<float> &put) {
    return checkClose("call", call.data(), wantCall.data(), n, 1e-4, 10) &&
           checkClose("put", put.data(), wantPut.data(), n, 1e-4, 10);
  };

  Bench bench(opts, "blackscholes", {double(n), "Gopt/s"});
  bench.guard("drawbridge", [&] {
    const int blocks = gridStrideBlocks();
    DeviceBuffer<float> call(n), put(n), dprice(price), dstrike(strike), dyears(years);
    for (int bs : opts.blocks(256))
      bench.time(
          "drawbridge", bs,
          [&] {
            blackScholes<<<blocks, bs>>>(call.get(), put.get(), dprice.get(), dstrike.get(),
                                         dyears.get(), rate, volatility, n);
            cudaFinish();
          },
          [&] { return verify(call.download(), put.download()); });
  });
  bench.guard("openmp", [&] {
    HostVector<float> call(n), put(n);
    bench.time(
        "openmp", 0,
        [&] {
          blackScholesOpenMP(call.data(), put.data(), price.data(), strike.data(), years.data(),
                             rate, volatility, n);
        },
        [&] { return verify(call, put); });
  });
  bench.guard("pocl", [&] {
    auto cl = ocl::Device::open();
    auto program = cl->build("blackscholes.cl");
    auto kernel = program->kernel("blackScholes");
    const size_t groups = cl->gridStrideGroups();
    auto call = cl->buffer(n * sizeof(float)), put = cl->buffer(n * sizeof(float));
    auto cprice = cl->buffer(price), cstrike = cl->buffer(strike), cyears = cl->buffer(years);
    kernel->args(*call, *put, *cprice, *cstrike, *cyears, rate, volatility, n);
    for (int bs : opts.blocks(256))
      bench.time(
          "pocl", bs,
          [&] {
            kernel->run(groups * bs, bs);
            cl->finish();
          },
          [&] { return verify(call->read<float>(), put->read<float>()); });
  });
  return 0;
}
