// Float conversion intrinsics: __float2{int,uint,ll,ull}_{rn,rz,ru,rd} and the __double2*
// forms (ties to even, negative values, out-of-range saturation, infinities, NaN),
// __int2float_rn, __uint2float_rn, __ll2float_rn, __ull2float_rn, __int2double_rn,
// __uint2double_rn, __ll2double_rn, __ull2double_rn, __double2float_rn,
// __saturatef, and the bit casts (__float_as_int & co, __double2hiint/loint, __hiloint2double).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <climits>

#define NF 16 // results per float input
#define ND 16 // results per double input

__global__ void fromFloat(const float *in, int n, long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  long long *o = out + i * NF;
  o[0] = __float2int_rn(x); o[1] = __float2int_rz(x); o[2] = __float2int_ru(x); o[3] = __float2int_rd(x);
  o[4] = __float2uint_rn(x); o[5] = __float2uint_rz(x); o[6] = __float2uint_ru(x); o[7] = __float2uint_rd(x);
  o[8] = __float2ll_rn(x); o[9] = __float2ll_rz(x); o[10] = __float2ll_ru(x); o[11] = __float2ll_rd(x);
  o[12] = (long long)__float2ull_rn(x); o[13] = (long long)__float2ull_rz(x);
  o[14] = (long long)__float2ull_ru(x); o[15] = (long long)__float2ull_rd(x);
}

__global__ void fromDouble(const double *in, int n, long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = in[i];
  long long *o = out + i * ND;
  o[0] = __double2int_rn(x); o[1] = __double2int_rz(x); o[2] = __double2int_ru(x); o[3] = __double2int_rd(x);
  o[4] = __double2uint_rn(x); o[5] = __double2uint_rz(x); o[6] = __double2uint_ru(x); o[7] = __double2uint_rd(x);
  o[8] = __double2ll_rn(x); o[9] = __double2ll_rz(x); o[10] = __double2ll_ru(x); o[11] = __double2ll_rd(x);
  o[12] = (long long)__double2ull_rn(x); o[13] = (long long)__double2ull_rz(x);
  o[14] = (long long)__double2ull_ru(x); o[15] = (long long)__double2ull_rd(x);
}

__global__ void misc(const long long *ints, const double *dbl, const float *flt, int n, unsigned long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long *o = out + i * 16;
  long long v = ints[i];
  double d = dbl[i];
  float f = flt[i];
  o[0] = __float_as_uint(__int2float_rn((int)v));
  o[1] = __float_as_uint(__uint2float_rn((unsigned)v));
  o[2] = __float_as_uint(__ll2float_rn(v));
  o[3] = (unsigned long long)__double_as_longlong(__ll2double_rn(v));
  o[4] = __float_as_uint(__double2float_rn(d));
  o[5] = __float_as_uint(__saturatef(f));
  o[6] = (unsigned)__float_as_int(f) ^ ((unsigned long long)__float_as_uint(__int_as_float((int)v)) << 32);
  o[7] = (unsigned long long)__double_as_longlong(d);
  o[8] = (unsigned)__double2hiint(d) | ((unsigned long long)(unsigned)__double2loint(d) << 32);
  o[9] = (unsigned long long)__double_as_longlong(__hiloint2double((int)(v >> 32), (int)v));
  o[10] = (unsigned long long)__double_as_longlong(__longlong_as_double(v));
  o[11] = __float_as_uint(__uint_as_float((unsigned)(v >> 7)));
  o[12] = __float_as_uint(__ull2float_rn((unsigned long long)v));
  o[13] = (unsigned long long)__double_as_longlong(__int2double_rn((int)v));
  o[14] = (unsigned long long)__double_as_longlong(__uint2double_rn((unsigned)v));
  o[15] = (unsigned long long)__double_as_longlong(__ull2double_rn((unsigned long long)v));
}

