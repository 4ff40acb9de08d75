// Round-to-nearest arithmetic intrinsics are single IEEE operations that the compiler must never
// contract: __fmul_rn followed by __fadd_rn differs from __fmaf_rn where the product is inexact.
// Checks __fadd_rn/__fsub_rn/__fmul_rn/__fmaf_rn/__fdiv_rn/__frcp_rn/__fsqrt_rn and the
// double forms bit-exactly, and __fdividef within 2 ulp plus its documented special case
// (for 2^126 < |y| < 2^128: 0 for finite x, NaN for infinite x).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cstdint>

#define NR 16

__global__ void ops(const float *a, const float *b, const float *c, const double *da, const double *db,
                    const double *dc, int n, unsigned long long *out, float *fdiv) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i];
  double p = da[i], q = db[i], r = dc[i];
  unsigned long long *o = out + i * NR;
  o[0] = __float_as_uint(__fadd_rn(__fmul_rn(x, y), z)); // two roundings, never fused
  o[1] = __float_as_uint(__fmaf_rn(x, y, z));            // one rounding
  o[2] = __float_as_uint(__fsub_rn(x, z));
  o[3] = __float_as_uint(__fdiv_rn(x, y));
  o[4] = __float_as_uint(__frcp_rn(y));
  o[5] = __float_as_uint(__fsqrt_rn(fabsf(x)));
  o[6] = __double_as_longlong(__dadd_rn(__dmul_rn(p, q), r));
  o[7] = __double_as_longlong(__fma_rn(p, q, r));
  o[8] = __double_as_longlong(__dsub_rn(p, r));
  o[9] = __double_as_longlong(__ddiv_rn(p, q));
  o[10] = __double_as_longlong(__drcp_rn(q));
  o[11] = __double_as_longlong(__dsqrt_rn(fabs(p)));
  o[12] = __float_as_uint(x * y + z); // plain expression: may be contracted (not checked)
  fdiv[i] = __fdividef(x, y);
}

static unsigned f2u(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static unsigned long long d2u(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
static float u2f(unsigned u) { float f; memcpy(&f, &u, 4); return f; }

int main() {
  const int n = 3000;
  float *a, *b, *c, *fd;
  double *da, *db, *dc;
  unsigned long long *out;
  cudaMallocManaged(&a, n * 4); cudaMallocManaged(&b, n * 4); cudaMallocManaged(&c, n * 4); cudaMallocManaged(&fd, n * 4);
  cudaMallocManaged(&da, n * 8); cudaMallocManaged(&db, n * 8); cudaMallocManaged(&dc, n * 8);
  cudaMallocManaged(&out, (size_t)n * NR * 8);
  unsigned long long s = 88172645463325252ull;
  auto rnd = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; };
  for (int i = 0; i < n; ++i) {
    // mantissa-heavy values of moderate exponent, so products are inexact
    a[i] = ldexpf(1.0f + (rnd() % 8388608) / 8388608.0f, (int)(rnd() % 40) - 20) * ((rnd() & 1) ? -1 : 1);
    b[i] = ldexpf(1.0f + (rnd() % 8388608) / 8388608.0f, (int)(rnd() % 40) - 20);
    c[i] = -a[i] * b[i] * (1.0f + ((int)(rnd() % 64) - 32) * 1e-7f); // near-cancellation makes fusing visible
    da[i] = ldexp(1.0 + (rnd() >> 12) / 4503599627370496.0, (int)(rnd() % 80) - 40) * ((rnd() & 1) ? -1 : 1);
    db[i] = ldexp(1.0 + (rnd() >> 12) / 4503599627370496.0, (int)(rnd() % 80) - 40);
    dc[i] = -da[i] * db[i] * (1.0 + ((int)(rnd() % 64) - 32) * 1e-16);
  }
  // the documented __fdividef special case
  a[0] = 3.0f; b[0] = ldexpf(1.5f, 126);
  a[1] = -1e30f; b[1] = ldexpf(1.9f, 127);
  a[2] = INFINITY; b[2] = ldexpf(1.0f, 127);
  ops<<<(n + 127) / 128, 128>>>(a, b, c, da, db, dc, n, out, fd);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0, fusedDiffers = 0;
  static const char *names[12] = {"__fadd_rn(__fmul_rn)", "__fmaf_rn", "__fsub_rn", "__fdiv_rn", "__frcp_rn", "__fsqrt_rn",
                                  "__dadd_rn(__dmul_rn)", "__fma_rn", "__dsub_rn", "__ddiv_rn", "__drcp_rn", "__dsqrt_rn"};
  for (int i = 0; i < n; ++i) {
    volatile float x = a[i], y = b[i], z = c[i];
    volatile double p = da[i], q = db[i], r = dc[i];
    volatile float prod = x * y;
    volatile double dprod = p * q;
    unsigned long long want[12] = {f2u(prod + z), f2u(fmaf(x, y, z)), f2u(x - z), f2u(x / y), f2u(1.0f / y),
                                   f2u(sqrtf(fabsf(x))), d2u(dprod + r), d2u(fma(p, q, r)), d2u(p - r), d2u(p / q),
                                   d2u(1.0 / q), d2u(sqrt(fabs(p)))};
    if (want[0] != want[1]) fusedDiffers++;
    for (int k = 0; k < 12; ++k) {
      if (i < 3 && k != 0 && k != 1 && k != 2 && k < 6) continue; // special __fdividef inputs
      unsigned long long got = out[i * NR + k];
      if (got != want[k] && failures++ < 12)
        printf("%s input %d: got %#llx, expected %#llx\n", names[k], i, got, want[k]);
    }
    // __fdividef: 2 ulp for 2^-126 <= |y| <= 2^126, 0 for 2^126 < |y| < 2^128 and finite x
    float got = fd[i];
    if (fabsf(y) > ldexpf(1.0f, 126)) {
      bool ok = std::isinf(x) ? std::isnan(got) : got == 0.0f;
      if (!ok && failures++ < 12) printf("__fdividef(%g, %g) = %g, expected %s\n", (float)x, (float)y, got, std::isinf(x) ? "NaN" : "0");
    } else {
      float want = x / y;
      long long ulps = llabs((long long)(int32_t)f2u(got) - (long long)(int32_t)f2u(want));
      if (ulps > 2 && failures++ < 12) printf("__fdividef(%g, %g) = %.9g, expected %.9g (%lld ulp)\n", (float)x, (float)y, got, want, ulps);
    }
  }
  if (fusedDiffers < 100) { printf("test inputs do not distinguish fused from unfused (%d)\n", fusedDiffers); failures++; }
  (void)u2f;
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
