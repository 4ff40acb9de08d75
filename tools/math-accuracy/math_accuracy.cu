// math_accuracy: measures the maximum error of Drawbridge's device math functions against a
// high-precision reference (MPFR) and checks it against the bounds of the CUDA C++
// Programming Guide.
//
// Each function in functions.def runs on the device (the CPU back end) over edge cases (signed
// zeros, subnormals, the largest values, infinities, NaN, values near the domain's edges) and
// random arguments spread over the whole domain in exponent as well as near zero. The error of
// a result is its distance in ulps (units in the last place of the result's precision) from
// the correctly rounded value, or its absolute error where the Programming Guide states the
// bound that way (bounds.h); NaN and infinite results must match exactly. Built with Drawbridge's
// nvcc and linked with -lmpfr -lgmp.
//
// usage: math_accuracy [--samples N] [--markdown] [--only NAME]
// Prints one line per function (or a Markdown table) and exits 1 if any bound is exceeded,
// naming the first arguments that broke it.
#include "bounds.h"
#include "references.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

enum Function {
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound) fn_##name,
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
  float abc[3] = {a, b, c}, first, second; /* array and out-parameter arguments */
  int integer;
  (void)b, (void)c, (void)abc, (void)first, (void)second, (void)integer;
  switch (fn) {
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound)             \
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
  double ABC[3] = {A, B, C}, first, second;
  int integer;
  (void)B, (void)C, (void)ABC, (void)first, (void)second, (void)integer;
  switch (fn) {
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound)             \
  case fn_##name:                                                                                  \
    out[i] = dcall;                                                                                \
    break;
#include "functions.def"
#undef MATH_FN
  }
}

// The same calls, one kernel per function, so that nothing but the call is left in the
// thread loop: the loop vectorises, and calls with a vector form (glibc's libmvec) run it.
// Code calls a math function either way, so both are measured.
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound)             \
  __global__ void vectorFloat_##name(const double *xs, const double *ys, const double *zs, int n,  \
                                     float *out) {                                                 \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
    if (i >= n)                                                                                    \
      return;                                                                                      \
    float a = (float)xs[i], b = (float)ys[i], c = (float)zs[i];                                    \
    float abc[3] = {a, b, c}, first, second;                                                       \
    int integer;                                                                                   \
    (void)b, (void)c, (void)abc, (void)first, (void)second, (void)integer;                         \
    out[i] = fcall;                                                                                \
  }                                                                                                \
  __global__ void vectorDouble_##name(const double *xs, const double *ys, const double *zs, int n, \
                                      double *out) {                                               \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                                 \
    if (i >= n)                                                                                    \
      return;                                                                                      \
    double A = xs[i], B = ys[i], C = zs[i];                                                        \
    double ABC[3] = {A, B, C}, first, second;                                                      \
    int integer;                                                                                   \
    (void)B, (void)C, (void)ABC, (void)first, (void)second, (void)integer;                         \
    out[i] = dcall;                                                                                \
  }
#include "functions.def"
#undef MATH_FN

using FloatKernel = void (*)(const double *, const double *, const double *, int, float *);
using DoubleKernel = void (*)(const double *, const double *, const double *, int, double *);
const FloatKernel kVectorFloat[] = {
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound)             \
  vectorFloat_##name,
#include "functions.def"
#undef MATH_FN
};
const DoubleKernel kVectorDouble[] = {
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound)             \
  vectorDouble_##name,
#include "functions.def"
#undef MATH_FN
};

namespace {

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
  OrderAndAnything, // y: an integer order 0..128 (jn)
  OrderAndPositive, // y: an integer order 0..128, x > 0 (yn)
  WithExponent,     // y: an integer exponent -300..300 (ldexp, scalbn)
};

struct Info {
  const char *name;    // for --only
  const char *display; // for the table
  int arity;
  Domain domain;
  Bound bounds[2]; // float, double
  // Sets r to the function's value; returns the sign of r - exact (MPFR's ternary value), or
  // 0 where the reference is computed in several steps. isFloat tells the precision.
  int (*reference)(mpfr_t r, mpfr_t x, mpfr_t y, mpfr_t z, bool isFloat);
};