// ---- host reference ----
enum Mode { RN, RZ, RU, RD };
static long double roundMode(long double x, Mode m) {
  switch (m) {
  case RN: return nearbyintl(x); // default rounding: ties to even
  case RZ: return truncl(x);
  case RU: return ceill(x);
  default: return floorl(x);
  }
}
// cvt.<mode>.<dst>.<src>: clamp to the destination range. The CUDA Math API leaves NaN and
// out-of-range inputs undefined; Drawbridge saturates and maps NaN to 0 on every target.
static long long toInt(long double x, Mode m, bool isSigned, int bits, bool srcIsDouble) {
  (void)srcIsDouble;
  if (std::isnan(x))
    return 0;
  long double r = roundMode(x, m);
  if (isSigned) {
    long double lo = bits == 32 ? (long double)INT_MIN : (long double)LLONG_MIN;
    long double hi = bits == 32 ? (long double)INT_MAX : (long double)LLONG_MAX;
    if (r <= lo) return bits == 32 ? INT_MIN : LLONG_MIN;
    if (r >= hi) return bits == 32 ? INT_MAX : LLONG_MAX;
    return (long long)r;
  }
  if (r <= 0) return 0;
  if (bits == 32) return r >= (long double)UINT_MAX ? (long long)UINT_MAX : (long long)r;
  if (r >= 18446744073709551615.0L) return (long long)ULLONG_MAX;
  return (long long)(unsigned long long)r;
}

