// The C++ forms of the math functions in device code: calls with mixed argument types, which
// the C++ library turns into double calls (fmax(x, 0), atan2(1, y), pow(2, 3), ...), the float
// overloads of CUDA's own functions (erfinv(float), rsqrt(float), sincospi(float, ...), the
// Bessel functions), abs of long and long long, and the C library's classification names
// (__isnan, __finitef, __signbit, ...), each against the same call on the host or its C name.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdio>

constexpr int kResults = 40;

__global__ void mixed(double d, float f, int i, double *o) {
  int q = 0;
  o[0] = atan2(i, d);
  o[1] = fmax(d, 0);
  o[2] = fmin(i, f);
  o[3] = hypot(3, d);
  o[4] = fmod(7, d);
  o[5] = copysign(1, -d);
  o[6] = fdim(i, 1.5f);
  o[7] = nextafter(1, d);
  o[8] = remainder(i, d);
  o[9] = std::fma(i, 2, d);
  o[10] = pow(i, 3);
  o[11] = std::pow(2, d);
  o[12] = remquo(i, 2.0, &q) + q;
  o[13] = sqrt(i) + exp(i) + log(i) + std::cbrt(i);
}

__global__ void overloads(float f, double *o) {
  float s, c;
  o[14] = erfinv(f) - erfinvf(f);
  o[15] = erfcinv(f + 1) - erfcinvf(f + 1);
  o[16] = erfcx(f) - erfcxf(f);
  o[17] = normcdf(f) - normcdff(f);
  o[18] = normcdfinv(f) - normcdfinvf(f);
  o[19] = cyl_bessel_i0(f) - cyl_bessel_i0f(f);
  o[20] = cyl_bessel_i1(f) - cyl_bessel_i1f(f);
  o[21] = j0(f) - j0f(f) + j1(f) - j1f(f) + jn(3, f) - jnf(3, f);
  o[22] = y0(f) - y0f(f) + y1(f) - y1f(f) + yn(3, f) - ynf(3, f);
  o[23] = rsqrt(f) - rsqrtf(f) + rcbrt(f) - rcbrtf(f);
  o[24] = sinpi(f) - sinpif(f) + cospi(f) - cospif(f);
  sincospi(f, &s, &c);
  o[25] = s - sinpif(f) + c - cospif(f);
  sincos(f, &s, &c);
  o[26] = s - sinf(f) + c - cosf(f);
  // The float overloads must compute in float: a double call would round differently.
  o[27] = sizeof(erfinv(f)) + sizeof(y0(f)) + sizeof(rsqrt(f)) + sizeof(sinpi(f));
}

__global__ void classification(double d, float f, long l, long long ll, int *o) {
  o[0] = __isnan(d) + 2 * __isnanf(f);
  o[1] = __isinf(d) + 2 * __isinff(f);
  o[2] = __finite(d) + 2 * __finitef(f);
  o[3] = __signbit(d) + 2 * __signbitf(f);
  o[4] = abs(l) == -l && abs(ll) == -ll;
}

int main() {
  int failures = 0;
  double *o;
  int *c;
  cudaMallocManaged(&o, kResults * sizeof(double));
  cudaMallocManaged(&c, 8 * sizeof(int));
  const double d = 2.5;
  const float f = 0.375f;
  const int i = 3;
  mixed<<<1, 1>>>(d, f, i, o);
  overloads<<<1, 1>>>(f, o);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  int q = 0;
  const double want[14] = {atan2(i, d), fmax(d, 0), fmin(i, f), hypot(3, d), fmod(7, d),
                           copysign(1, -d), fdim(i, 1.5f), nextafter(1, d), remainder(i, d),
                           std::fma(i, 2, d), pow(i, 3), std::pow(2, d),
                           remquo(i, 2.0, &q) + q, sqrt(i) + exp(i) + log(i) + std::cbrt(i)};
  for (int k = 0; k < 14; ++k)
    if (std::fabs(o[k] - want[k]) > 1e-15 * std::fabs(want[k]) && failures++ < 10)
      printf("mixed-type call %d: device %.17g, host %.17g\n", k, o[k], want[k]);
  for (int k = 14; k < 27; ++k)
    if (o[k] != 0 && failures++ < 10)
      printf("float overload %d differs from the float C function by %g\n", k, o[k]);
  if (o[27] != 4 * sizeof(float) && failures++ < 10)
    printf("a float overload returns a wider type (sizes %g)\n", o[27]);
  classification<<<1, 1>>>(-INFINITY, NAN, -7L, -(1LL << 40), c);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  // d = -inf, f = NaN: not NaN/NaN, infinite (-1: glibc's sign)/not, not finite, negative/not.
  const int wantClass[5] = {2, -1, 0, 1, 1};
  for (int k = 0; k < 5; ++k)
    if (c[k] != wantClass[k] && failures++ < 10)
      printf("classification %d: got %d, expected %d\n", k, c[k], wantClass[k]);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
