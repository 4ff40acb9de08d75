// Double-precision math functions in device code against the host libm in long double,
// within the CUDA C++ Programming Guide's maximum ulp errors (+1 for the reference's
// rounding), special values, std:: overloads in device code (std::sin(double),
// std::pow(double, int), std::abs), CUDA's min/max overloads for mixed argument types, and the
// exact functions (fma, frexp, ldexp, remquo, nextafter, modf, rounding, fmin/fmax, ilogb, nan).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <cstdlib>

enum Fn { SIN, COS, TAN, SINCOS_S, SINCOS_C, SINPI, COSPI, ASIN, ACOS, ATAN, SINH, COSH, TANH, EXP, EXP2, EXP10, EXPM1,
          LOG, LOG2, LOG10, LOG1P, SQRT, RSQRT, CBRT, ERF, ERFC, TGAMMA, LGAMMA, POW, ATAN2, HYPOT, FMOD, STD_SIN,
          STD_POW_INT, NFN };
static const char *fnName[NFN] = {"sin", "cos", "tan", "sincos.s", "sincos.c", "sinpi", "cospi", "asin", "acos", "atan",
                                  "sinh", "cosh", "tanh", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10",
                                  "log1p", "sqrt", "rsqrt", "cbrt", "erf", "erfc", "tgamma", "lgamma", "pow", "atan2",
                                  "hypot", "fmod", "std::sin(double)", "std::pow(double, int)"};
static const int maxUlp[NFN] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 2, 5, 10, 4, 2, 2,
                                2, 0, 2, 2};

__global__ void evalD(const int *fn, const double *x, const double *y, int n, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = x[i], b = y[i], r = 0, s, c;
  switch (fn[i]) {
  case SIN: r = sin(a); break;
  case COS: r = cos(a); break;
  case TAN: r = tan(a); break;
  case SINCOS_S: sincos(a, &s, &c); r = s; break;
  case SINCOS_C: sincos(a, &s, &c); r = c; break;
  case SINPI: r = sinpi(a); break;
  case COSPI: r = cospi(a); break;
  case ASIN: r = asin(a); break;
  case ACOS: r = acos(a); break;
  case ATAN: r = atan(a); break;
  case SINH: r = sinh(a); break;
  case COSH: r = cosh(a); break;
  case TANH: r = tanh(a); break;
  case EXP: r = exp(a); break;
  case EXP2: r = exp2(a); break;
  case EXP10: r = exp10(a); break;
  case EXPM1: r = expm1(a); break;
  case LOG: r = log(a); break;
  case LOG2: r = log2(a); break;
  case LOG10: r = log10(a); break;
  case LOG1P: r = log1p(a); break;
  case SQRT: r = sqrt(a); break;
  case RSQRT: r = rsqrt(a); break;
  case CBRT: r = cbrt(a); break;
  case ERF: r = erf(a); break;
  case ERFC: r = erfc(a); break;
  case TGAMMA: r = tgamma(a); break;
  case LGAMMA: r = lgamma(a); break;
  case POW: r = pow(a, b); break;
  case ATAN2: r = atan2(a, b); break;
  case HYPOT: r = hypot(a, b); break;
  case FMOD: r = fmod(a, b); break;
  case STD_SIN: r = std::sin(a); break;
  case STD_POW_INT: r = std::pow(a, (int)b); break;
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
  case EXP: return expl(a);
  case EXP2: return exp2l(a);
  case EXP10: return powl(10.0L, a);
  case EXPM1: return expm1l(a);
  case LOG: return logl(a);
  case LOG2: return log2l(a);
  case LOG10: return log10l(a);
  case LOG1P: return log1pl(a);
  case SQRT: return sqrtl(a);
  case RSQRT: return 1.0L / sqrtl(a);
  case CBRT: return cbrtl(a);
  case ERF: return erfl(a);
  case ERFC: return erfcl(a);
  case TGAMMA: return tgammal(a);
  case LGAMMA: return lgammal(a);
  case POW: return powl(a, b);
  case ATAN2: return atan2l(a, b);
  case HYPOT: return hypotl(a, b);
  case FMOD: return fmodl(a, b);
  case STD_POW_INT: return powl(a, (int)b);
  }
  return 0;
}

