// math_accuracy: measures the maximum error of Drawbridge's device math functions against a
// high-precision reference (MPFR) and checks it against the bounds of the CUDA C++
// Programming Guide.
//
// Each function in functions.def runs on the device (the CPU back end) over edge cases (signed
// zeros, subnormals, the largest values, infinities, NaN, values near the domain's edges) and
// random arguments spread over the whole domain in exponent as well as near zero. The error of
// a result is its distance in ulps (units in the last place of the result's precision) from
// the correctly rounded value, as the Programming Guide states its bounds; NaN and infinite
// results must match exactly. Built with Drawbridge's nvcc and linked with -lmpfr -lgmp.
//
// usage: math_accuracy [--samples N] [--markdown] [--only NAME]
// Prints one line per function (or a Markdown table) and exits 1 if any bound is exceeded.
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

enum Function {
#define MATH_FN(name, arity, fcall, dcall, reference, domain, fbound, dbound) fn_##name,
#include "functions.def"
#undef MATH_FN
  kFunctions
};

__global__ void evaluateFloat(int fn, const double *xs, const double *ys, const double *zs, int n,
                              float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float a = (float)xs[i], b = (float)ys[i], c = (float)zs[i];
  (void)b, (void)c;
  switch (fn) {
#define MATH_FN(name, arity, fcall, dcall, reference, domain, fbound, dbound)                      \
  case fn_##name:                                                                                  \
    out[i] = fcall;                                                                                \
    break;
#include "functions.def"
#undef MATH_FN
  }
}

__global__ void evaluateDouble(int fn, const double *xs, const double *ys, const double *zs, int n,
                               double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double A = xs[i], B = ys[i], C = zs[i];
  (void)B, (void)C;
  switch (fn) {
#define MATH_FN(name, arity, fcall, dcall, reference, domain, fbound, dbound)                      \
  case fn_##name:                                                                                  \
    out[i] = dcall;                                                                                \
    break;
#include "functions.def"
#undef MATH_FN
  }
}

