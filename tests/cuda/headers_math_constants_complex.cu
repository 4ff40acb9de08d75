// math_constants.h, cuComplex.h, library_types.h and device_types.h. The CUDART_* constants
// have their exact bit patterns (NaNs included) and agree between float and double, on the
// host and in device code; complex arithmetic matches std::complex on host and device, and
// division and absolute value stay finite where the textbook formulas overflow or underflow.
// The enums have CUDA's numeric values.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cuComplex.h>
#include <device_types.h>
#include <library_types.h>
#include <math_constants.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>

static int failures = 0;

#define EXPECT_TRUE(cond, ...)                                                                     \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      printf("FAIL line %d: %s: ", __LINE__, #cond);                                               \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

static unsigned floatBits(float f) {
  unsigned u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static unsigned long long doubleBits(double d) {
  unsigned long long u;
  memcpy(&u, &d, sizeof u);
  return u;
}

static_assert(sizeof(cuFloatComplex) == 8 && alignof(cuFloatComplex) == 8, "float2 layout");
static_assert(sizeof(cuDoubleComplex) == 16 && alignof(cuDoubleComplex) == 16, "double2 layout");
static_assert(CUDART_REMQUO_BITS_F == 3 && CUDART_REMQUO_MASK_F == 7, "remquo constants");
static_assert(CUDA_R_32F == 0 && CUDA_R_64F == 1 && CUDA_R_16F == 2 && CUDA_R_8I == 3 &&
                  CUDA_C_32F == 4 && CUDA_C_64F == 5 && CUDA_R_8U == 8 && CUDA_R_32I == 10 &&
                  CUDA_R_16BF == 14 && CUDA_R_64U == 26 && CUDA_R_8F_E4M3 == 28 &&
                  CUDA_R_8F_E5M2 == 29 && CUDA_R_4F_E2M1 == 33,
              "cudaDataType values");
static_assert(MAJOR_VERSION == 0 && MINOR_VERSION == 1 && PATCH_LEVEL == 2, "libraryPropertyType");
static_assert(cudaRoundNearest == 0 && cudaRoundZero == 1 && cudaRoundPosInf == 2 &&
                  cudaRoundMinInf == 3,
              "cudaRoundMode values");

// Constants as device code sees them.
struct DeviceConstants {
  unsigned infF, nanF, negZeroF, minDenormF;
  unsigned long long inf, nan, minDenorm;
  float piF;
  double pi, sqrt2pi;
};

__global__ void readConstants(DeviceConstants *c) {
  c->infF = __float_as_uint(CUDART_INF_F);
  c->nanF = __float_as_uint(CUDART_NAN_F);
  c->negZeroF = __float_as_uint(CUDART_NEG_ZERO_F);
  c->minDenormF = __float_as_uint(CUDART_MIN_DENORM_F);
  c->inf = __double_as_longlong(CUDART_INF);
  c->nan = __double_as_longlong(CUDART_NAN);
  c->minDenorm = __double_as_longlong(CUDART_MIN_DENORM);
  c->piF = CUDART_PI_F;
  c->pi = CUDART_PI;
  c->sqrt2pi = CUDART_SQRT_2PI;
}

static void checkConstants() {
  EXPECT_TRUE(floatBits(CUDART_INF_F) == 0x7f800000u, "%08x", floatBits(CUDART_INF_F));
  EXPECT_TRUE(floatBits(CUDART_NAN_F) == 0x7fffffffu, "%08x", floatBits(CUDART_NAN_F));
  EXPECT_TRUE(floatBits(CUDART_MIN_DENORM_F) == 0x00000001u, "%08x",
              floatBits(CUDART_MIN_DENORM_F));
  EXPECT_TRUE(floatBits(CUDART_MAX_NORMAL_F) == 0x7f7fffffu, "%08x",
              floatBits(CUDART_MAX_NORMAL_F));
  EXPECT_TRUE(floatBits(CUDART_NEG_ZERO_F) == 0x80000000u, "%08x", floatBits(CUDART_NEG_ZERO_F));
  EXPECT_TRUE(floatBits(CUDART_NORM_HUGE_F) == 0x7f7fffffu, "%08x", floatBits(CUDART_NORM_HUGE_F));
  EXPECT_TRUE(doubleBits(CUDART_INF) == 0x7ff0000000000000ull, "%016llx", doubleBits(CUDART_INF));
  EXPECT_TRUE(doubleBits(CUDART_NAN) == 0xfff8000000000000ull, "%016llx", doubleBits(CUDART_NAN));
  EXPECT_TRUE(doubleBits(CUDART_NEG_ZERO) == 0x8000000000000000ull, "%016llx",
              doubleBits(CUDART_NEG_ZERO));
  EXPECT_TRUE(doubleBits(CUDART_MIN_DENORM) == 1ull, "%016llx", doubleBits(CUDART_MIN_DENORM));
  EXPECT_TRUE(CUDART_TWO_TO_M1022 == std::ldexp(1.0, -1022), "2^-1022");
  EXPECT_TRUE(CUDART_TWO_TO_M126_F == std::ldexp(1.0f, -126), "2^-126");
  EXPECT_TRUE(CUDART_TWO_TO_126_F == std::ldexp(1.0f, 126), "2^126");
  EXPECT_TRUE(CUDART_TWO_TO_M54 == std::ldexp(1.0, -54), "2^-54");
  EXPECT_TRUE(CUDART_DBL2INT_CVT == 1.5 * CUDART_TWO_TO_52, "1.5 * 2^52");

  // Double constants against the C library, each float constant the double one rounded.
  struct Pair {
    const char *name;
    float f;
    double d;
    double expected;
  } pairs[] = {
      {"PI", CUDART_PI_F, CUDART_PI, std::acos(-1.0)},
      {"PIO2", CUDART_PIO2_F, CUDART_PIO2, std::acos(0.0)},
      {"PIO4", CUDART_PIO4_F, CUDART_PIO4, std::atan(1.0)},
      {"3PIO4", CUDART_3PIO4_F, CUDART_3PIO4, 3 * std::atan(1.0)},
      {"2_OVER_PI", CUDART_2_OVER_PI_F, CUDART_2_OVER_PI, 2 / std::acos(-1.0)},
      {"SQRT_TWO", CUDART_SQRT_TWO_F, CUDART_SQRT_TWO, std::sqrt(2.0)},
      {"SQRT_HALF", CUDART_SQRT_HALF_F, CUDART_SQRT_HALF, std::sqrt(0.5)},
      {"THIRD", CUDART_THIRD_F, CUDART_THIRD, 1.0 / 3},
      {"L2E", CUDART_L2E_F, CUDART_L2E, std::log2(std::exp(1.0))},
      {"L2T", CUDART_L2T_F, CUDART_L2T, std::log2(10.0)},
      {"LG2", CUDART_LG2_F, CUDART_LG2, std::log10(2.0)},
      {"LGE", CUDART_LGE_F, CUDART_LGE, std::log10(std::exp(1.0))},
      {"LN2", CUDART_LN2_F, CUDART_LN2, std::log(2.0)},
      {"LNT", CUDART_LNT_F, CUDART_LNT, std::log(10.0)},
      {"LNPI", CUDART_LNPI_F, CUDART_LNPI, std::log(std::acos(-1.0))},
  };
  for (const Pair &p : pairs) {
    double ulp = std::nextafter(p.expected, 10.0) - p.expected;
    EXPECT_TRUE(std::fabs(p.d - p.expected) <= 2 * ulp, "%s: %.17g vs %.17g", p.name, p.d,
                p.expected);
    EXPECT_TRUE(p.f == (float)p.d, "%s_F: %.9g vs %.9g", p.name, p.f, (float)p.d);
  }
  EXPECT_TRUE(CUDART_SQRT_2_OVER_PI_F == (float)CUDART_SQRT_2OPI, "SQRT_2_OVER_PI_F");
  EXPECT_TRUE(std::fabs(CUDART_SQRT_2PI * CUDART_SQRT_2PI - 2 * CUDART_PI) < 1e-14, "SQRT_2PI");
  EXPECT_TRUE(std::fabs(CUDART_SQRT_PIO2 * CUDART_SQRT_2OPI - 1) < 1e-15, "SQRT_PIO2");
  EXPECT_TRUE(CUDART_TWOTHIRD == 2.0 / 3, "TWOTHIRD");
  EXPECT_TRUE(std::fabs(CUDART_LN2_X_1024 - 1024 * CUDART_LN2) < 1e-12, "LN2_X_1024");
  EXPECT_TRUE(std::fabs(CUDART_LG2_X_1075 - 1075 * CUDART_LG2) < 1e-12, "LG2_X_1075");

  // Each _HI/_LO pair: HI is the constant, LO the remainder, far below HI's last bit.
  struct Split {
    const char *name;
    double value, hi, lo;
  } splits[] = {
      {"PI", CUDART_PI, CUDART_PI_HI, CUDART_PI_LO},
      {"PIO2", CUDART_PIO2, CUDART_PIO2_HI, CUDART_PIO2_LO},
      {"PIO4", CUDART_PIO4, CUDART_PIO4_HI, CUDART_PIO4_LO},
      {"SQRT_HALF", CUDART_SQRT_HALF, CUDART_SQRT_HALF_HI, CUDART_SQRT_HALF_LO},
      {"SQRT_2PI", CUDART_SQRT_2PI, CUDART_SQRT_2PI_HI, CUDART_SQRT_2PI_LO},
      {"SQRT_PIO2", CUDART_SQRT_PIO2, CUDART_SQRT_PIO2_HI, CUDART_SQRT_PIO2_LO},
      {"L2E", CUDART_L2E, CUDART_L2E_HI, CUDART_L2E_LO},
      {"LG2", CUDART_LG2, CUDART_LG2_HI, CUDART_LG2_LO},
      {"LGE", CUDART_LGE, CUDART_LGE_HI, CUDART_LGE_LO},
      {"LN2", CUDART_LN2, CUDART_LN2_HI, CUDART_LN2_LO},
      {"LNT", CUDART_LNT, CUDART_LNT_HI, CUDART_LNT_LO},
  };
  for (const Split &s : splits)
    EXPECT_TRUE(s.hi == s.value && s.lo != 0 && std::fabs(s.lo) <= std::ldexp(s.hi, -53) &&
                    s.hi + s.lo == s.hi,
                "%s: %.17g %.17g", s.name, s.hi, s.lo);
  // pi's low part is known to more digits than a double holds: pi - HI = 1.2246467991473532e-16.
  EXPECT_TRUE(CUDART_PI_LO == 1.2246467991473532e-16, "PI_LO %.17g", CUDART_PI_LO);
  EXPECT_TRUE(CUDART_SQRT_HALF_HI_F + CUDART_SQRT_HALF_LO_F == CUDART_SQRT_HALF_HI_F &&
                  std::fabs((double)CUDART_SQRT_HALF_HI_F + CUDART_SQRT_HALF_LO_F -
                            CUDART_SQRT_HALF) < 1e-15,
              "SQRT_HALF_HI_F/LO_F");

  DeviceConstants *c;
  cudaMallocManaged(&c, sizeof *c);
  readConstants<<<1, 1>>>(c);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess, "kernel");
  EXPECT_TRUE(c->infF == 0x7f800000u && c->nanF == 0x7fffffffu && c->negZeroF == 0x80000000u &&
                  c->minDenormF == 1u,
              "device float specials %08x %08x %08x %08x", c->infF, c->nanF, c->negZeroF,
              c->minDenormF);
  EXPECT_TRUE(c->inf == 0x7ff0000000000000ull && c->nan == 0xfff8000000000000ull &&
                  c->minDenorm == 1ull,
              "device double specials %016llx %016llx %016llx", c->inf, c->nan, c->minDenorm);
  EXPECT_TRUE(c->piF == CUDART_PI_F && c->pi == CUDART_PI && c->sqrt2pi == CUDART_SQRT_2PI,
              "device pi");
  cudaFree(c);
}

