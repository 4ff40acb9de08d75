// Checks Drawbridge's vector expf (compiler/cpu/VectorExpf.h) on every float, or every
// STRIDE-th block of 2^24 of them: a grid-stride kernel computes expf of each bit pattern in a
// vectorised thread loop, and the host compares it with expl rounded to float. Opt-in (about
// seven minutes on two cores for all of them):
//   build/toolkit/bin/nvcc -O3 tools/math-accuracy/expf_sweep.cu -o expf_sweep
//   ./expf_sweep [STRIDE]
// Prints the worst distance in ulps and how many results are past 1 ulp (CUDA's bound is 2),
// and exits non-zero if any is past 2 or a NaN argument does not give NaN.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void expOfBits(uint32_t first, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const uint32_t bits = first + uint32_t(i);
    float x;
    memcpy(&x, &bits, 4);
    out[i] = expf(x);
  }
}

// Floats in the order of their values, so that a difference counts the floats in between.
static int64_t ordered(float v) {
  int32_t i;
  memcpy(&i, &v, 4);
  return i < 0 ? int64_t(INT32_MIN) - i : i;
}

int main(int argc, char **argv) {
  const int block = 1 << 24, stride = argc > 1 ? atoi(argv[1]) : 1;
  if (stride < 1) {
    fprintf(stderr, "usage: %s [STRIDE >= 1]\n", argv[0]);
    return 2;
  }
  float *out;
  cudaMallocManaged(&out, block * sizeof(float));
  int64_t worst = 0, pastOne = 0, pastBound = 0, nanMisses = 0;
  float worstAt = 0;
  for (uint64_t b = 0; b < 256; b += stride) {
    const uint32_t first = uint32_t(b << 24);
    expOfBits<<<64, 256>>>(first, out, block);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("FAIL: launch\n");
      return 1;
    }
    for (int i = 0; i < block; ++i) {
      const uint32_t bits = first + uint32_t(i);
      float x;
      memcpy(&x, &bits, 4);
      if (std::isnan(x)) {
        nanMisses += !std::isnan(out[i]);
        continue;
      }
      const int64_t ulps = std::llabs(ordered(out[i]) - ordered(float(expl((long double)x))));
      pastOne += ulps > 1;
      pastBound += ulps > 2;
      if (ulps > worst) {
        worst = ulps;
        worstAt = x;
      }
    }
  }
  printf("expf: worst %lld ulp at %.9g; %lld past 1 ulp, %lld past the bound of 2; %lld NaN "
         "arguments without a NaN result\n",
         (long long)worst, worstAt, (long long)pastOne, (long long)pastBound, (long long)nanMisses);
  return pastBound || nanMisses;
}