// The arguments as doubles, for references that are host C library operations.
#define X mpfr_get_d(x, MPFR_RNDN)
#define Y mpfr_get_d(y, MPFR_RNDN)
const Info kInfo[kFunctions] = {
#define MATH_FN(name, display, arity, fcall, dcall, reference, domain, fbound, dbound)             \
  {#name,                                                                                          \
   display,                                                                                        \
   arity,                                                                                          \
   domain,                                                                                         \
   {fbound, dbound},                                                                               \
   [](mpfr_t r, mpfr_t x, mpfr_t y, mpfr_t z, bool isFloat) {                                      \
     (void)y, (void)z, (void)isFloat;                                                              \
     return reference;                                                                             \
   }},
#include "functions.def"
#undef MATH_FN
};
#undef X
#undef Y

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

// Maps a sample v for argument k (0: x, 1: y, 2: z) into the function's domain.
double fitDomain(Domain d, int k, double v, Random &rng) {
  switch (d) {
  case OrderAndAnything:
  case OrderAndPositive:
    if (k == 1)
      return std::floor(129 * rng.unit());
    return d == OrderAndPositive && std::fabs(v) == 0 ? 1
           : d == OrderAndPositive                    ? std::fabs(v)
                                                      : v;
  case WithExponent:
    return k == 1 ? std::floor(601 * rng.unit()) - 300 : v;
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
  RegionWorst regions[2];
  bool wrongSpecial = false; // a NaN or infinity where the reference has none, or the reverse
  double worstArgs[3] = {0, 0, 0};
  double worstGot = 0, worstWant = 0;
  const char *worstPath = "";
  int failures = 0;
};

Result measure(int fn, bool isFloat, int samples) {
  const Info &info = kInfo[fn];
  const Bound &bound = info.bounds[isFloat ? 0 : 1];
  Result result;
  if (bound.kind == Bound::None)
    return result;
  Random rng;
  rng.s += fn * 7919 + isFloat;
  std::vector<double> base = edges(isFloat);
  int n = (int)base.size() + samples;
  // Results of the switch kernel (scalar calls), then of the function's own kernel.
  double *xs, *ys, *zs, *outD[2];
  float *outF[2];
  cudaMallocManaged(&xs, n * sizeof(double));
  cudaMallocManaged(&ys, n * sizeof(double));
  cudaMallocManaged(&zs, n * sizeof(double));
  for (int path = 0; path < 2; ++path) {
    cudaMallocManaged(&outD[path], n * sizeof(double));
    cudaMallocManaged(&outF[path], n * sizeof(float));
  }
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
      v = fitDomain(info.domain, k, v, rng);
      args[k] = isFloat ? (double)(float)v : v;
    }
    xs[i] = args[0], ys[i] = args[1], zs[i] = args[2];
  }
  const int blocks = (n + 127) / 128;
  if (isFloat) {
    evaluateFloat<<<blocks, 128>>>(fn, xs, ys, zs, n, outF[0]);
    kVectorFloat[fn]<<<blocks, 128>>>(xs, ys, zs, n, outF[1]);
  } else {
    evaluateDouble<<<blocks, 128>>>(fn, xs, ys, zs, n, outD[0]);
    kVectorDouble[fn]<<<blocks, 128>>>(xs, ys, zs, n, outD[1]);
  }
  cudaDeviceSynchronize();

  mpfr_t r, x, y, z, diff;
  mpfr_inits2(kPrecision, r, x, y, z, diff, (mpfr_ptr)0);
  for (int i = 0; i < n; ++i) {
    mpfr_set_d(x, xs[i], MPFR_RNDN);
    mpfr_set_d(y, ys[i], MPFR_RNDN);
    mpfr_set_d(z, zs[i], MPFR_RNDN);
    int ternary = info.reference(r, x, y, z, isFloat);
    // A reference rounded to nearest onto a midpoint of the target precision would round again
    // the wrong way: move it one of its own ulps toward the exact value first. A directed
    // rounding needs no such step: rounding twice in one direction is rounding once.
    if (bound.mode == MPFR_RNDN && ternary > 0)
      mpfr_nextbelow(r);
    else if (bound.mode == MPFR_RNDN && ternary < 0)
      mpfr_nextabove(r);
    double want = isFloat ? (double)mpfr_get_flt(r, bound.mode) : mpfr_get_d(r, bound.mode);
    Judgement j = judge(bound, xs[i], ys[i]);
    for (int path = 0; path < 2; ++path) {
      double got = isFloat ? (double)outF[path][i] : outD[path][i];
      bool special = std::isnan(want) || std::isnan(got) || std::isinf(want) || std::isinf(got);
      double error;
      bool ok;
      if (special) {
        ok = (std::isnan(want) && std::isnan(got)) || want == got;
        error = 0;
      } else if (j.absolute) {
        mpfr_sub_d(diff, r, got, MPFR_RNDN);
        error = std::fabs(mpfr_get_d(diff, MPFR_RNDN));
        ok = j.limit < 0 || error <= j.limit;
      } else {
        error = (double)std::llabs(ordered(got, isFloat) - ordered(want, isFloat));
        ok = j.limit < 0 || error <= j.limit;
      }
      RegionWorst &region = result.regions[j.region];
      region.seen = true;
      region.absolute = j.absolute;
      if (!ok && special)
        result.wrongSpecial = true;
      if (!ok)
        ++result.failures;
      if (error > region.worst)
        region.worst = error;
      if (!ok && result.failures == 1) {
        result.worstArgs[0] = xs[i], result.worstArgs[1] = ys[i], result.worstArgs[2] = zs[i];
        result.worstGot = got, result.worstWant = want;
        result.worstPath = path ? "vectorised" : "scalar";
      }
    }
  }
  mpfr_clears(r, x, y, z, diff, (mpfr_ptr)0);
  cudaFree(xs), cudaFree(ys), cudaFree(zs);
  for (int path = 0; path < 2; ++path)
    cudaFree(outD[path]), cudaFree(outF[path]);
  return result;
}

