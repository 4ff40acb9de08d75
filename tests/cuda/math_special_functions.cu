// The rest of CUDA's special functions: Bessel functions j0/j1/jn/y0/y1/yn (float and double,
// the C library's), modified Bessel functions cyl_bessel_i0/i1 (series and asymptotic ranges),
// norm4d/rnorm4d and the array norms norm/rnorm/normf/rnormf (with huge and tiny values
// that would overflow or underflow when squared), erfcx and normcdf far in their tails, and
// the special values of the inverse functions. References are long double on the host;
// bounds are the CUDA Programming Guide's (Bessel functions of the second kind near their
// zeros are checked in absolute error, as the Guide states them).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

#define NF 10

__global__ void eval(const double *x, int n, float *f, double *d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double v = x[i];
  float fv = (float)v;
  float *fo = f + i * NF;
  double *dout = d + i * NF;
  fo[0] = j0f(fv), dout[0] = j0(v);
  fo[1] = j1f(fv), dout[1] = j1(v);
  fo[2] = jnf(3, fv), dout[2] = jn(3, v);
  fo[3] = y0f(fv), dout[3] = y0(v);
  fo[4] = ynf(2, fv), dout[4] = yn(2, v);
  fo[5] = cyl_bessel_i0f(fv / 2), dout[5] = cyl_bessel_i0(v * 20);
  fo[6] = cyl_bessel_i1f(fv / 2), dout[6] = cyl_bessel_i1(-v * 20);
  fo[7] = erfcxf(fv * 4), dout[7] = erfcx(v * 4);
  fo[8] = normcdff(-fv), dout[8] = normcdf(-v * 2);
  double big[4] = {v * 1e300, -v * 2e300, 3e299, 1e300};
  float bigf[4] = {fv * 1e30f, -fv * 2e30f, 3e29f, 1e30f};
  fo[9] = normf(4, bigf) / 1e30f + rnormf(4, bigf) * 1e30f;
  dout[9] = norm(4, big) / 1e300 + rnorm(4, big) * 1e300 +
            (norm4d(v, 2 * v, 3 * v, 4 * v) - 1 / rnorm4d(v, 2 * v, 3 * v, 4 * v)) * 1e-30;
}

__global__ void specials(double *d, float *f) {
  d[0] = erfinv(1.0), d[1] = erfinv(-1.0), d[2] = erfcinv(0.0), d[3] = erfcinv(2.0);
  d[4] = erfinv(1.5), d[5] = normcdfinv(0.5), d[6] = erfcx(-30.0), d[7] = erfcx(1e200);
  d[8] = norm3d(INFINITY, NAN, 1.0), d[9] = rnorm3d(0.0, 0.0, 0.0);
  f[0] = erfinvf(1.0f), f[1] = erfcinvf(2.0f), f[2] = normcdff(-40.0f), f[3] = normcdff(40.0f);
}

static long double besselI(int order, long double x) {
  long double q = x * x / 4, term = order ? x / 2 : 1, sum = term;
  for (int k = 1; k < 2000; ++k) {
    term *= q / ((long double)k * (k + order));
    sum += term;
    if (term < 1e-22L * sum)
      break;
  }
  return sum;
}
static long double erfcxRef(long double x) {
  if (x < 100)
    return expl(x * x) * erfcl(x);
  long double u = 1 / (2 * x * x), term = 1, sum = 1;
  for (int k = 1; k < 30; ++k)
    term *= -(2 * k - 1) * u, sum += term;
  return sum / (x * sqrtl(3.14159265358979323846264338327950288L));
}
static int64_t ordF(float v) { int32_t i; memcpy(&i, &v, 4); return i < 0 ? (int64_t)INT32_MIN - i : i; }
static int64_t ordD(double v) { int64_t i; memcpy(&i, &v, 8); return i < 0 ? INT64_MIN - i : i; }