static long long ordered(double d) { int64_t i; memcpy(&i, &d, 8); return i < 0 ? INT64_MIN - i : i; }
static unsigned long long ulpDiff(double a, double b) {
  long long x = ordered(a), y = ordered(b);
  return x > y ? (unsigned long long)x - y : (unsigned long long)y - x;
}
static bool sameSpecial(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}


// exact functions
__global__ void exactD(const double *x, const double *y, int n, double *out, int *iout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = x[i], b = y[i];
  double *o = out + i * 15;
  int *io = iout + i * 3;
  o[0] = fma(a, b, -a);
  int e;
  o[1] = frexp(a, &e); io[0] = e;
  o[2] = ldexp(a, (int)b % 2000);
  int q;
  o[3] = remquo(a, b, &q); io[1] = q;
  o[4] = nextafter(a, b);
  double ip;
  o[5] = modf(a, &ip); o[6] = ip;
  o[7] = round(a); o[8] = rint(a); o[9] = trunc(a); o[10] = floor(a); o[11] = ceil(a);
  o[12] = fmin(a, b); o[13] = fmax(a, b);
  o[14] = nan("");
  io[2] = ilogb(a);
}

#define NMM 14
__global__ void minmax(long long *out) {
  // CUDA's overloads: mixed signed/unsigned compare as unsigned, mixed float/double as double
  out[0] = min(3, 5);
  out[1] = max(-1, 2u);            // max(unsigned, unsigned): 0xffffffff
  out[2] = min(-1, 2u);            // 2
  out[3] = max(-5ll, 3ll);
  out[4] = min(7ull, 3ull);
  out[5] = (long long)(max(2.5f, 1.0f) * 10);
  out[6] = (long long)(min(2.5, -1.5) * 10);
  out[7] = (long long)(max(1.5f, 2.25) * 100); // float, double -> double
  out[8] = std::abs(-7);
  out[9] = (long long)(std::abs(-2.5f) * 10);
  out[10] = (long long)(std::fabs(-3.25) * 100);
  out[11] = llabs(-(1ll << 40));
  out[12] = umax(3u, 9u) * 100 + umin(3u, 9u);
  out[13] = llmin(-4ll, 2ll) * 10 + llmax(-4ll, 2ll);
}

