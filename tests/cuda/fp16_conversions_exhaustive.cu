// cuda_fp16.h conversions against a reference written from the binary16 definition
// (Inputs/small_float_reference.h), on the host and in a kernel, which must agree bit for bit:
// - every one of the 65536 halves widens to the exact float (NaN to a NaN) and every finite
//   half survives the round trip through float in all four modes;
// - float to half in _rn/_rz/_ru/_rd for each half's neighbours, the midpoints between
//   consecutive halves and their neighbours (ties to even), subnormals, overflow, infinities,
//   NaN (canonical 0x7fff) and a stride through all 2^32 floats;
// - double to half rounded once (a midpoint plus a tiny amount must not tie);
// - short/ushort/int/uint/ll/ull to half in four modes and half to those (plus char/uchar)
//   with saturation and CUDA's NaN results, and the constructors and conversion operators.
// RUN: %nvcc -O2 -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: float inputs:
// CHECK: PASS
#include <cuda_fp16.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "Inputs/small_float_reference.h"

static int failures = 0;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond) && ++failures <= 20) {                                                             \
      printf("FAIL line %d: ", __LINE__);                                                          \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)

static unsigned fbits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static float bitsf(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
__host__ __device__ static unsigned short hbits(__half h) { return __half_as_ushort(h); }

#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      printf("CUDA error %s at line %d\n", cudaGetErrorString(e), __LINE__);                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

__global__ void floatToHalf(const float *in, int n, unsigned short *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float f = in[i];
  out[4 * i + 0] = __half_as_ushort(__float2half_rn(f));
  out[4 * i + 1] = __half_as_ushort(__float2half_rz(f));
  out[4 * i + 2] = __half_as_ushort(__float2half_ru(f));
  out[4 * i + 3] = __half_as_ushort(__float2half_rd(f));
}

__global__ void halfToFloat(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __half2float(__ushort_as_half((unsigned short)i));
}

__global__ void doubleToHalf(const double *in, int n, unsigned short *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __half_as_ushort(__double2half(in[i]));
}

#define NINT 24
__global__ void intToHalf(const long long *in, int n, unsigned short *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  long long v = in[i];
  unsigned short *o = out + NINT * i;
  o[0] = hbits(__short2half_rn((short)v)); o[1] = hbits(__short2half_rz((short)v));
  o[2] = hbits(__short2half_ru((short)v)); o[3] = hbits(__short2half_rd((short)v));
  o[4] = hbits(__ushort2half_rn((unsigned short)v)); o[5] = hbits(__ushort2half_rz((unsigned short)v));
  o[6] = hbits(__ushort2half_ru((unsigned short)v)); o[7] = hbits(__ushort2half_rd((unsigned short)v));
  o[8] = hbits(__int2half_rn((int)v)); o[9] = hbits(__int2half_rz((int)v));
  o[10] = hbits(__int2half_ru((int)v)); o[11] = hbits(__int2half_rd((int)v));
  o[12] = hbits(__uint2half_rn((unsigned)v)); o[13] = hbits(__uint2half_rz((unsigned)v));
  o[14] = hbits(__uint2half_ru((unsigned)v)); o[15] = hbits(__uint2half_rd((unsigned)v));
  o[16] = hbits(__ll2half_rn(v)); o[17] = hbits(__ll2half_rz(v));
  o[18] = hbits(__ll2half_ru(v)); o[19] = hbits(__ll2half_rd(v));
  o[20] = hbits(__ull2half_rn((unsigned long long)v)); o[21] = hbits(__ull2half_rz((unsigned long long)v));
  o[22] = hbits(__ull2half_ru((unsigned long long)v)); o[23] = hbits(__ull2half_rd((unsigned long long)v));
}

// Half to every integer type in every mode; 64-bit slots hold the value's bits.
#define NTOINT 26
__host__ __device__ void halfToInts(__half h, long long *o) {
  o[0] = __half2short_rn(h); o[1] = __half2short_rz(h); o[2] = __half2short_ru(h); o[3] = __half2short_rd(h);
  o[4] = __half2ushort_rn(h); o[5] = __half2ushort_rz(h); o[6] = __half2ushort_ru(h); o[7] = __half2ushort_rd(h);
  o[8] = __half2int_rn(h); o[9] = __half2int_rz(h); o[10] = __half2int_ru(h); o[11] = __half2int_rd(h);
  o[12] = __half2uint_rn(h); o[13] = __half2uint_rz(h); o[14] = __half2uint_ru(h); o[15] = __half2uint_rd(h);
  o[16] = __half2ll_rn(h); o[17] = __half2ll_rz(h); o[18] = __half2ll_ru(h); o[19] = __half2ll_rd(h);
  o[20] = (long long)__half2ull_rn(h); o[21] = (long long)__half2ull_rz(h);
  o[22] = (long long)__half2ull_ru(h); o[23] = (long long)__half2ull_rd(h);
  o[24] = __half2char_rz(h); o[25] = __half2uchar_rz(h);
}
__global__ void halfToIntKernel(long long *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  halfToInts(__ushort_as_half((unsigned short)i), out + NTOINT * i);
}

// Reference conversion of an integer-valued long double to an integer type with saturation.
static long long saturate(long double r, long double lo, long double hi) {
  return r < lo ? (long long)lo : r > hi ? (long long)hi : (long long)r;
}
static long double roundIntegral(long double x, RefMode m) {
  return m == RN ? nearbyintl(x) : m == RZ ? truncl(x) : m == RU ? ceill(x) : floorl(x);
}

int main() {
  RefFormat ref(5, 10, true);
  const RefMode modes[4] = {RN, RZ, RU, RD};

  // Half to float: all 65536, host and device.
  std::vector<float> widened(65536);
  float *dWide;
  CHECK_CUDA(cudaMalloc(&dWide, 65536 * sizeof(float)));
  halfToFloat<<<256, 256>>>(dWide);
  CHECK_CUDA(cudaMemcpy(widened.data(), dWide, 65536 * sizeof(float), cudaMemcpyDeviceToHost));
  for (unsigned c = 0; c < 65536; ++c) {
    float host = __half2float(__ushort_as_half((unsigned short)c));
    EXPECT(fbits(host) == fbits(widened[c]), "half2float %04x host %08x device %08x", c,
           fbits(host), fbits(widened[c]));
    long double v;
    if (ref.decode(c, &v)) {
      EXPECT((long double)host == v && std::signbit(host) == std::signbit(v),
             "half2float %04x = %a, want %La", c, host, v);
    } else if (ref.isNan(c)) {
      EXPECT(host != host, "half2float %04x should be NaN", c);
    } else {
      EXPECT(std::isinf(host) && std::signbit(host) == ((c & 0x8000) != 0), "half2float %04x inf", c);
    }
  }

  // Float inputs: neighbours of every half and of every midpoint, a stride through all floats.
  std::vector<float> in;
  for (unsigned c = 0; c < 0x7c00; ++c) {
    for (unsigned s = 0; s < 2; ++s) {
      unsigned short h = (unsigned short)(c | (s << 15));
      float f = __half2float(__ushort_as_half(h));
      for (int d = -2; d <= 2; ++d)
        in.push_back(bitsf(fbits(f) + d));
      float g = __half2float(__ushort_as_half((unsigned short)(h + 1)));
      float mid = (f + g) / 2; // exact in float
      if (std::isfinite(mid))
        for (int d = -2; d <= 2; ++d)
          in.push_back(bitsf(fbits(mid) + d));
    }
  }
  for (unsigned long long u = 0; u < (1ull << 32); u += 65521)
    in.push_back(bitsf((unsigned)u));
  const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, -NAN, 65504.0f, 65519.99f, 65520.0f,
                            -65520.0f, 65535.0f, 1e10f, -1e10f, 0x1p-24f, 0x1p-25f, 0x1.000002p-25f,
                            0x1.8p-24f, 0x1p-26f, 1e-30f, -1e-30f, 0x1p-149f, FLT_MAX, -FLT_MAX};
  for (float f : specials) in.push_back(f);
  int n = (int)in.size();
  printf("float inputs: %d\n", n);

  float *dIn;
  unsigned short *dOut;
  std::vector<unsigned short> dev(4 * (size_t)n);
  CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dOut, 4 * (size_t)n * sizeof(unsigned short)));
  CHECK_CUDA(cudaMemcpy(dIn, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  floatToHalf<<<(n + 255) / 256, 256>>>(dIn, n, dOut);
  CHECK_CUDA(cudaMemcpy(dev.data(), dOut, dev.size() * 2, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    float f = in[i];
    unsigned short host[4] = {hbits(__float2half_rn(f)), hbits(__float2half_rz(f)),
                              hbits(__float2half_ru(f)), hbits(__float2half_rd(f))};
    EXPECT(hbits(__float2half(f)) == host[0], "__float2half != _rn for %a", f);
    EXPECT(hbits(__half(f)) == host[0], "__half(float) != _rn for %a", f);
    for (int m = 0; m < 4; ++m) {
      EXPECT(host[m] == dev[4 * i + m], "float2half mode %d of %a: host %04x device %04x", m, f,
             host[m], dev[4 * i + m]);
      unsigned want = f != f ? 0x7fffu : ref.round(f, modes[m]);
      EXPECT(host[m] == want, "float2half mode %d of %a (%08x): got %04x want %04x", m, f, fbits(f),
             host[m], want);
    }
  }
  // Round trip: every finite half comes back unchanged in every mode.
  for (unsigned c = 0; c < 65536; ++c) {
    if ((c & 0x7c00) == 0x7c00) continue;
    float f = __half2float(__ushort_as_half((unsigned short)c));
    EXPECT(hbits(__float2half_rn(f)) == c && hbits(__float2half_rz(f)) == c &&
               hbits(__float2half_ru(f)) == c && hbits(__float2half_rd(f)) == c,
           "round trip of %04x", c);
  }

  // Double to half: rounded once. Midpoints plus or minus a tiny amount, below float's
  // precision, must round away from the tie.
  std::vector<double> din;
  for (unsigned c = 0; c < 0x7c00; c += 3) {
    double f = __half2float(__ushort_as_half((unsigned short)c));
    double g = __half2float(__ushort_as_half((unsigned short)(c + 1)));
    double mid = (f + g) / 2;
    din.push_back(mid);
    din.push_back(-mid);
    din.push_back(mid + ldexp(mid, -40));
    din.push_back(mid - ldexp(mid, -40));
    din.push_back(nextafter(mid, 0.0));
  }
  din.push_back(1e300); din.push_back(-1e300); din.push_back(1e-300); din.push_back(65519.999999999);
  din.push_back(NAN); din.push_back(INFINITY);
  int nd = (int)din.size();
  double *dD;
  unsigned short *dDOut;
  std::vector<unsigned short> ddev(nd);
  CHECK_CUDA(cudaMalloc(&dD, nd * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&dDOut, nd * sizeof(unsigned short)));
  CHECK_CUDA(cudaMemcpy(dD, din.data(), nd * sizeof(double), cudaMemcpyHostToDevice));
  doubleToHalf<<<(nd + 255) / 256, 256>>>(dD, nd, dDOut);
  CHECK_CUDA(cudaMemcpy(ddev.data(), dDOut, nd * 2, cudaMemcpyDeviceToHost));
  for (int i = 0; i < nd; ++i) {
    unsigned short host = hbits(__double2half(din[i]));
    unsigned want = din[i] != din[i] ? 0x7fffu : ref.round(din[i], RN);
    EXPECT(host == ddev[i], "double2half %a host %04x device %04x", din[i], host, ddev[i]);
    EXPECT(host == want, "double2half %a got %04x want %04x", din[i], host, want);
    EXPECT(hbits(__half(din[i])) == host, "__half(double) %a", din[i]);
  }

  // Integers to half.
  std::vector<long long> ints;
  for (long long v = -70000; v <= 70000; v += 7) ints.push_back(v);
  for (int s = 0; s < 64; ++s)
    for (int d = -3; d <= 3; ++d) {
      ints.push_back((long long)((1ull << s) + d));
      ints.push_back(-(long long)(1ull << s) + d);
      ints.push_back((long long)((3ull << s >> 1) + d));
    }
  for (long long v : {2047LL, 2049LL, 2051LL, 4097LL, 4098LL, 4099LL, 65504LL, 65519LL, 65520LL,
                      65536LL, -65520LL, LLONG_MIN, LLONG_MAX})
    ints.push_back(v);
  int ni = (int)ints.size();
  long long *dInts;
  unsigned short *dIntOut;
  std::vector<unsigned short> idev(NINT * (size_t)ni);
  CHECK_CUDA(cudaMalloc(&dInts, ni * sizeof(long long)));
  CHECK_CUDA(cudaMalloc(&dIntOut, idev.size() * 2));
  CHECK_CUDA(cudaMemcpy(dInts, ints.data(), ni * sizeof(long long), cudaMemcpyHostToDevice));
  intToHalf<<<(ni + 255) / 256, 256>>>(dInts, ni, dIntOut);
  CHECK_CUDA(cudaMemcpy(idev.data(), dIntOut, idev.size() * 2, cudaMemcpyDeviceToHost));
  for (int i = 0; i < ni; ++i) {
    long long v = ints[i];
    long double values[6] = {(long double)(short)v, (long double)(unsigned short)v,
                             (long double)(int)v, (long double)(unsigned)v, (long double)v,
                             (long double)(unsigned long long)v};
    for (int t = 0; t < 6; ++t)
      for (int m = 0; m < 4; ++m) {
        unsigned want = ref.round(values[t], modes[m]);
        unsigned got = idev[NINT * i + 4 * t + m];
        EXPECT(got == want, "int type %d mode %d of %.0Lf: got %04x want %04x", t, m, values[t], got, want);
      }
    EXPECT(hbits(__int2half_ru((int)v)) == idev[NINT * i + 10], "host int2half_ru %lld", v);
    EXPECT(hbits(__ull2half_rd((unsigned long long)v)) == idev[NINT * i + 23], "host ull2half_rd %lld", v);
    EXPECT(hbits(__half((int)v)) == idev[NINT * i + 8], "__half(int) %lld", v);
    EXPECT(hbits(__half(v)) == idev[NINT * i + 16], "__half(long long) %lld", v);
    EXPECT(hbits(__half((unsigned long long)v)) == idev[NINT * i + 20], "__half(ull) %lld", v);
  }

  // Half to integers: all 65536 halves, every mode, host and device.
  std::vector<long long> toInt(NTOINT * 65536);
  long long *dToInt;
  CHECK_CUDA(cudaMalloc(&dToInt, toInt.size() * sizeof(long long)));
  halfToIntKernel<<<256, 256>>>(dToInt);
  CHECK_CUDA(cudaMemcpy(toInt.data(), dToInt, toInt.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  const long double lo[7] = {-32768.0L, 0, -2147483648.0L, 0, -9223372036854775808.0L, 0, -128};
  const long double hi[7] = {32767.0L, 65535.0L, 2147483647.0L, 4294967295.0L,
                             9223372036854775807.0L, 18446744073709551615.0L, 127};
  for (unsigned c = 0; c < 65536; ++c) {
    __half h = __ushort_as_half((unsigned short)c);
    long long host[NTOINT];
    halfToInts(h, host);
    long double v = 0;
    bool finite = ref.decode(c, &v), nan = ref.isNan(c);
    if (!finite && !nan) v = (c & 0x8000) ? -INFINITY : INFINITY;
    for (int k = 0; k < NTOINT; ++k) {
      EXPECT(host[k] == toInt[NTOINT * c + k], "half2int slot %d of %04x: host %lld device %lld", k, c,
             host[k], toInt[NTOINT * c + k]);
      int type = k < 24 ? k / 4 : k == 24 ? 6 : 1;
      RefMode m = k < 24 ? modes[k % 4] : RZ;
      long long want;
      if (nan) {
        want = (type == 4 || type == 5) ? LLONG_MIN : 0; // 64-bit types give 0x8000000000000000
      } else {
        long double r = roundIntegral(v, m);
        if (type == 5) { // unsigned 64-bit: compare bit patterns
          unsigned long long u = r <= 0 ? 0ull : r >= 18446744073709551615.0L ? ~0ull : (unsigned long long)r;
          want = (long long)u;
        } else {
          want = saturate(r, lo[type], hi[type]);
        }
      }
      if (k == 25) want = nan ? 0 : saturate(roundIntegral(v, RZ), 0, 255);
      EXPECT(host[k] == want, "half2int slot %d of %04x: got %lld want %lld", k, c, host[k], want);
    }
    // The conversion operators truncate like the _rz functions.
    EXPECT((int)h == host[9] && (unsigned)h == (unsigned)host[13] && (short)h == host[1] &&
               (unsigned short)h == (unsigned short)host[5] && (long long)h == host[17] &&
               (unsigned long long)h == (unsigned long long)host[21] &&
               (signed char)h == host[24] && (unsigned char)h == (unsigned char)host[25],
           "conversion operators of %04x", c);
    EXPECT((bool)h == ((c & 0x7fff) != 0), "bool of %04x", c);
  }

  if (failures) {
    printf("FAILED (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