// Complex results of one operand pair, computed wherever the kernel or host runs.
struct ComplexResults {
  cuFloatComplex add, sub, mul, div, conj, fma, roundTrip;
  float abs, re, im;
  cuDoubleComplex addD, subD, mulD, divD, conjD, fmaD, widened;
  double absD;
};

__host__ __device__ void computeComplex(cuFloatComplex a, cuFloatComplex b, ComplexResults *r) {
  r->add = cuCaddf(a, b);
  r->sub = cuCsubf(a, b);
  r->mul = cuCmulf(a, b);
  r->div = cuCdivf(a, b);
  r->conj = cuConjf(a);
  r->fma = cuCfmaf(a, b, make_cuComplex(0.5f, -0.25f));
  r->abs = cuCabsf(a);
  r->re = cuCrealf(a);
  r->im = cuCimagf(a);
  cuDoubleComplex ad = cuComplexFloatToDouble(a), bd = cuComplexFloatToDouble(b);
  r->addD = cuCadd(ad, bd);
  r->subD = cuCsub(ad, bd);
  r->mulD = cuCmul(ad, bd);
  r->divD = cuCdiv(ad, bd);
  r->conjD = cuConj(ad);
  r->fmaD = cuCfma(ad, bd, make_cuDoubleComplex(0.5, -0.25));
  r->absD = cuCabs(ad);
  r->widened = ad;
  r->roundTrip = cuComplexDoubleToFloat(make_cuDoubleComplex(cuCreal(ad), cuCimag(ad)));
}