namespace {

constexpr mpfr_prec_t kPrecision = 192;

// ---- References MPFR does not provide directly ----------------------------------------------

int ref_rcbrt(mpfr_t r, mpfr_t x) {
  mpfr_cbrt(r, x, MPFR_RNDN);
  mpfr_ui_div(r, 1, r, MPFR_RNDN);
  return 0;
}
int ref_rhypot(mpfr_t r, mpfr_t x, mpfr_t y) {
  mpfr_hypot(r, x, y, MPFR_RNDN);
  mpfr_ui_div(r, 1, r, MPFR_RNDN);
  return 0;
}
int ref_norm3d(mpfr_t r, mpfr_t x, mpfr_t y, mpfr_t z, bool reciprocal) {
  if (mpfr_inf_p(x) || mpfr_inf_p(y) || mpfr_inf_p(z)) {
    mpfr_set_inf(r, 1);
  } else {
    mpfr_t t;
    mpfr_init2(t, kPrecision);
    mpfr_sqr(r, x, MPFR_RNDN);
    mpfr_sqr(t, y, MPFR_RNDN);
    mpfr_add(r, r, t, MPFR_RNDN);
    mpfr_sqr(t, z, MPFR_RNDN);
    mpfr_add(r, r, t, MPFR_RNDN);
    mpfr_sqrt(r, r, MPFR_RNDN);
    mpfr_clear(t);
  }
  if (reciprocal)
    mpfr_ui_div(r, 1, r, MPFR_RNDN);
  return 0;
}
// Solves f(x) = y by Newton steps from a starting point (erfinv and erfcinv).
template <typename F, typename Slope>
void solve(mpfr_t r, mpfr_t y, double start, F f, Slope slope) {
  mpfr_t value, d;
  mpfr_inits2(kPrecision, value, d, (mpfr_ptr)0);
  mpfr_set_d(r, start, MPFR_RNDN);
  for (int i = 0; i < 40; ++i) {
    f(value, r);
    mpfr_sub(value, value, y, MPFR_RNDN);
    slope(d, r);
    if (mpfr_zero_p(d))
      break;
    mpfr_div(value, value, d, MPFR_RNDN);
    mpfr_sub(r, r, value, MPFR_RNDN);
    if (mpfr_zero_p(value) || mpfr_get_exp(value) < mpfr_get_exp(r) - kPrecision + 8)
      break;
  }
  mpfr_clears(value, d, (mpfr_ptr)0);
}
// d/dx erf(x) = 2/sqrt(pi) e^(-x^2)
void erfSlope(mpfr_t d, mpfr_t x) {
  mpfr_t t;
  mpfr_init2(t, kPrecision);
  mpfr_sqr(d, x, MPFR_RNDN);
  mpfr_neg(d, d, MPFR_RNDN);
  mpfr_exp(d, d, MPFR_RNDN);
  mpfr_const_pi(t, MPFR_RNDN);
  mpfr_sqrt(t, t, MPFR_RNDN);
  mpfr_div(d, d, t, MPFR_RNDN);
  mpfr_mul_ui(d, d, 2, MPFR_RNDN);
  mpfr_clear(t);
}
// A starting point for the Newton steps: erfc(x) = target by bisection in double.
double erfcStart(double target) {
  double lo = -27, hi = 27;
  for (int i = 0; i < 200; ++i) {
    double mid = 0.5 * (lo + hi);
    (std::erfc(mid) > target ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}
int ref_erfcinv(mpfr_t r, mpfr_t y);
int ref_erfinv(mpfr_t r, mpfr_t y) {
  double v = mpfr_get_d(y, MPFR_RNDN);
  if (std::isnan(v) || std::fabs(v) > 1) {
    mpfr_set_nan(r);
  } else if (std::fabs(v) == 1) {
    mpfr_set_inf(r, v > 0 ? 1 : -1);
  } else if (std::fabs(v) > 0.5) { // erf is flat there: solve erfc(x) = 1 - |y| instead
    mpfr_t c;
    mpfr_init2(c, kPrecision);
    mpfr_ui_sub(c, 1, y, MPFR_RNDN);
    if (v < 0)
      mpfr_set_d(c, 1.0, MPFR_RNDN), mpfr_add(c, c, y, MPFR_RNDN);
    ref_erfcinv(r, c);
    if (v < 0)
      mpfr_neg(r, r, MPFR_RNDN);
    mpfr_clear(c);
  } else {
    solve(
        r, y, v * 0.88622692545275801, // erf(x) ~ 2x / sqrt(pi) near 0
        [](mpfr_t out, mpfr_t x) { mpfr_erf(out, x, MPFR_RNDN); }, erfSlope);
  }
  return 0;
}
int ref_erfcinv(mpfr_t r, mpfr_t y) {
  double v = mpfr_get_d(y, MPFR_RNDN);
  if (std::isnan(v) || v < 0 || v > 2) {
    mpfr_set_nan(r);
  } else if (v == 0 || v == 2) {
    mpfr_set_inf(r, v == 0 ? 1 : -1);
  } else {
    solve(
        r, y, erfcStart(v), [](mpfr_t out, mpfr_t x) { mpfr_erfc(out, x, MPFR_RNDN); },
        [](mpfr_t d, mpfr_t x) {
          erfSlope(d, x);
          mpfr_neg(d, d, MPFR_RNDN);
        });
  }
  return 0;
}
int ref_erfcx(mpfr_t r, mpfr_t x) {
  if (mpfr_cmp_ui(x, 1u << 16) > 0) {
    // exp(x^2) overflows and erfc(x) underflows even in MPFR's range: the asymptotic series
    // 1/(x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k, whose terms fall below 2^-192 at once.
    mpfr_t u, term, sum;
    mpfr_inits2(kPrecision, u, term, sum, (mpfr_ptr)0);
    mpfr_sqr(u, x, MPFR_RNDN);
    mpfr_mul_ui(u, u, 2, MPFR_RNDN);
    mpfr_ui_div(u, 1, u, MPFR_RNDN);
    mpfr_set_ui(term, 1, MPFR_RNDN);
    mpfr_set_ui(sum, 1, MPFR_RNDN);
    for (unsigned long k = 1; k < 20; ++k) {
      mpfr_mul(term, term, u, MPFR_RNDN);
      mpfr_mul_si(term, term, -(long)(2 * k - 1), MPFR_RNDN);
      mpfr_add(sum, sum, term, MPFR_RNDN);
    }
    mpfr_const_pi(u, MPFR_RNDN);
    mpfr_sqrt(u, u, MPFR_RNDN);
    mpfr_mul(u, u, x, MPFR_RNDN);
    mpfr_div(r, sum, u, MPFR_RNDN);
    mpfr_clears(u, term, sum, (mpfr_ptr)0);
    return 0;
  }
  mpfr_t t;
  mpfr_init2(t, kPrecision);
  mpfr_erfc(r, x, MPFR_RNDN);
  mpfr_sqr(t, x, MPFR_RNDN);
  mpfr_exp(t, t, MPFR_RNDN);
  mpfr_mul(r, r, t, MPFR_RNDN);
  if (mpfr_inf_p(x) && mpfr_sgn(x) > 0)
    mpfr_set_zero(r, 1);
  mpfr_clear(t);
  return 0;
}
int ref_normcdf(mpfr_t r, mpfr_t x) { // erfc(-x / sqrt(2)) / 2
  mpfr_t s;
  mpfr_init2(s, kPrecision);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_div(r, x, s, MPFR_RNDN);
  mpfr_neg(r, r, MPFR_RNDN);
  mpfr_erfc(r, r, MPFR_RNDN);
  mpfr_div_ui(r, r, 2, MPFR_RNDN);
  mpfr_clear(s);
  return 0;
}
int ref_normcdfinv(mpfr_t r, mpfr_t p) { // -sqrt(2) erfcinv(2p)
  mpfr_t twice, s;
  mpfr_inits2(kPrecision, twice, s, (mpfr_ptr)0);
  mpfr_mul_ui(twice, p, 2, MPFR_RNDN);
  ref_erfcinv(r, twice);
  mpfr_sqrt_ui(s, 2, MPFR_RNDN);
  mpfr_mul(r, r, s, MPFR_RNDN);
  mpfr_neg(r, r, MPFR_RNDN);
  mpfr_clears(twice, s, (mpfr_ptr)0);
  return 0;
}
int ref_lgamma(mpfr_t r, mpfr_t x) {
  int sign;
  return mpfr_lgamma(r, &sign, x, MPFR_RNDN);
}
// I_n(x) = sum_k (x/2)^(2k+n) / (k! (k+n)!), summed until the terms vanish.
int ref_bessel_i(mpfr_t r, mpfr_t x, int order) {
  if (mpfr_nan_p(x) || mpfr_inf_p(x)) {
    mpfr_abs(r, x, MPFR_RNDN);
    if (order && mpfr_inf_p(x))
      mpfr_set(r, x, MPFR_RNDN);
    return 0;
  }
  mpfr_t q, term;
  mpfr_inits2(kPrecision, q, term, (mpfr_ptr)0);
  mpfr_div_ui(q, x, 2, MPFR_RNDN);
  if (order)
    mpfr_set(term, q, MPFR_RNDN);
  else
    mpfr_set_ui(term, 1, MPFR_RNDN);
  mpfr_sqr(q, q, MPFR_RNDN);
  mpfr_set(r, term, MPFR_RNDN);
  for (unsigned long k = 1; k < 100000; ++k) {
    mpfr_mul(term, term, q, MPFR_RNDN);
    mpfr_div_ui(term, term, k * (k + order), MPFR_RNDN);
    mpfr_add(r, r, term, MPFR_RNDN);
    if (mpfr_zero_p(term) || mpfr_get_exp(term) < mpfr_get_exp(r) - kPrecision)
      break;
  }
  mpfr_clears(q, term, (mpfr_ptr)0);
  return 0;
}

// ---- Bounds and domains ---------------------------------------------------------------------

struct Bound {
  int ulp;
  double absolute; // > 0: Bessel functions, absolute error for |x| >= 8
  bool gap;        // not met yet: reported, not failed
};
constexpr Bound ULP(int u) { return {u, 0, false}; }
constexpr Bound BESSEL(int u, double a) { return {u, a, false}; }
constexpr Bound GAP(Bound b) { return {b.ulp, b.absolute, true}; }
constexpr Bound EXACT{0, 0, false};

enum Domain {
  Everything,
  MinusOneToOne,
  OneAndAbove,
  Positive,
  NonNegative,
  AboveMinusOne,
  ZeroToOne,
  ZeroToTwo,
  PowArguments,
  GammaArguments,
  LgammaArguments,
};

struct Info {
  const char *name;
  int arity;
  Domain domain;
  Bound bounds[2]; // float, double
  // Sets r to the function's value; returns the sign of r - exact (MPFR's ternary value), or
  // 0 where the reference is computed in several steps.
  int (*reference)(mpfr_t r, mpfr_t x, mpfr_t y, mpfr_t z);
};

const Info kInfo[kFunctions] = {
#define MATH_FN(name, arity, fcall, dcall, reference, domain, fbound, dbound)                      \
  {#name, arity, domain, {fbound, dbound}, [](mpfr_t r, mpfr_t x, mpfr_t y, mpfr_t z) {            \
     (void)y, (void)z;                                                                             \
     return reference;                                                                             \
   }},
#include "functions.def"
#undef MATH_FN
};

// xorshift: the same samples on every run.
struct Random {
  uint64_t s = 0x9E3779B97F4A7C15ull;
  uint64_t next() {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return s;
  }
  double unit() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
  // A value of either sign whose magnitude is spread evenly over binary exponents lo..hi.
  double spread(int lo, int hi) {
    double m = 1 + unit();
    int e = lo + (int)(unit() * (hi - lo + 1));
    return (next() & 1 ? -1 : 1) * std::ldexp(m, e);
  }
};

double fitDomain(Domain d, double v, Random &rng) {
  switch (d) {
  case MinusOneToOne:
    return std::fmod(v, 1.0);
  case OneAndAbove:
    return 1 + std::fabs(v);
  case Positive:
    return std::fabs(v) == 0 ? 1 : std::fabs(v);
  case NonNegative:
    return std::fabs(v);
  case AboveMinusOne:
    return std::fabs(v) < 1 ? v : std::fabs(v);
  case ZeroToOne:
    return rng.unit();
  case ZeroToTwo:
    return 2 * rng.unit();
  case GammaArguments: // the positive axis and the negative one away from the poles' overflow
    return v < 0 ? -std::fmod(std::fabs(v), 170.0) - 0.5 * rng.unit() : std::fmod(v, 200.0);
  case LgammaArguments: // the Guide's bound excludes [-10.001, -2.264]
    return v < 0 && v > -10.001 ? -2.26 * rng.unit() : v;
  default:
    return v;
  }
}

// Edge arguments every function sees (mapped into its domain).
std::vector<double> edges(bool isFloat) {
  double tiny = isFloat ? 1.401298464e-45 : 4.9406564584124654e-324;
  double normal = isFloat ? 1.17549435e-38 : 2.2250738585072014e-308;
  double big = isFloat ? 3.40282347e38 : 1.7976931348623157e308;
  return {0.0,    -0.0,   tiny,  -tiny, normal, -normal, big,   -big, INFINITY, -INFINITY, NAN,
          1.0,    -1.0,   0.5,   -0.5,  2.0,    1e-7,    -1e-7, 1e30, -1e30,    88.7,      -88.7,
          709.78, -745.0, 3.0e5, 31.4,  1e-300, -0.999,  0.999, 1.5,  1e10,     -1e10};
}

int64_t ordered(double v, bool isFloat) {
  if (isFloat) {
    float f = (float)v;
    int32_t i;
    memcpy(&i, &f, 4);
    return i < 0 ? (int64_t)INT32_MIN - i : i;
  }
  int64_t i;
  memcpy(&i, &v, 8);
  return i < 0 ? INT64_MIN - i : i;
}

struct Result {
  double worstUlps = 0;
  double worstArgs[3] = {0, 0, 0};
  double worstGot = 0, worstWant = 0;
  int failures = 0;
};

Result measure(int fn, bool isFloat, int samples) {
  const Info &info = kInfo[fn];
  Random rng;
  rng.s += fn * 7919 + isFloat;
  std::vector<double> base = edges(isFloat);
  int n = (int)base.size() + samples;
  double *xs, *ys, *zs, *outD;
  float *outF;
  cudaMallocManaged(&xs, n * sizeof(double));
  cudaMallocManaged(&ys, n * sizeof(double));
  cudaMallocManaged(&zs, n * sizeof(double));
  cudaMallocManaged(&outD, n * sizeof(double));
  cudaMallocManaged(&outF, n * sizeof(float));
  const int maxExp = isFloat ? 127 : 1023, minExp = isFloat ? -149 : -1074;
  for (int i = 0; i < n; ++i) {
    double args[3];
    for (int k = 0; k < 3; ++k) {
      double v;
      if (i < (int)base.size())
        v = k == 0 ? base[i] : base[(i * 7 + k * 3) % base.size()];
      else if (i % 3 == 0)
        v = (rng.unit() * 2 - 1) * 8; // the region most code lives in
      else
        v = rng.spread(minExp, maxExp);
      if (info.domain == PowArguments && k == 1 && i % 2)
        v = std::trunc(std::fmod(v, 64.0)); // integer exponents too
      v = fitDomain(info.domain, v, rng);
      args[k] = isFloat ? (double)(float)v : v;
    }
    xs[i] = args[0], ys[i] = args[1], zs[i] = args[2];
  }
  if (isFloat)
    evaluateFloat<<<(n + 127) / 128, 128>>>(fn, xs, ys, zs, n, outF);
  else
    evaluateDouble<<<(n + 127) / 128, 128>>>(fn, xs, ys, zs, n, outD);
  cudaDeviceSynchronize();

  Result result;
  const Bound &bound = info.bounds[isFloat ? 0 : 1];
  mpfr_t r, x, y, z, diff;
  mpfr_inits2(kPrecision, r, x, y, z, diff, (mpfr_ptr)0);
  for (int i = 0; i < n; ++i) {
    mpfr_set_d(x, xs[i], MPFR_RNDN);
    mpfr_set_d(y, ys[i], MPFR_RNDN);
    mpfr_set_d(z, zs[i], MPFR_RNDN);
    // A reference that rounded onto a midpoint of the target precision would round again the
    // wrong way: move it one of its own ulps toward the exact value first.
    int ternary = info.reference(r, x, y, z);
    if (ternary > 0)
      mpfr_nextbelow(r);
    else if (ternary < 0)
      mpfr_nextabove(r);
    double got = isFloat ? (double)outF[i] : outD[i];
    double want = isFloat ? (double)mpfr_get_flt(r, MPFR_RNDN) : mpfr_get_d(r, MPFR_RNDN);
    double ulps;
    if (std::isnan(want) || std::isnan(got) || std::isinf(want) || std::isinf(got))
      ulps = (std::isnan(want) && std::isnan(got)) || want == got ? 0 : INFINITY;
    else
      ulps = (double)std::llabs(ordered(got, isFloat) - ordered(want, isFloat));
    bool ok = ulps <= bound.ulp;
    if (!ok && bound.absolute > 0 && std::fabs(xs[i]) >= 8 && std::isfinite(got)) {
      mpfr_sub_d(diff, r, got, MPFR_RNDN);
      ok = std::fabs(mpfr_get_d(diff, MPFR_RNDN)) <= bound.absolute;
      if (ok)
        ulps = 0; // within the absolute bound that applies there
    }
    if (!ok)
      ++result.failures;
    if (ulps > result.worstUlps || (!ok && result.failures == 1)) {
      result.worstUlps = ulps;
      result.worstArgs[0] = xs[i], result.worstArgs[1] = ys[i], result.worstArgs[2] = zs[i];
      result.worstGot = got, result.worstWant = want;
    }
  }
  mpfr_clears(r, x, y, z, diff, (mpfr_ptr)0);
  cudaFree(xs), cudaFree(ys), cudaFree(zs), cudaFree(outD), cudaFree(outF);
  return result;
}

std::string boundText(const Bound &b) {
  char text[64];
  if (b.absolute > 0)
    snprintf(text, sizeof text, "%d below 8, %.2g absolute beyond", b.ulp, b.absolute);
  else
    snprintf(text, sizeof text, "%d", b.ulp);
  return text;
}

// The measured maximum, marked where it is over the bound.
std::string measuredText(const Result &r, const Bound &b) {
  char text[64];
  if (std::isinf(r.worstUlps))
    snprintf(text, sizeof text, "wrong special value");
  else
    snprintf(text, sizeof text, "%.0f", r.worstUlps);
  std::string s = text;
  if (r.failures)
    s += b.gap ? " (over: known gap)" : " (OVER)";
  return s;
}

} // namespace

int main(int argc, char **argv) {
  // A wide exponent range (2^+-2^40), so that references like erfc(3e5) neither underflow nor
  // overflow on the way; MPFR's extremes leave its own internal computations no headroom.
  mpfr_set_emin(-(1L << 40));
  mpfr_set_emax(1L << 40);
  int samples = 20000;
  bool markdown = false;
  const char *only = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--samples") && i + 1 < argc)
      samples = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--markdown"))
      markdown = true;
    else if (!strcmp(argv[i], "--only") && i + 1 < argc)
      only = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--samples N] [--markdown] [--only NAME]\n", argv[0]);
      return 2;
    }
  }
  int exceeded = 0;
  if (markdown)
    printf(
        "| function | float bound (ulp) | float measured | double bound (ulp) | double measured |\n"
        "|---|---|---|---|---|\n");
  for (int fn = 0; fn < kFunctions; ++fn) {
    if (only && strcmp(only, kInfo[fn].name))
      continue;
    Result results[2] = {measure(fn, true, samples), measure(fn, false, samples)};
    for (int p = 0; p < 2; ++p)
      if (results[p].failures) {
        bool gap = kInfo[fn].bounds[p].gap;
        exceeded += !gap;
        fprintf(stderr,
                "%s%s exceeds its bound %s%s on %d inputs; worst: (%.17g, %.17g, %.17g) "
                "gave %.17g, correctly rounded %.17g\n",
                kInfo[fn].name, p ? "" : "f", boundText(kInfo[fn].bounds[p]).c_str(),
                gap ? " (a known gap)" : "", results[p].failures, results[p].worstArgs[0],
                results[p].worstArgs[1], results[p].worstArgs[2], results[p].worstGot,
                results[p].worstWant);
      }
    if (markdown)
      printf("| %s | %s | %s | %s | %s |\n", kInfo[fn].name, boundText(kInfo[fn].bounds[0]).c_str(),
             measuredText(results[0], kInfo[fn].bounds[0]).c_str(),
             boundText(kInfo[fn].bounds[1]).c_str(),
             measuredText(results[1], kInfo[fn].bounds[1]).c_str());
    else
      printf("%-14s float %s ulp (bound %s)   double %s ulp (bound %s)\n", kInfo[fn].name,
             measuredText(results[0], kInfo[fn].bounds[0]).c_str(),
             boundText(kInfo[fn].bounds[0]).c_str(),
             measuredText(results[1], kInfo[fn].bounds[1]).c_str(),
             boundText(kInfo[fn].bounds[1]).c_str());
  }
  if (!markdown)
    printf("%s\n", exceeded ? "FAIL" : "PASS");
  return exceeded ? 1 : 0;
}
