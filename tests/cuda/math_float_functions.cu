// Single-precision math functions in device code against the host libm evaluated in long
// double, within the maximum ulp errors of the CUDA C++ Programming Guide (full range, +1 for
// the reference's rounding), and their special values (C99 Annex F); also the float overloads
// (sin(float), std::exp(float), ...) and exact functions (fmaf, frexpf, ldexpf, remquof,
// nextafterf, modff, ilogbf, nanf, rounding functions).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cstdint>

enum Fn { SIN, COS, TAN, SINCOS_S, SINCOS_C, SINPI, COSPI, ASIN, ACOS, ATAN, SINH, COSH, TANH, ASINH, ACOSH, ATANH,
          EXP, EXP2, EXP10, EXPM1, LOG, LOG2, LOG10, LOG1P, SQRT, RSQRT, CBRT, RCBRT, ERF, ERFC, TGAMMA, LGAMMA,
          POW, ATAN2, HYPOT, FMOD, REMAINDER, STD_SIN, STD_EXP, OVL_LOG, NFN };
static const char *fnName[NFN] = {"sinf", "cosf", "tanf", "sincosf.s", "sincosf.c", "sinpif", "cospif", "asinf", "acosf",
                                  "atanf", "sinhf", "coshf", "tanhf", "asinhf", "acoshf", "atanhf", "expf", "exp2f",
                                  "exp10f", "expm1f", "logf", "log2f", "log10f", "log1pf", "sqrtf", "rsqrtf", "cbrtf",
                                  "rcbrtf", "erff", "erfcf", "tgammaf", "lgammaf", "powf", "atan2f", "hypotf", "fmodf",
                                  "remainderf", "std::sin(float)", "std::exp(float)", "log(float)"};
// CUDA C++ Programming Guide, single-precision maximum ulp errors (+1 for the reference).
static const int maxUlp[NFN] = {2, 2, 4, 2, 2, 1, 1, 2, 2, 2, 3, 2, 2, 3, 4, 3, 2, 2, 2, 1, 1, 1, 2, 1, 0, 2, 1, 1, 2, 4,
                                5, 6, 4, 3, 3, 0, 0, 2, 2, 1};

__global__ void evalF(const int *fn, const float *x, const float *y, int n, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], b = y[i], r = 0, s, c;
  switch (fn[i]) {
  case SIN: r = sinf(a); break;
  case COS: r = cosf(a); break;
  case TAN: r = tanf(a); break;
  case SINCOS_S: sincosf(a, &s, &c); r = s; break;
  case SINCOS_C: sincosf(a, &s, &c); r = c; break;
  case SINPI: r = sinpif(a); break;
  case COSPI: r = cospif(a); break;
  case ASIN: r = asinf(a); break;
  case ACOS: r = acosf(a); break;
  case ATAN: r = atanf(a); break;
  case SINH: r = sinhf(a); break;
  case COSH: r = coshf(a); break;
  case TANH: r = tanhf(a); break;
  case ASINH: r = asinhf(a); break;
  case ACOSH: r = acoshf(a); break;
  case ATANH: r = atanhf(a); break;
  case EXP: r = expf(a); break;
  case EXP2: r = exp2f(a); break;
  case EXP10: r = exp10f(a); break;
  case EXPM1: r = expm1f(a); break;
  case LOG: r = logf(a); break;
  case LOG2: r = log2f(a); break;
  case LOG10: r = log10f(a); break;
  case LOG1P: r = log1pf(a); break;
  case SQRT: r = sqrtf(a); break;
  case RSQRT: r = rsqrtf(a); break;
  case CBRT: r = cbrtf(a); break;
  case RCBRT: r = rcbrtf(a); break;
  case ERF: r = erff(a); break;
  case ERFC: r = erfcf(a); break;
  case TGAMMA: r = tgammaf(a); break;
  case LGAMMA: r = lgammaf(a); break;
  case POW: r = powf(a, b); break;
  case ATAN2: r = atan2f(a, b); break;
  case HYPOT: r = hypotf(a, b); break;
  case FMOD: r = fmodf(a, b); break;
  case REMAINDER: r = remainderf(a, b); break;
  case STD_SIN: r = std::sin(a); break;
  case STD_EXP: r = std::exp(a); break;
  case OVL_LOG: r = log(a); break; // float overload, not the double function
  }
  out[i] = r;
}