__global__ void complexKernel(const cuFloatComplex *a, const cuFloatComplex *b, int n,
                              ComplexResults *r) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    computeComplex(a[i], b[i], &r[i]);
}

static bool close(std::complex<double> got, std::complex<double> want, double tolerance) {
  return std::abs(got - want) <= tolerance * std::max(1.0, std::abs(want));
}

static std::complex<double> z(cuFloatComplex c) { return {c.x, c.y}; }
static std::complex<double> z(cuDoubleComplex c) { return {c.x, c.y}; }

static void checkComplex() {
  const int n = 64;
  cuFloatComplex *a, *b;
  ComplexResults *device;
  cudaMallocManaged(&a, n * sizeof *a);
  cudaMallocManaged(&b, n * sizeof *b);
  cudaMallocManaged(&device, n * sizeof *device);
  for (int i = 0; i < n; ++i) {
    a[i] = make_cuFloatComplex(0.37f * (i - 20), 1.5f - 0.11f * i);
    b[i] = make_cuFloatComplex(-2.0f + 0.07f * i, 0.3f * ((i % 7) - 3) + 0.01f);
  }
  complexKernel<<<2, 32>>>(a, b, n, device);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess, "complex kernel");
  for (int i = 0; i < n; ++i) {
    ComplexResults host;
    computeComplex(a[i], b[i], &host);
    std::complex<double> x = z(a[i]), y = z(b[i]);
    std::complex<double> fmaWant = x * y + std::complex<double>(0.5, -0.25);
    const ComplexResults *results[] = {&host, &device[i]};
    for (const ComplexResults *r : results) {
      const char *where = r == &host ? "host" : "device";
      EXPECT_TRUE(close(z(r->add), x + y, 1e-6) && close(z(r->sub), x - y, 1e-6) &&
                      close(z(r->mul), x * y, 1e-6) && close(z(r->div), x / y, 1e-6) &&
                      close(z(r->conj), std::conj(x), 0) && close(z(r->fma), fmaWant, 1e-6) &&
                      std::fabs(r->abs - std::abs(x)) <= 1e-6 * std::abs(x) && r->re == a[i].x &&
                      r->im == a[i].y,
                  "%s float ops, pair %d", where, i);
      EXPECT_TRUE(close(z(r->addD), x + y, 1e-15) && close(z(r->subD), x - y, 1e-15) &&
                      close(z(r->mulD), x * y, 1e-15) && close(z(r->divD), x / y, 1e-15) &&
                      close(z(r->conjD), std::conj(x), 0) && close(z(r->fmaD), fmaWant, 1e-15) &&
                      std::fabs(r->absD - std::abs(x)) <= 1e-15 * std::abs(x),
                  "%s double ops, pair %d", where, i);
      EXPECT_TRUE(r->widened.x == (double)a[i].x && r->widened.y == (double)a[i].y &&
                      r->roundTrip.x == a[i].x && r->roundTrip.y == a[i].y,
                  "%s conversions, pair %d", where, i);
    }
  }

  // Where |b|^2 overflows or underflows, scaled division and hypot still give the answer.
  cuFloatComplex q = cuCdivf(make_cuFloatComplex(1e30f, 1e30f), make_cuFloatComplex(1e30f, 1e30f));
  EXPECT_TRUE(std::fabs(q.x - 1.0f) < 1e-6f && q.y == 0.0f, "huge division (%g, %g)", q.x, q.y);
  q = cuCdivf(make_cuFloatComplex(3e-30f, 4e-30f), make_cuFloatComplex(1e-30f, 0.0f));
  EXPECT_TRUE(std::fabs(q.x - 3.0f) < 1e-6f && std::fabs(q.y - 4.0f) < 1e-6f,
              "tiny division (%g, %g)", q.x, q.y);
  cuDoubleComplex qd =
      cuCdiv(make_cuDoubleComplex(1e300, -1e300), make_cuDoubleComplex(1e300, 1e300));
  EXPECT_TRUE(qd.x == 0.0 && std::fabs(qd.y + 1.0) < 1e-15, "huge double division (%g, %g)", qd.x,
              qd.y);
  EXPECT_TRUE(std::fabs(cuCabsf(make_cuFloatComplex(3e30f, 4e30f)) / 5e30f - 1) < 1e-6f,
              "huge abs");
  EXPECT_TRUE(std::fabs(cuCabsf(make_cuFloatComplex(3e-30f, 4e-30f)) - 5e-30f) < 1e-36f,
              "tiny abs");
  EXPECT_TRUE(std::fabs(cuCabs(make_cuDoubleComplex(-3e300, 4e300)) / 5e300 - 1) < 1e-15,
              "huge double abs");
  EXPECT_TRUE(std::isinf(cuCabsf(make_cuFloatComplex(CUDART_INF_F, CUDART_NAN_F))),
              "abs(inf, nan) is inf");
  cudaFree(a);
  cudaFree(b);
  cudaFree(device);
}

int main() {
  checkConstants();
  checkComplex();
  cuComplex c = make_cuComplex(1.0f, 2.0f);
  EXPECT_TRUE(c.x == 1.0f && c.y == 2.0f, "make_cuComplex");
  cudaDataType_t t = CUDA_C_16BF;
  cudaDataType u = t;
  libraryPropertyType_t p = PATCH_LEVEL;
  EXPECT_TRUE(u == 15 && p == 2, "enum typedefs");
  if (failures == 0)
    printf("PASS\n");
  else
    printf("FAIL: %d failures\n", failures);
  return failures != 0;
}
