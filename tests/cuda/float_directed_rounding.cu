// Directed-rounding arithmetic and conversion intrinsics (CUDA Math API "single/double precision
// intrinsics" and "type casting intrinsics"): __fadd/__fsub/__fmul/__fmaf/__fdiv/__frcp/__fsqrt
// and __dadd/__dsub/__dmul/__ddiv/__drcp/__dsqrt in _rz/_ru/_rd, plus __int2float_, __uint2float_,
// __ll2float_, __ull2float_, __ll2double_, __ull2double_ and __double2float_ in _rz/_ru/_rd.
// The host reference finds the round-to-nearest result and the sign of the exact error with
// exact residuals (FMA / error-free transformations), then steps one ulp where needed.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cstdint>

#define NOPS 7   // add sub mul fma div rcp sqrt
#define NCONV 7  // int uint ll ull (to float), ll ull (to double), double2float

__global__ void arith(const float *a, const float *b, const float *c, const double *p, const double *q, int n,
                      float *fo, double *dout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i], z = c[i];
  double u = p[i], v = q[i];
  float *f = fo + i * NOPS * 3;
  double *d = dout + i * 6 * 3;
  f[0] = __fadd_rz(x, y);  f[1] = __fadd_ru(x, y);  f[2] = __fadd_rd(x, y);
  f[3] = __fsub_rz(x, y);  f[4] = __fsub_ru(x, y);  f[5] = __fsub_rd(x, y);
  f[6] = __fmul_rz(x, y);  f[7] = __fmul_ru(x, y);  f[8] = __fmul_rd(x, y);
  f[9] = __fmaf_rz(x, y, z); f[10] = __fmaf_ru(x, y, z); f[11] = __fmaf_rd(x, y, z);
  f[12] = __fdiv_rz(x, y); f[13] = __fdiv_ru(x, y); f[14] = __fdiv_rd(x, y);
  f[15] = __frcp_rz(y);    f[16] = __frcp_ru(y);    f[17] = __frcp_rd(y);
  f[18] = __fsqrt_rz(y);   f[19] = __fsqrt_ru(y);   f[20] = __fsqrt_rd(y);
  d[0] = __dadd_rz(u, v);  d[1] = __dadd_ru(u, v);  d[2] = __dadd_rd(u, v);
  d[3] = __dsub_rz(u, v);  d[4] = __dsub_ru(u, v);  d[5] = __dsub_rd(u, v);
  d[6] = __dmul_rz(u, v);  d[7] = __dmul_ru(u, v);  d[8] = __dmul_rd(u, v);
  d[9] = __ddiv_rz(u, v);  d[10] = __ddiv_ru(u, v); d[11] = __ddiv_rd(u, v);
  d[12] = __drcp_rz(v);    d[13] = __drcp_ru(v);    d[14] = __drcp_rd(v);
  d[15] = __dsqrt_rz(v);   d[16] = __dsqrt_ru(v);   d[17] = __dsqrt_rd(v);
}

__global__ void conv(const long long *in, const double *dbl, int n, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  long long v = in[i];
  double *o = out + i * NCONV * 3;
  o[0] = __int2float_rz((int)v); o[1] = __int2float_ru((int)v); o[2] = __int2float_rd((int)v);
  o[3] = __uint2float_rz((unsigned)v); o[4] = __uint2float_ru((unsigned)v); o[5] = __uint2float_rd((unsigned)v);
  o[6] = __ll2float_rz(v); o[7] = __ll2float_ru(v); o[8] = __ll2float_rd(v);
  o[9] = __ull2float_rz((unsigned long long)v); o[10] = __ull2float_ru((unsigned long long)v);
  o[11] = __ull2float_rd((unsigned long long)v);
  o[12] = __ll2double_rz(v); o[13] = __ll2double_ru(v); o[14] = __ll2double_rd(v);
  o[15] = __ull2double_rz((unsigned long long)v); o[16] = __ull2double_ru((unsigned long long)v);
  o[17] = __ull2double_rd((unsigned long long)v);
  o[18] = __double2float_rz(dbl[i]); o[19] = __double2float_ru(dbl[i]); o[20] = __double2float_rd(dbl[i]);
}