// sin(pi x) and cos(pi x): reduce exactly to |t| <= 1/2 first, where sin(pi t) is well
// conditioned; integers give signed zeros.
static const long double PI_L = 3.14159265358979323846264338327950288L;
static long double sinpiRef(long double x) {
  long double r = fmodl(x, 2.0L); // exact, in (-2, 2)
  if (r > 1) r -= 2;
  if (r < -1) r += 2;
  if (r == 0 || r == 1 || r == -1) return copysignl(0.0L, x);
  if (r > 0.5L) r = 1 - r;
  else if (r < -0.5L) r = -1 - r;
  return sinl(PI_L * r);
}
static long double cospiRef(long double x) {
  long double r = fmodl(fabsl(x), 2.0L);
  if (r > 1) r = 2 - r;
  if (r == 0.5L) return 0.0L;
  return sinl(PI_L * (0.5L - r));
}
static long double ref(int fn, long double a, long double b) {
  switch (fn) {
  case SIN: case SINCOS_S: case STD_SIN: return sinl(a);
  case COS: case SINCOS_C: return cosl(a);
  case TAN: return tanl(a);
  case SINPI: return sinpiRef(a);
  case COSPI: return cospiRef(a);
  case ASIN: return asinl(a);
  case ACOS: return acosl(a);
  case ATAN: return atanl(a);
  case SINH: return sinhl(a);
  case COSH: return coshl(a);
  case TANH: return tanhl(a);
  case ASINH: return asinhl(a);
  case ACOSH: return acoshl(a);
  case ATANH: return atanhl(a);
  case EXP: case STD_EXP: return expl(a);
  case EXP2: return exp2l(a);
  case EXP10: return powl(10.0L, a);
  case EXPM1: return expm1l(a);
  case LOG: case OVL_LOG: return logl(a);
  case LOG2: return log2l(a);
  case LOG10: return log10l(a);
  case LOG1P: return log1pl(a);
  case SQRT: return sqrtl(a);
  case RSQRT: return 1.0L / sqrtl(a);
  case CBRT: return cbrtl(a);
  case RCBRT: return 1.0L / cbrtl(a);
  case ERF: return erfl(a);
  case ERFC: return erfcl(a);
  case TGAMMA: return tgammal(a);
  case LGAMMA: return lgammal(a);
  case POW: return powl(a, b);
  case ATAN2: return atan2l(a, b);
  case HYPOT: return hypotl(a, b);
  case FMOD: return fmodl(a, b);
  case REMAINDER: return remainderl(a, b);
  }
  return 0;
}

static int64_t ordered(float f) { int32_t i; memcpy(&i, &f, 4); return i < 0 ? (int64_t)INT32_MIN - i : i; }
static int64_t ulpDiff(float a, float b) { return llabs(ordered(a) - ordered(b)); }
static bool sameSpecial(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return memcmp(&a, &b, 4) == 0 || (a == 0 && b == 0 && std::signbit(a) == std::signbit(b));
}

// exact functions
__global__ void exact(const float *x, const float *y, int n, float *out, int *iout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = x[i], b = y[i];
  float *o = out + i * 15;
  int *io = iout + i * 4;
  o[0] = fmaf(a, b, -a);
  int e;
  o[1] = frexpf(a, &e); io[0] = e;
  o[2] = ldexpf(a, (int)b % 300);
  int q;
  o[3] = remquof(a, b, &q); io[1] = q;
  o[4] = nextafterf(a, b);
  float ip;
  o[5] = modff(a, &ip); o[6] = ip;
  o[7] = roundf(a); o[8] = rintf(a); o[9] = truncf(a); o[10] = floorf(a); o[11] = ceilf(a);
  o[12] = fminf(a, b); o[13] = fmaxf(a, b);
  o[14] = nanf("");
  io[2] = ilogbf(a);
  io[3] = (int)lrintf(fminf(fmaxf(a, -1e9f), 1e9f));
}

