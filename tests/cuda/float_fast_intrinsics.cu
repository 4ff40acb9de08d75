// Fast single-precision intrinsics within the error bounds of the CUDA C++ Programming Guide
// (intrinsic functions table): __expf (2 + floor(|1.173 x|) ulp), __exp10f (2 + floor(|2.97 x|)
// ulp), __logf / __log2f / __log10f (absolute error 2^-21.41 / 2^-22 / 2^-24 on [0.5, 2],
// else 3 / 2 / 3 ulp), __sinf / __cosf / __sincosf (absolute error 2^-21.41 / 2^-21.19 on
// [-pi, pi]), __powf (as exp2(y * log2(x))), and the correctly rounded __frsqrt_rn.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cstdint>

#define NR 10
__global__ void fast(const float *x, const float *y, int n, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], b = y[i], s, c;
  float *o = out + i * NR;
  o[0] = __expf(b);
  o[1] = __exp10f(b * 0.4f);
  o[2] = __logf(a);
  o[3] = __log2f(a);
  o[4] = __log10f(a);
  o[5] = __sinf(b * 0.3f);
  o[6] = __cosf(b * 0.3f);
  __sincosf(b * 0.3f, &s, &c);
  o[7] = s - o[5] + c - o[6]; // sincos agrees with sin and cos
  o[8] = __powf(a, b * 0.1f);
  o[9] = __frsqrt_rn(a);
}

static int64_t ord(float f) { int32_t i; memcpy(&i, &f, 4); return i < 0 ? (int64_t)INT32_MIN - i : i; }
static long long ulps(float a, float b) { return llabs(ord(a) - ord(b)); }

int main() {
  const int n = 4000;
  float *x, *y, *out;
  cudaMallocManaged(&x, n * 4); cudaMallocManaged(&y, n * 4); cudaMallocManaged(&out, n * NR * 4);
  unsigned long long st = 0xC0FFEE1234567ull;
  auto u01 = [&]() { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return (st >> 11) * (1.0 / 9007199254740992.0); };
  for (int i = 0; i < n; ++i) {
    x[i] = (i % 2) ? (float)(0.5 + 1.5 * u01()) : (float)pow(10.0, 12 * u01() - 6); // [0.5, 2] and wide
    y[i] = (float)(20 * u01() - 10);                                                  // |b * 0.3| <= 3 < pi
  }
  fast<<<(n + 127) / 128, 128>>>(x, y, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *names[NR] = {"__expf", "__exp10f", "__logf", "__log2f", "__log10f", "__sinf", "__cosf", "__sincosf",
                                  "__powf", "__frsqrt_rn"};
  int failures = 0, per[NR] = {};
  for (int i = 0; i < n; ++i) {
    float a = x[i], b = y[i], b4 = b * 0.4f, b3 = b * 0.3f, b1 = b * 0.1f;
    bool inner = a >= 0.5f && a <= 2.0f;
    const float *o = out + i * NR;
    bool ok[NR];
    ok[0] = ulps(o[0], (float)expl(b)) <= 2 + (long long)floor(fabs(1.173 * b));
    ok[1] = ulps(o[1], (float)powl(10.0L, b4)) <= 2 + (long long)floor(fabs(2.97 * b4));
    ok[2] = inner ? fabsl(o[2] - logl(a)) <= ldexp(1.0, -21) * 0.75 : ulps(o[2], (float)logl(a)) <= 3;   // 2^-21.41
    ok[3] = inner ? fabsl(o[3] - log2l(a)) <= ldexp(1.0, -22) : ulps(o[3], (float)log2l(a)) <= 2;
    ok[4] = inner ? fabsl(o[4] - log10l(a)) <= ldexp(1.0, -24) : ulps(o[4], (float)log10l(a)) <= 3;
    ok[5] = fabsl(o[5] - sinl(b3)) <= ldexp(1.0, -21) * 0.76;  // 2^-21.41 = 0.753 * 2^-21
    ok[6] = fabsl(o[6] - cosl(b3)) <= ldexp(1.0, -21) * 0.877; // 2^-21.19 = 0.877 * 2^-21
    ok[7] = o[7] == 0.0f;
    // __powf(x, y) = exp2(y * __log2f(x)): allow the __log2f error scaled by |y| plus a few ulp
    long double pw = powl(a, b1);
    long double relTol = fabsl(b1) * (inner ? ldexp(1.0, -22) : 2.0 * ldexp(1.0, -23) * fabsl(log2l(a))) * 0.6931471805599453L +
                         4 * ldexp(1.0, -23);
    ok[8] = fabsl(o[8] - pw) <= relTol * pw;
    ok[9] = o[9] == (float)(1.0L / sqrtl(a));
    for (int k = 0; k < NR; ++k)
      if (!ok[k]) {
        failures++;
        if (per[k]++ < 2) printf("%s: input %d (x=%.9g, y=%.9g): got %.9g\n", names[k], i, a, b, o[k]);
      }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