// Given the round-to-nearest result r and the sign of (exact - r), produce rz/ru/rd.
template <typename T> static void directed(T r, int errSign, T *o) {
  T inf = (T)INFINITY;
  T up = errSign > 0 ? std::nextafter(r, inf) : r;
  T down = errSign < 0 ? std::nextafter(r, -inf) : r;
  bool positive = r > 0 || (r == 0 && errSign > 0);
  o[0] = positive ? down : up;
  o[1] = up;
  o[2] = down;
}
static int sgn(long double v) { return (v > 0) - (v < 0); }
static int sgnd(double v) { return (v > 0) - (v < 0); }

// double: error-free transformations
static void twoSum(double a, double b, double &s, double &e) { s = a + b; double bb = s - a; e = (a - (s - bb)) + (b - bb); }

int main() {
  const int n = 2000;
  float *a, *b, *c, *fo;
  double *p, *q, *dout;
  cudaMallocManaged(&a, n * 4); cudaMallocManaged(&b, n * 4); cudaMallocManaged(&c, n * 4);
  cudaMallocManaged(&p, n * 8); cudaMallocManaged(&q, n * 8);
  cudaMallocManaged(&fo, n * NOPS * 3 * 4); cudaMallocManaged(&dout, n * 6 * 3 * 8);
  unsigned long long s = 0x2545F4914F6CDD1Dull;
  auto rnd = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; };
  for (int i = 0; i < n; ++i) {
    // limited exponents keep float results exact in long double (add, mul, fma)
    a[i] = ldexpf(1.0f + (rnd() % 8388608) / 8388608.0f, (int)(rnd() % 8) - 4) * ((rnd() & 1) ? -1 : 1);
    b[i] = ldexpf(1.0f + (rnd() % 8388608) / 8388608.0f, (int)(rnd() % 8) - 4);
    c[i] = ldexpf(1.0f + (rnd() % 8388608) / 8388608.0f, (int)(rnd() % 8) - 4) * ((rnd() & 1) ? -1 : 1);
    if (i % 10 == 0) b[i] = ldexpf((float)(1 + rnd() % 64), -(int)(rnd() % 4)); // some exact cases
    p[i] = ldexp(1.0 + (rnd() >> 12) / 4503599627370496.0, (int)(rnd() % 60) - 30) * ((rnd() & 1) ? -1 : 1);
    q[i] = ldexp(1.0 + (rnd() >> 12) / 4503599627370496.0, (int)(rnd() % 60) - 30);
    if (i % 10 == 0) q[i] = (double)(1 + rnd() % 1024);
  }
  arith<<<(n + 127) / 128, 128>>>(a, b, c, p, q, n, fo, dout);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  static const char *fnames[NOPS] = {"__fadd", "__fsub", "__fmul", "__fmaf", "__fdiv", "__frcp", "__fsqrt"};
  static const char *dnames[6] = {"__dadd", "__dsub", "__dmul", "__ddiv", "__drcp", "__dsqrt"};
  static const char *modes[3] = {"_rz", "_ru", "_rd"};
  for (int i = 0; i < n; ++i) {
    long double x = a[i], y = b[i], z = c[i];
    float want[NOPS][3];
    long double exact;
    float r;
    exact = x + y; r = (float)exact; directed<float>(r, sgn(exact - r), want[0]);
    exact = x - y; r = (float)exact; directed<float>(r, sgn(exact - r), want[1]);
    exact = x * y; r = (float)exact; directed<float>(r, sgn(exact - r), want[2]);
    exact = x * y + z; r = (float)exact; directed<float>(r, sgn(exact - r), want[3]);
    r = (float)((double)a[i] / (double)b[i]); // correctly rounded (53 >= 2*24+2)
    directed<float>(r, sgn(x - (long double)r * y) * sgn(y), want[4]);
    r = (float)(1.0 / (double)b[i]);
    directed<float>(r, sgn(1.0L - (long double)r * y) * sgn(y), want[5]);
    r = (float)sqrt((double)b[i]);
    directed<float>(r, sgn(y - (long double)r * r), want[6]);
    for (int k = 0; k < NOPS; ++k)
      for (int m = 0; m < 3; ++m) {
        float got = fo[i * NOPS * 3 + k * 3 + m];
        if (memcmp(&got, &want[k][m], 4) && failures++ < 15)
          printf("%s%s(%.9g, %.9g%s): got %.9g, expected %.9g\n", fnames[k], modes[m], a[i], b[i], k == 3 ? ", c" : "",
                 got, want[k][m]);
      }
    double u = p[i], v = q[i], dw[6][3], rr, e;
    twoSum(u, v, rr, e); directed<double>(rr, sgnd(e), dw[0]);
    twoSum(u, -v, rr, e); directed<double>(rr, sgnd(e), dw[1]);
    rr = u * v; e = fma(u, v, -rr); directed<double>(rr, sgnd(e), dw[2]);
    rr = u / v; e = fma(-rr, v, u); directed<double>(rr, sgnd(e) * sgnd(v), dw[3]);
    rr = 1.0 / v; e = fma(-rr, v, 1.0); directed<double>(rr, sgnd(e) * sgnd(v), dw[4]);
    rr = sqrt(v); e = fma(-rr, rr, v); directed<double>(rr, sgnd(e), dw[5]);
    for (int k = 0; k < 6; ++k)
      for (int m = 0; m < 3; ++m) {
        double got = dout[i * 18 + k * 3 + m];
        if (memcmp(&got, &dw[k][m], 8) && failures++ < 15)
          printf("%s%s(%.17g, %.17g): got %.17g, expected %.17g\n", dnames[k], modes[m], u, v, got, dw[k][m]);
      }
  }
  // conversions
  const long long ints[] = {0, 1, -1, 16777217, -16777217, 16777219, 33554435, 2147483647, (long long)0xffffffff80000001ull,
                            -2147483647, (1ll << 53) + 1, -(1ll << 53) - 3, 0x7fffffffffffffffll, (long long)0x8000000000000001ull,
                            (long long)0xfffffffffffffff1ull, 0x123456789abcdefll, 4294967295ll, 1ll << 40};
  const double dbls[] = {0.1, -0.1, 1.0000000596046448, -1.0000000596046448, 3.4028235677973366e38, 1e39, -1e39,
                         1e-46, -1e-46, 1.0, 2.5, 16777217.0, -16777217.0, 1e300, 7.006492321624085e-46, 0.0, -0.0, 0.3};
  const int nc = sizeof(ints) / sizeof(ints[0]);
  long long *ci; double *cd, *co;
  cudaMallocManaged(&ci, sizeof(ints)); cudaMallocManaged(&cd, sizeof(dbls)); cudaMallocManaged(&co, nc * NCONV * 3 * 8);
  memcpy(ci, ints, sizeof(ints)); memcpy(cd, dbls, sizeof(dbls));
  conv<<<1, 32>>>(ci, cd, nc, co);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *cn[NCONV] = {"__int2float", "__uint2float", "__ll2float", "__ull2float", "__ll2double", "__ull2double",
                                  "__double2float"};
  for (int i = 0; i < nc; ++i) {
    long double src[NCONV] = {(long double)(int)ints[i], (long double)(unsigned)ints[i], (long double)ints[i],
                              (long double)(unsigned long long)ints[i], (long double)ints[i],
                              (long double)(unsigned long long)ints[i], (long double)dbls[i]};
    for (int k = 0; k < NCONV; ++k) {
      double w[3];
      if (k == 4 || k == 5) {
        double rn = (double)src[k];
        directed<double>(rn, sgn(src[k] - rn), w);
      } else {
        float rn = (float)src[k], wf[3];
        if (std::isinf(rn) && !std::isinf((double)src[k])) { // overflow: rz/ru/rd pick FLT_MAX or inf
          float mx = 3.4028234663852886e38f;
          wf[0] = rn > 0 ? mx : -mx; wf[1] = rn > 0 ? rn : -mx; wf[2] = rn > 0 ? mx : rn;
        } else {
          directed<float>(rn, sgn(src[k] - rn), wf);
        }
        for (int m = 0; m < 3; ++m) w[m] = wf[m];
      }
      for (int m = 0; m < 3; ++m) {
        double got = co[i * NCONV * 3 + k * 3 + m];
        if (memcmp(&got, &w[m], 8) && failures++ < 30)
          printf("%s%s(%.20Lg): got %.17g, expected %.17g\n", cn[k], modes[m], src[k], got, w[m]);
      }
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