int main() {
  int failures = 0;
  // ---- random inputs per function ----
  struct Range { float lo, hi; float blo, bhi; };
  Range ranges[NFN];
  for (int f = 0; f < NFN; ++f) ranges[f] = {-10, 10, 1, 1};
  ranges[SIN] = ranges[COS] = ranges[SINCOS_S] = ranges[SINCOS_C] = ranges[STD_SIN] = {-1e5f, 1e5f, 0, 0};
  ranges[TAN] = {-100, 100, 0, 0};
  ranges[SINPI] = ranges[COSPI] = {-1e3f, 1e3f, 0, 0};
  ranges[ASIN] = ranges[ACOS] = ranges[ATANH] = {-0.999f, 0.999f, 0, 0};
  ranges[ACOSH] = {1.0f, 1e4f, 0, 0};
  ranges[SINH] = ranges[COSH] = {-80, 80, 0, 0};
  ranges[EXP] = ranges[STD_EXP] = {-87, 88, 0, 0};
  ranges[EXP2] = {-125, 127, 0, 0};
  ranges[EXP10] = {-37, 38, 0, 0};
  ranges[EXPM1] = {-20, 20, 0, 0};
  ranges[LOG] = ranges[LOG2] = ranges[LOG10] = ranges[SQRT] = ranges[RSQRT] = ranges[OVL_LOG] = {1e-30f, 1e30f, 0, 0};
  ranges[LOG1P] = {-0.9f, 1e6f, 0, 0};
  ranges[CBRT] = ranges[RCBRT] = {-1e20f, 1e20f, 0, 0};
  ranges[ERF] = {-5, 5, 0, 0};
  ranges[ERFC] = {-3, 9, 0, 0};
  ranges[TGAMMA] = {0.01f, 34, 0, 0};
  ranges[LGAMMA] = {0.01f, 1e4f, 0, 0};
  ranges[POW] = {0.01f, 100, -20, 20};
  ranges[ATAN2] = {-100, 100, -100, 100};
  ranges[HYPOT] = {-1e18f, 1e18f, -1e18f, 1e18f};
  ranges[FMOD] = ranges[REMAINDER] = {-1e6f, 1e6f, -50, 50};
  const int per = 400;
  int n = NFN * per;
  int *fn; float *x, *y, *out;
  cudaMallocManaged(&fn, n * 4); cudaMallocManaged(&x, n * 4); cudaMallocManaged(&y, n * 4); cudaMallocManaged(&out, n * 4);
  unsigned long long s = 0x853c49e6748fea9bull;
  auto u01 = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (s >> 11) * (1.0 / 9007199254740992.0); };
  for (int f = 0; f < NFN; ++f)
    for (int k = 0; k < per; ++k) {
      int i = f * per + k;
      Range r = ranges[f];
      fn[i] = f;
      bool logScale = r.lo > 0 && r.hi / r.lo > 1e3f;
      x[i] = logScale ? (float)(r.lo * pow(r.hi / r.lo, u01())) : (float)(r.lo + (r.hi - r.lo) * u01());
      y[i] = (float)(r.blo + (r.bhi - r.blo) * u01());
      if ((f == SINPI || f == COSPI) && k % 2) // close to the zeros: integers (sinpi), half-integers (cospi)
        x[i] = (float)(floor(x[i]) + (f == COSPI ? 0.5 : 0.0) + (u01() - 0.5) * 1e-3);
    }
  evalF<<<(n + 127) / 128, 128>>>(fn, x, y, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int perFn[NFN] = {};
  for (int i = 0; i < n; ++i) {
    float want = (float)ref(fn[i], x[i], y[i]);
    long long d = ulpDiff(out[i], want);
    if (d > maxUlp[fn[i]] + 1 && !sameSpecial(out[i], want)) {
      failures++;
      if (perFn[fn[i]]++ < 2)
        printf("%s(%.9g, %.9g): got %.9g, expected %.9g (%lld ulp, max %d)\n", fnName[fn[i]], x[i], y[i], out[i], want, d,
               maxUlp[fn[i]]);
    }
  }
  // ---- special values ----
  const float inf = INFINITY, nan = NAN;
  struct Sp { int fn; float a, b, want; } sp[] = {
      {SIN, 0.0f, 0, 0.0f}, {SIN, -0.0f, 0, -0.0f}, {SIN, inf, 0, nan}, {COS, inf, 0, nan}, {COS, 0.0f, 0, 1.0f},
      {TAN, -0.0f, 0, -0.0f}, {SINPI, 1.0f, 0, 0.0f}, {SINPI, -2.0f, 0, -0.0f}, {COSPI, 0.5f, 0, 0.0f},
      {SINPI, 0.5f, 0, 1.0f}, {COSPI, 1.0f, 0, -1.0f}, {ASIN, 2.0f, 0, nan}, {ACOS, 1.0f, 0, 0.0f}, {ATAN, inf, 0, 1.5707964f},
      {TANH, inf, 0, 1.0f}, {TANH, -0.0f, 0, -0.0f}, {ACOSH, 0.5f, 0, nan}, {ATANH, 1.0f, 0, inf}, {ATANH, -1.0f, 0, -inf},
      {EXP, -inf, 0, 0.0f}, {EXP, inf, 0, inf}, {EXP, nan, 0, nan}, {EXP, 100.0f, 0, inf}, {EXP, -200.0f, 0, 0.0f},
      {EXP2, 3.0f, 0, 8.0f}, {EXP10, 2.0f, 0, 100.0f}, {EXPM1, -inf, 0, -1.0f}, {EXPM1, -0.0f, 0, -0.0f},
      {LOG, 0.0f, 0, -inf}, {LOG, -0.0f, 0, -inf}, {LOG, -1.0f, 0, nan}, {LOG, inf, 0, inf}, {LOG, 1.0f, 0, 0.0f},
      {LOG2, 8.0f, 0, 3.0f}, {LOG10, 1000.0f, 0, 3.0f}, {LOG1P, -1.0f, 0, -inf}, {LOG1P, -0.0f, 0, -0.0f},
      {SQRT, -0.0f, 0, -0.0f}, {SQRT, -1.0f, 0, nan}, {SQRT, inf, 0, inf}, {RSQRT, 0.0f, 0, inf}, {RSQRT, inf, 0, 0.0f},
      {RSQRT, 4.0f, 0, 0.5f}, {CBRT, -27.0f, 0, -3.0f}, {CBRT, -inf, 0, -inf}, {ERF, inf, 0, 1.0f}, {ERF, -inf, 0, -1.0f},
      {ERF, -0.0f, 0, -0.0f}, {ERFC, inf, 0, 0.0f}, {ERFC, -inf, 0, 2.0f}, {TGAMMA, 0.0f, 0, inf}, {TGAMMA, -0.0f, 0, -inf},
      {TGAMMA, -1.0f, 0, nan}, {TGAMMA, -inf, 0, nan}, {TGAMMA, inf, 0, inf}, {TGAMMA, 5.0f, 0, 24.0f},
      {LGAMMA, 1.0f, 0, 0.0f}, {LGAMMA, 2.0f, 0, 0.0f}, {LGAMMA, 0.0f, 0, inf}, {LGAMMA, -3.0f, 0, inf},
      {POW, nan, 0.0f, 1.0f}, {POW, 1.0f, nan, 1.0f}, {POW, -1.0f, inf, 1.0f}, {POW, 0.0f, -1.0f, inf},
      {POW, -0.0f, -1.0f, -inf}, {POW, -0.0f, -2.0f, inf}, {POW, -2.0f, 0.5f, nan}, {POW, -inf, 3.0f, -inf},
      {POW, -8.0f, 3.0f, -512.0f}, {POW, 2.0f, -inf, 0.0f}, {POW, 0.5f, -inf, inf}, {POW, -2.0f, 2.0f, 4.0f},
      {POW, 2.0f, 10.0f, 1024.0f}, {POW, -inf, -3.0f, -0.0f}, {ATAN2, 0.0f, -0.0f, 3.14159274f},
      {ATAN2, -0.0f, -0.0f, -3.14159274f}, {ATAN2, 0.0f, 0.0f, 0.0f}, {ATAN2, 1.0f, -inf, 3.14159274f},
      {ATAN2, inf, inf, 0.785398185f}, {HYPOT, inf, nan, inf}, {HYPOT, 3.0f, 4.0f, 5.0f}, {HYPOT, -0.0f, -0.0f, 0.0f},
      {FMOD, 5.5f, 2.0f, 1.5f}, {FMOD, -5.5f, 2.0f, -1.5f}, {FMOD, 1.0f, 0.0f, nan}, {FMOD, inf, 1.0f, nan},
      {FMOD, 3.0f, inf, 3.0f}, {REMAINDER, 5.0f, 2.0f, 1.0f}, {REMAINDER, 7.0f, 2.0f, -1.0f}, {OVL_LOG, 0.0f, 0, -inf}};
  int ns = sizeof(sp) / sizeof(sp[0]);
  for (int i = 0; i < ns; ++i) { fn[i] = sp[i].fn; x[i] = sp[i].a; y[i] = sp[i].b; }
  evalF<<<(ns + 127) / 128, 128>>>(fn, x, y, ns, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  for (int i = 0; i < ns; ++i) {
    bool ok = sameSpecial(out[i], sp[i].want) ||
              (std::isfinite(sp[i].want) && sp[i].want != 0 && ulpDiff(out[i], sp[i].want) <= maxUlp[sp[i].fn]);
    if (!ok && failures++ < 40) printf("special %s(%g, %g): got %g, expected %g\n", fnName[sp[i].fn], sp[i].a, sp[i].b, out[i], sp[i].want);
  }
  // ---- exact functions ----
  const float ea[] = {1.5f, -2.5f, 2.5f, 3.7f, -3.7f, 0.0f, -0.0f, 1e-40f, 6.0f, -7.25f, 100.5f, 1.0f, 0.5f, -0.5f,
                      1e30f, inf, nan, 8388609.0f, 1.0f, 3.0f, -1.0f};
  const float eb[] = {2.0f, 3.0f, -1.0f, 1.5f, 2.0f, 1.0f, -1.0f, 0.0f, 4.0f, 2.0f, -3.0f, 128.0f, -149.0f, -150.0f, 7.0f,
                      1.0f, 1.0f, 2.0f, 2.0f, -inf, 0.0f};
  int ne = sizeof(ea) / sizeof(ea[0]);
  float *eo; int *io;
  cudaMallocManaged(&eo, ne * 15 * 4); cudaMallocManaged(&io, ne * 4 * 4);
  memcpy(x, ea, sizeof(ea)); memcpy(y, eb, sizeof(eb));
  exact<<<1, 32>>>(x, y, ne, eo, io);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *en[15] = {"fmaf", "frexpf", "ldexpf", "remquof", "nextafterf", "modff(frac)", "modff(int)", "roundf",
                               "rintf", "truncf", "floorf", "ceilf", "fminf", "fmaxf", "nanf(\"\")"};
  for (int i = 0; i < ne; ++i) {
    float a = ea[i], b = eb[i];
    int e, q;
    float ip;
    float want[15] = {fmaf(a, b, -a), frexpf(a, &e), ldexpf(a, (int)b % 300), remquof(a, b, &q), nextafterf(a, b),
                      modff(a, &ip), 0, roundf(a), rintf(a), truncf(a), floorf(a), ceilf(a), fminf(a, b), fmaxf(a, b), NAN};
    want[6] = ip;
    for (int k = 0; k < 15; ++k)
      if (!sameSpecial(eo[i * 15 + k], want[k]) && failures++ < 40)
        printf("%s(%.9g, %.9g): got %.9g, expected %.9g\n", en[k], a, b, eo[i * 15 + k], want[k]);
    if (std::isfinite(a) && a != 0 && io[i * 4] != e && failures++ < 40) printf("frexpf(%g) exponent %d, expected %d\n", a, io[i * 4], e);
    // remquo: sign of x/y and at least the low 3 bits of the quotient
    if (std::isfinite(a) && b != 0 && std::isfinite(b) && ((io[i * 4 + 1] < 0) != (q < 0) || (abs(io[i * 4 + 1]) & 7) != (abs(q) & 7)) &&
        failures++ < 40)
      printf("remquof(%g, %g) quotient %d, expected %d\n", a, b, io[i * 4 + 1], q);
    if (std::isfinite(a) && a != 0 && io[i * 4 + 2] != ilogbf(a) && failures++ < 40) printf("ilogbf(%g) = %d\n", a, io[i * 4 + 2]);
    if (!std::isnan(a) && io[i * 4 + 3] != (int)lrintf(fminf(fmaxf(a, -1e9f), 1e9f)) && failures++ < 40) printf("lrintf(%g) = %d\n", a, io[i * 4 + 3]);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