// The measured maxima, marked where a result broke the bound.
std::string resultText(const Result &r, const Bound &b) {
  std::string s = r.wrongSpecial ? "wrong special value" : measuredText(b, r.regions);
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
    printf("| function | float bound (ulp) | float measured | double bound (ulp) | double measured "
           "|\n|---|---|---|---|---|\n");
  for (int fn = 0; fn < kFunctions; ++fn) {
    const Info &info = kInfo[fn];
    if (only && strcmp(only, info.name))
      continue;
    Result results[2] = {measure(fn, true, samples), measure(fn, false, samples)};
    for (int p = 0; p < 2; ++p)
      if (results[p].failures) {
        bool gap = info.bounds[p].gap;
        exceeded += !gap;
        fprintf(stderr,
                "%s (%s) exceeds its bound %s%s on %d inputs; first: (%.17g, %.17g, %.17g) "
                "gave %.17g (%s code), correctly rounded %.17g\n",
                info.display, p ? "double" : "float", boundText(info.bounds[p]).c_str(),
                gap ? " (a known gap)" : "", results[p].failures, results[p].worstArgs[0],
                results[p].worstArgs[1], results[p].worstArgs[2], results[p].worstGot,
                results[p].worstPath, results[p].worstWant);
      }
    std::string text[2][2];
    for (int p = 0; p < 2; ++p)
      text[p][0] = boundText(info.bounds[p]), text[p][1] = resultText(results[p], info.bounds[p]);
    if (markdown)
      printf("| %s | %s | %s | %s | %s |\n", info.display, text[0][0].c_str(), text[0][1].c_str(),
             text[1][0].c_str(), text[1][1].c_str());
    else
      printf("%-14s float %s (bound %s)   double %s (bound %s)\n", info.display, text[0][1].c_str(),
             text[0][0].c_str(), text[1][1].c_str(), text[1][0].c_str());
  }
  if (!markdown)
    printf("%s\n", exceeded ? "FAIL" : "PASS");
  return exceeded ? 1 : 0;
}