static unsigned f2u(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static unsigned long long d2u(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }

int main() {
  const float fin[] = {0.0f, -0.0f, 0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 0.49999997f, 1.0000001f, -1.0000001f,
                       3.7f, -3.7f, 1e-40f, -1e-40f, 2147483520.0f, 2147483648.0f, -2147483648.0f, -2147483904.0f,
                       4294967040.0f, 4294967296.0f, 1e10f, -1e10f, 9.2233715e18f, 9.223372e18f, -9.223372e18f,
                       1.8446743e19f, 1.8446744e19f, 3e38f, -3e38f, INFINITY, -INFINITY, NAN, -NAN, 8388607.5f,
                       16777215.0f, -0.99999994f, 0.99999994f, 123456.5f, 123457.5f};
  const double din[] = {0.0, -0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999999999999994, 2147483647.4,
                        2147483647.5, 2147483647.6, -2147483648.4, -2147483648.5, -2147483648.6, 4294967295.4,
                        4294967295.5, 4294967296.0, -0.3, -1.0, 1e15 + 0.5, 1e15 + 1.5, 9223372036854774784.0,
                        9223372036854775808.0, -9223372036854775808.0, -9223372036854777856.0,
                        18446744073709549568.0, 18446744073709551616.0, 1e300, -1e300, INFINITY, -INFINITY, NAN,
                        4.9e-324, -4.9e-324, 1234567.5, 1234568.5, 3.5e9, -3.5e9};
  const int nfi = sizeof(fin) / sizeof(fin[0]), ndi = sizeof(din) / sizeof(din[0]);
  float *f; double *d; long long *of, *od;
  cudaMallocManaged(&f, nfi * sizeof(float));
  cudaMallocManaged(&d, ndi * sizeof(double));
  cudaMallocManaged(&of, nfi * NF * sizeof(long long));
  cudaMallocManaged(&od, ndi * ND * sizeof(long long));
  memcpy(f, fin, sizeof(fin));
  memcpy(d, din, sizeof(din));
  fromFloat<<<1, 64>>>(f, nfi, of);
  fromDouble<<<1, 64>>>(d, ndi, od);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  static const char *fn[16] = {"int_rn", "int_rz", "int_ru", "int_rd", "uint_rn", "uint_rz", "uint_ru", "uint_rd",
                               "ll_rn", "ll_rz", "ll_ru", "ll_rd", "ull_rn", "ull_rz", "ull_ru", "ull_rd"};
  for (int src = 0; src < 2; ++src) {
    int cnt = src ? ndi : nfi;
    for (int i = 0; i < cnt; ++i) {
      long double x = src ? (long double)din[i] : (long double)fin[i];
      for (int k = 0; k < 16; ++k) {
        bool isSigned = (k / 4) % 2 == 0;
        int bits = k < 8 ? 32 : 64;
        long long want = toInt(x, (Mode)(k % 4), isSigned, bits, src == 1);
        if (bits == 32) want = isSigned ? (long long)(int)want : (long long)(unsigned)want;
        long long got = (src ? od : of)[i * 16 + k];
        if (got != want && failures++ < 20)
          printf("__%s2%s(%.17g): got %lld (%#llx), expected %lld (%#llx)\n", src ? "double" : "float", fn[k],
                 (double)x, got, (unsigned long long)got, want, (unsigned long long)want);
      }
    }
  }
  // misc conversions and bit casts
  const long long ints[] = {0, 1, -1, 16777217, -16777217, 16777219, 2147483647, (long long)INT_MIN, 0x7fffffc0,
                            (1ll << 53) + 1, -(1ll << 53) - 1, LLONG_MAX, LLONG_MIN, 0x123456789abcdefll,
                            (long long)0xffffffff80000001ull, 33554435, 4294967295ll};
  const double dbls[] = {0.1, -0.1, 1e-46, 3.4028235677973366e38, 3.4028236e38, 1e39, -1e39, 1.0000000596046448,
                         1.0000001788139343, 1.401298464324817e-45, 7.006492321624085e-46, NAN, INFINITY, -0.0, 5e-324,
                         1.5, 2.0};
  const float flts[] = {-0.5f, 0.0f, 0.25f, 1.0f, 1.5f, NAN, INFINITY, -INFINITY, 0.99999994f, 1e-30f, -1e-30f,
                        2.0f, 0.75f, 1e30f, -3.0f, 0.5f, 1.0000001f};
  const int nm = sizeof(ints) / sizeof(ints[0]);
  long long *mi; double *md; float *mf; unsigned long long *mo;
  cudaMallocManaged(&mi, sizeof(ints)); cudaMallocManaged(&md, sizeof(dbls)); cudaMallocManaged(&mf, sizeof(flts));
  cudaMallocManaged(&mo, nm * 16 * sizeof(unsigned long long));
  memcpy(mi, ints, sizeof(ints)); memcpy(md, dbls, sizeof(dbls)); memcpy(mf, flts, sizeof(flts));
  misc<<<1, 32>>>(mi, md, mf, nm, mo);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *mn[16] = {"__int2float_rn", "__uint2float_rn", "__ll2float_rn", "__ll2double_rn", "__double2float_rn",
                               "__saturatef", "__float_as_int/__int_as_float", "__double_as_longlong",
                               "__double2hiint/loint", "__hiloint2double", "__longlong_as_double", "__uint_as_float",
                               "__ull2float_rn", "__int2double_rn", "__uint2double_rn", "__ull2double_rn"};
  for (int i = 0; i < nm; ++i) {
    long long v = ints[i];
    double dd = dbls[i];
    float ff = flts[i];
    unsigned long long want[16];
    want[0] = f2u((float)(int)v);           // host conversions round to nearest even
    want[1] = f2u((float)(unsigned)v);
    want[2] = f2u((float)v);
    want[3] = d2u((double)v);
    want[4] = f2u((float)dd);
    float sat = std::isnan(ff) ? 0.0f : ff < 0 ? 0.0f : ff > 1 ? 1.0f : ff;
    want[5] = f2u(sat);
    want[6] = f2u(ff) ^ ((unsigned long long)(unsigned)v << 32);
    want[7] = d2u(dd);
    want[8] = (d2u(dd) >> 32) | (d2u(dd) << 32);
    want[9] = (unsigned long long)v;
    want[10] = (unsigned long long)v;
    want[11] = (unsigned)(v >> 7);
    want[12] = f2u((float)(unsigned long long)v);
    want[13] = d2u((double)(int)v);
    want[14] = d2u((double)(unsigned)v);
    want[15] = d2u((double)(unsigned long long)v);
    for (int k = 0; k < 16; ++k) {
      unsigned long long got = mo[i * 16 + k];
      bool ok = got == want[k];
      if (k == 4 && std::isnan(dd)) ok = (got & 0x7f800000u) == 0x7f800000u && (got & 0x7fffffu); // any NaN
      if (!ok && failures++ < 30)
        printf("%s (input %d: %lld / %.17g / %.9g): got %#llx, expected %#llx\n", mn[k], i, v, dd, ff, got, want[k]);
    }
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