int main() {
  const int n = 1500;
  double *x, *d;
  float *f;
  cudaMallocManaged(&x, n * sizeof(double));
  cudaMallocManaged(&d, n * NF * sizeof(double));
  cudaMallocManaged(&f, n * NF * sizeof(float));
  unsigned long long s = 0x2545F4914F6CDD1Dull;
  for (int i = 0; i < n; ++i) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    x[i] = 0.05 + 19.9 * ((s >> 11) * (1.0 / 9007199254740992.0)); // (0.05, 19.95)
  }
  eval<<<(n + 127) / 128, 128>>>(x, n, f, d);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  const char *names[NF] = {"j0", "j1", "jn(3)", "y0", "yn(2)", "cyl_bessel_i0", "cyl_bessel_i1",
                           "erfcx", "normcdf", "norms"};
  // ulp bounds (float, double), +1 for the rounding of the reference; 0: absolute error instead
  const int ulpF[NF] = {0, 0, 0, 0, 0, 6 + 1, 6 + 1, 4 + 1, 5 + 1, 4};
  const int ulpD[NF] = {0, 0, 0, 0, 0, 6 + 1, 6 + 1, 4 + 1, 5 + 1, 0};
  const double absF = 2.2e-6, absD = 5e-12;
  int failures = 0, shown[2][NF] = {};
  for (int i = 0; i < n; ++i) {
    for (int prec = 0; prec < 2; ++prec) {
      long double v = prec ? (long double)x[i] : (long double)(float)x[i];
      // Arguments as the device computed them (rounded to the precision under test).
      long double scaled = prec ? (long double)(double)(x[i] * 20) : (long double)((float)x[i] / 2);
      long double times4 = prec ? (long double)(double)(x[i] * 4) : (long double)((float)x[i] * 4);
      long double twice = prec ? (long double)(double)(x[i] * 2) : v;
      long double want[NF] = {j0l(v), j1l(v), jnl(3, v), y0l(v), ynl(2, v),
                              besselI(0, scaled), prec ? -besselI(1, scaled) : besselI(1, scaled),
                              erfcxRef(times4), 0.5L * erfcl(twice / sqrtl(2.0L)), 0.0L};
      long double b[4], sum = 0;
      if (prec) {
        b[0] = (double)(x[i] * 1e300), b[1] = (double)(-x[i] * 2e300), b[2] = 3e299, b[3] = 1e300;
        for (long double e : b) sum += e * e;
        want[9] = sqrtl(sum) / 1e300L + 1e300L / sqrtl(sum);
      } else {
        b[0] = (float)((float)x[i] * 1e30f), b[1] = (float)(-(float)x[i] * 2e30f), b[2] = 3e29f, b[3] = 1e30f;
        for (long double e : b) sum += e * e;
        want[9] = (long double)(float)(sqrtl(sum)) / 1e30L + (long double)(float)(1 / sqrtl(sum)) * 1e30L;
      }
      for (int k = 0; k < NF; ++k) {
        double got = prec ? d[i * NF + k] : f[i * NF + k];
        int bound = prec ? ulpD[k] : ulpF[k];
        bool ok;
        long long dist = 0;
        dist = prec ? llabs(ordD(got) - ordD((double)want[k])) : llabs(ordF((float)got) - ordF((float)want[k]));
        if (bound == 0) // Bessel functions: absolute error, or relative where they are large
          ok = fabsl(got - want[k]) <= (prec ? absD : absF) || dist <= 9 + 1;
        else if (k == 9) // sums of two norms, each rounded: relative error
          ok = fabsl(got - want[k]) <= 4e-7L * fabsl(want[k]) * (prec ? 1e-9L : 1);
        else
          ok = dist <= bound;
        if (!ok) {
          ++failures;
          if (shown[prec][k]++ < 2)
            printf("%s%s(%.17g): got %.17g, expected %.17Lg (%lld ulp)\n", names[k], prec ? "" : "f",
                   (double)v, got, want[k], dist);
        }
      }
    }
  }
  double sd[10];
  float sf[4];
  double *dd;
  float *ff;
  cudaMallocManaged(&dd, sizeof sd);
  cudaMallocManaged(&ff, sizeof sf);
  specials<<<1, 1>>>(dd, ff);
  cudaDeviceSynchronize();
  bool special = dd[0] == INFINITY && dd[1] == -INFINITY && dd[2] == INFINITY && dd[3] == -INFINITY &&
                 std::isnan(dd[4]) && dd[5] == 0.0 && dd[6] == INFINITY && dd[7] > 0 && dd[7] < 1e-200 &&
                 dd[8] == INFINITY && dd[9] == INFINITY && ff[0] == INFINITY && ff[1] == -INFINITY &&
                 ff[2] == 0.0f && ff[3] == 1.0f;
  if (!special) {
    ++failures;
    printf("special values:");
    for (int k = 0; k < 10; ++k) printf(" %g", dd[k]);
    for (int k = 0; k < 4; ++k) printf(" %g", ff[k]);
    printf("\n");
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