int main() {
  int failures = 0;
  struct Range { double lo, hi, blo, bhi; };
  Range ranges[NFN];
  for (int f = 0; f < NFN; ++f) ranges[f] = {-10, 10, 0, 0};
  ranges[SIN] = ranges[COS] = ranges[SINCOS_S] = ranges[SINCOS_C] = ranges[STD_SIN] = {-1e6, 1e6, 0, 0};
  ranges[TAN] = {-100, 100, 0, 0};
  ranges[SINPI] = ranges[COSPI] = {-1e6, 1e6, 0, 0};
  ranges[ASIN] = ranges[ACOS] = {-0.9999, 0.9999, 0, 0};
  ranges[SINH] = ranges[COSH] = {-700, 700, 0, 0};
  ranges[EXP] = {-700, 700, 0, 0};
  ranges[EXP2] = {-1000, 1000, 0, 0};
  ranges[EXP10] = {-300, 300, 0, 0};
  ranges[EXPM1] = {-40, 40, 0, 0};
  ranges[LOG] = ranges[LOG2] = ranges[LOG10] = ranges[SQRT] = ranges[RSQRT] = {1e-300, 1e300, 0, 0};
  ranges[LOG1P] = {-0.99, 1e10, 0, 0};
  ranges[CBRT] = {-1e100, 1e100, 0, 0};
  ranges[ERF] = {-6, 6, 0, 0};
  ranges[ERFC] = {-5, 26, 0, 0};
  ranges[TGAMMA] = {0.01, 170, 0, 0};
  ranges[LGAMMA] = {0.01, 1e10, 0, 0};
  ranges[POW] = {0.01, 1000, -50, 50};
  ranges[ATAN2] = {-100, 100, -100, 100};
  ranges[HYPOT] = {-1e150, 1e150, -1e150, 1e150};
  ranges[FMOD] = {-1e12, 1e12, -1000, 1000};
  ranges[STD_POW_INT] = {-3, 3, -20, 20};
  const int per = 300, n = NFN * per;
  int *fn; double *x, *y, *out;
  cudaMallocManaged(&fn, n * 4); cudaMallocManaged(&x, n * 8); cudaMallocManaged(&y, n * 8); cudaMallocManaged(&out, n * 8);
  unsigned long long s = 0xda3e39cb94b95bdbull;
  auto u01 = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (s >> 11) * (1.0 / 9007199254740992.0); };
  for (int f = 0; f < NFN; ++f)
    for (int k = 0; k < per; ++k) {
      int i = f * per + k;
      Range r = ranges[f];
      fn[i] = f;
      bool logScale = r.lo > 0 && r.hi / r.lo > 1e3;
      x[i] = logScale ? r.lo * pow(r.hi / r.lo, u01()) : r.lo + (r.hi - r.lo) * u01();
      y[i] = r.blo + (r.bhi - r.blo) * u01();
      if ((f == SINPI || f == COSPI) && k % 2) // close to the zeros: integers (sinpi), half-integers (cospi)
        x[i] = floor(x[i]) + (f == COSPI ? 0.5 : 0.0) + (u01() - 0.5) * 1e-4;
    }
  evalD<<<(n + 127) / 128, 128>>>(fn, x, y, n, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int perFn[NFN] = {};
  for (int i = 0; i < n; ++i) {
    double want = (double)ref(fn[i], x[i], y[i]);
    unsigned long long d = ulpDiff(out[i], want);
    if (d > (unsigned long long)maxUlp[fn[i]] + 1 && !sameSpecial(out[i], want)) {
      failures++;
      if (perFn[fn[i]]++ < 2)
        printf("%s(%.17g, %.17g): got %.17g, expected %.17g (%llu ulp, max %d)\n", fnName[fn[i]], x[i], y[i], out[i], want,
               d, maxUlp[fn[i]]);
    }
  }
  const double inf = INFINITY, nan = NAN;
  struct Sp { int fn; double a, b, want; } sp[] = {
      {SIN, -0.0, 0, -0.0}, {SIN, inf, 0, nan}, {COS, -inf, 0, nan}, {SINPI, 3.0, 0, 0.0}, {SINPI, -1.0, 0, -0.0},
      {COSPI, 1.5, 0, 0.0}, {EXP, -inf, 0, 0.0}, {EXP, 710.0, 0, inf}, {EXPM1, -inf, 0, -1.0}, {LOG, 0.0, 0, -inf},
      {LOG, -0.0, 0, -inf}, {LOG, -1e-300, 0, nan}, {LOG1P, -1.0, 0, -inf}, {LOG1P, -2.0, 0, nan}, {SQRT, -0.0, 0, -0.0},
      {RSQRT, 0.0, 0, inf}, {RSQRT, inf, 0, 0.0}, {CBRT, -8.0, 0, -2.0}, {ERF, -inf, 0, -1.0}, {ERFC, inf, 0, 0.0},
      {TGAMMA, 0.0, 0, inf}, {TGAMMA, -2.0, 0, nan}, {TGAMMA, 171.7, 0, inf}, {TGAMMA, 6.0, 0, 120.0},
      {LGAMMA, 1.0, 0, 0.0}, {LGAMMA, -4.0, 0, inf}, {POW, nan, 0.0, 1.0}, {POW, 1.0, nan, 1.0},
      {POW, -0.0, -3.0, -inf}, {POW, -2.0, 1.5, nan}, {POW, -inf, 2.0, inf}, {POW, 0.999, inf, 0.0},
      {ATAN2, -0.0, -1.0, -3.141592653589793}, {ATAN2, 0.0, -0.0, 3.141592653589793}, {HYPOT, nan, -inf, inf},
      {FMOD, -0.0, 3.0, -0.0}, {FMOD, 7.0, 0.0, nan}, {STD_POW_INT, 2.0, -2.0, 0.25}, {STD_POW_INT, -2.0, 3.0, -8.0}};
  int ns = sizeof(sp) / sizeof(sp[0]);
  for (int i = 0; i < ns; ++i) { fn[i] = sp[i].fn; x[i] = sp[i].a; y[i] = sp[i].b; }
  evalD<<<1, 64>>>(fn, x, y, ns, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  for (int i = 0; i < ns; ++i) {
    bool ok = sameSpecial(out[i], sp[i].want) ||
              (std::isfinite(sp[i].want) && sp[i].want != 0 && ulpDiff(out[i], sp[i].want) <= (unsigned)maxUlp[sp[i].fn]);
    if (!ok && failures++ < 40) printf("special %s(%g, %g): got %g, expected %g\n", fnName[sp[i].fn], sp[i].a, sp[i].b, out[i], sp[i].want);
  }
  // exact functions
  const double ea[] = {1.5, -2.5, 2.5, 3.7, -3.7, 0.0, -0.0, 1e-310, 6.0, -7.25, 100.5, 1.0, 0.5, -0.5, 1e300, inf, nan,
                       4503599627370497.0, 1.0, 3.0};
  const double eb[] = {2.0, 3.0, -1.0, 1.5, 2.0, 1.0, -1.0, 0.0, 4.0, 2.0, -3.0, 1024.0, -1074.0, -1075.0, 7.0, 1.0, 1.0,
                       2.0, 2.0, -inf};
  int ne = sizeof(ea) / sizeof(ea[0]);
  double *eo; int *eio;
  cudaMallocManaged(&eo, ne * 15 * 8); cudaMallocManaged(&eio, ne * 3 * 4);
  memcpy(x, ea, sizeof(ea)); memcpy(y, eb, sizeof(eb));
  exactD<<<1, 32>>>(x, y, ne, eo, eio);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  static const char *en[15] = {"fma", "frexp", "ldexp", "remquo", "nextafter", "modf(frac)", "modf(int)", "round", "rint",
                               "trunc", "floor", "ceil", "fmin", "fmax", "nan(\"\")"};
  for (int i = 0; i < ne; ++i) {
    double a = ea[i], b = eb[i], ip;
    int e, q;
    double want[15] = {fma(a, b, -a), frexp(a, &e), ldexp(a, (int)b % 2000), remquo(a, b, &q), nextafter(a, b),
                       modf(a, &ip), 0, round(a), rint(a), trunc(a), floor(a), ceil(a), fmin(a, b), fmax(a, b), NAN};
    want[6] = ip;
    for (int k = 0; k < 15; ++k)
      if (!sameSpecial(eo[i * 15 + k], want[k]) && failures++ < 40)
        printf("%s(%.17g, %.17g): got %.17g, expected %.17g\n", en[k], a, b, eo[i * 15 + k], want[k]);
    if (std::isfinite(a) && a != 0 && eio[i * 3] != e && failures++ < 40) printf("frexp(%g) exponent %d, expected %d\n", a, eio[i * 3], e);
    if (std::isfinite(a) && b != 0 && std::isfinite(b) &&
        ((eio[i * 3 + 1] < 0) != (q < 0) || (abs(eio[i * 3 + 1]) & 7) != (abs(q) & 7)) && failures++ < 40)
      printf("remquo(%g, %g) quotient %d, expected %d\n", a, b, eio[i * 3 + 1], q);
    if (std::isfinite(a) && a != 0 && eio[i * 3 + 2] != ilogb(a) && failures++ < 40) printf("ilogb(%g) = %d\n", a, eio[i * 3 + 2]);
  }
  long long *mm;
  cudaMallocManaged(&mm, NMM * 8);
  minmax<<<1, 1>>>(mm);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  long long wantMM[NMM] = {3, 0xffffffffll, 2, 3, 3, 25, -15, 225, 7, 25, 325, 1ll << 40, 903, -38};
  for (int k = 0; k < NMM; ++k)
    if (mm[k] != wantMM[k] && failures++ < 40) printf("min/max/abs case %d: got %lld, expected %lld\n", k, mm[k], wantMM[k]);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
