// Math functions with integer results or arguments, in device code against the host C
// library: lrint, llrint (ties to even), lround, llround (ties away from zero) in float and
// double, scalbln, labs, and CUDA's min/max helpers ullmin/ullmax, umin/umax, llmin/llmax.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

constexpr int kResults = 16;

__global__ void evaluate(const double *in, int n, long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double d = in[i];
  float f = (float)d;
  long long *o = out + (size_t)i * kResults;
  o[0] = lrint(d), o[1] = llrint(d), o[2] = lround(d), o[3] = llround(d);
  o[4] = lrintf(f), o[5] = llrintf(f), o[6] = lroundf(f), o[7] = llroundf(f);
  o[8] = __double_as_longlong(scalbln(d, -3L));
  o[9] = __float_as_int(scalblnf(f, 5L));
  o[10] = labs((long)(d * 1000));
  unsigned long long u = (unsigned long long)(long long)(d * 1e6), v = ~u;
  o[11] = (long long)ullmin(u, v);
  o[12] = (long long)ullmax(u, v);
  o[13] = umin((unsigned)u, (unsigned)v) ^ ((long long)umax((unsigned)u, (unsigned)v) << 32);
  o[14] = llmin((long long)u, (long long)v);
  o[15] = llmax((long long)u, (long long)v);
}

int main() {
  const double inputs[] = {0.5,  1.5,  2.5,  -0.5, -1.5, -2.5, 3.7,     -3.7,     1e9 + 0.5,
                           0.0,  -0.0, 1e-3, 123456.5, -7e12, 4503599627370497.0, 0.49999999999999994};
  const int n = sizeof inputs / sizeof inputs[0];
  double *in;
  long long *out;
  cudaMallocManaged(&in, sizeof inputs);
  cudaMallocManaged(&out, n * kResults * sizeof(long long));
  for (int i = 0; i < n; ++i)
    in[i] = inputs[i];
  evaluate<<<1, 32>>>(in, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  static const char *names[kResults] = {"lrint",    "llrint",  "lround",    "llround",
                                        "lrintf",   "llrintf", "lroundf",   "llroundf",
                                        "scalbln",  "scalblnf", "labs",     "ullmin",
                                        "ullmax",   "umin/umax", "llmin",   "llmax"};
  int failures = 0;
  for (int i = 0; i < n; ++i) {
    double d = inputs[i];
    float f = (float)d;
    double sd = scalbln(d, -3L);
    float sf = scalblnf(f, 5L);
    unsigned long long u = (unsigned long long)(long long)(d * 1e6), v = ~u;
    unsigned uu = (unsigned)u, vv = (unsigned)v;
    long long want[kResults] = {lrint(d), llrint(d), lround(d), llround(d), lrintf(f), llrintf(f),
                                lroundf(f), llroundf(f), 0, 0, labs((long)(d * 1000)),
                                (long long)(u < v ? u : v), (long long)(u > v ? u : v),
                                (uu < vv ? uu : vv) ^ ((long long)(uu > vv ? uu : vv) << 32),
                                (long long)u < (long long)v ? (long long)u : (long long)v,
                                (long long)u > (long long)v ? (long long)u : (long long)v};
    memcpy(&want[8], &sd, 8);
    int sfBits;
    memcpy(&sfBits, &sf, 4);
    want[9] = sfBits;
    for (int k = 0; k < kResults; ++k)
      if (out[(size_t)i * kResults + k] != want[k] && failures++ < 10)
        printf("%s(%.17g): device %lld, host %lld\n", names[k], d, out[(size_t)i * kResults + k],
               want[k]);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
