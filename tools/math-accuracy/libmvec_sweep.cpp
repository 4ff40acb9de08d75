// Sweeps libmvec's AVX-512 and AVX2 float versions, and the double versions Drawbridge computes
// some float functions through (expf_sweep.cu checks Drawbridge's own expf), over evenly spaced
// float arguments (every STRIDE-th bit pattern; 1 covers all of them), against the long double
// function rounded to float. The
// random arguments of math_accuracy.cu miss errors that only a few hundred of the 2^32 floats
// show (libmvec's expf is 3 ulps off on 251). Opt-in and slow (about a minute per function and
// ISA at STRIDE 16 on one core); it needs a processor with AVX-512:
//   clang++-19 -O2 -march=native tools/math-accuracy/libmvec_sweep.cpp -lmvec -lm -o sweep
//   ./sweep [STRIDE] [NAME]
// It prints the worst distance in ulps for each version and how many swept arguments are past
// CUDA's bound for the function.
#include <immintrin.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define LIBMVEC_FLOAT(name)                                                                        \
  extern "C" __m512 _ZGVeN16v_##name##f(__m512);                                                   \
  extern "C" __m256 _ZGVdN8v_##name##f(__m256);
#define LIBMVEC_DOUBLE(name)                                                                       \
  extern "C" __m512d _ZGVeN8v_##name(__m512d);                                                     \
  extern "C" __m256d _ZGVdN4v_##name(__m256d);
LIBMVEC_FLOAT(exp)
LIBMVEC_FLOAT(exp2)
LIBMVEC_FLOAT(exp10)
LIBMVEC_FLOAT(sin)
LIBMVEC_FLOAT(cos)
LIBMVEC_FLOAT(tan)
LIBMVEC_FLOAT(acos)
LIBMVEC_FLOAT(atan)
LIBMVEC_FLOAT(sinh)
LIBMVEC_FLOAT(cosh)
LIBMVEC_FLOAT(tanh)
LIBMVEC_FLOAT(asinh)
LIBMVEC_FLOAT(acosh)
LIBMVEC_FLOAT(atanh)
LIBMVEC_FLOAT(log10)
LIBMVEC_FLOAT(erf)
LIBMVEC_FLOAT(erfc)
LIBMVEC_DOUBLE(log10)

namespace {

// Sixteen results of one version for sixteen arguments.
using Version = void (*)(const float *, float *);

template <__m512 (*F)(__m512)> void avx512(const float *x, float *out) {
  _mm512_storeu_ps(out, F(_mm512_loadu_ps(x)));
}
template <__m256 (*F)(__m256)> void avx2(const float *x, float *out) {
  for (int half = 0; half < 16; half += 8)
    _mm256_storeu_ps(out + half, F(_mm256_loadu_ps(x + half)));
}
// Widened to double, the double version, rounded once to float.
template <__m512d (*F)(__m512d)> void avx512Double(const float *x, float *out) {
  for (int part = 0; part < 16; part += 8)
    _mm256_storeu_ps(out + part, _mm512_cvtpd_ps(F(_mm512_cvtps_pd(_mm256_loadu_ps(x + part)))));
}
template <__m256d (*F)(__m256d)> void avx2Double(const float *x, float *out) {
  for (int part = 0; part < 16; part += 4)
    _mm_storeu_ps(out + part, _mm256_cvtpd_ps(F(_mm256_cvtps_pd(_mm_loadu_ps(x + part)))));
}

long double exp10Reference(long double x) { return powl(10.0L, x); }

struct Function {
  const char *Name;
  long double (*Reference)(long double);
  int Bound; // CUDA's, in ulps
  Version Avx512, Avx2;
  const char *Through; // how the versions compute: "float" or "double"
};

#define FLOAT_ROW(name, bound)                                                                     \
  {#name "f", name##l, bound, avx512<_ZGVeN16v_##name##f>, avx2<_ZGVdN8v_##name##f>, "float"}
const Function Functions[] = {
    FLOAT_ROW(exp, 2),
    FLOAT_ROW(exp2, 2),
    {"exp10f", exp10Reference, 2, avx512<_ZGVeN16v_exp10f>, avx2<_ZGVdN8v_exp10f>, "float"},
    FLOAT_ROW(sin, 2),
    FLOAT_ROW(cos, 2),
    FLOAT_ROW(tan, 4),
    FLOAT_ROW(acos, 2),
    FLOAT_ROW(atan, 2),
    FLOAT_ROW(sinh, 3),
    FLOAT_ROW(cosh, 2),
    FLOAT_ROW(tanh, 2),
    FLOAT_ROW(asinh, 3),
    FLOAT_ROW(acosh, 4),
    FLOAT_ROW(atanh, 3),
    FLOAT_ROW(log10, 2),
    FLOAT_ROW(erf, 2),
    FLOAT_ROW(erfc, 4),
    {"log10f", log10l, 2, avx512Double<_ZGVeN8v_log10>, avx2Double<_ZGVdN4v_log10>, "double"},
};

// Floats in the order of their values, so that a difference counts the floats in between.
int64_t ordered(float v) {
  int32_t i;
  memcpy(&i, &v, 4);
  return i < 0 ? int64_t(INT32_MIN) - i : i;
}

void sweep(const Function &F, Version V, const char *Isa, uint64_t Stride) {
  int64_t Worst = 0, Over = 0;
  float WorstAt = 0;
  for (uint64_t U = 0; U < (uint64_t(1) << 32); U += 16 * Stride) {
    float X[16], Out[16];
    for (int K = 0; K < 16; ++K) {
      const uint32_t Bits = uint32_t(U + K * Stride);
      memcpy(&X[K], &Bits, 4);
    }
    V(X, Out);
    for (int K = 0; K < 16; ++K) {
      if (std::isnan(X[K]))
        continue;
      const float Want = float(F.Reference(X[K]));
      if (std::isnan(Want) && std::isnan(Out[K]))
        continue;
      const int64_t Ulps = std::isnan(Want) != std::isnan(Out[K])
                               ? INT32_MAX
                               : std::llabs(ordered(Out[K]) - ordered(Want));
      Over += Ulps > F.Bound;
      if (Ulps > Worst) {
        Worst = Ulps;
        WorstAt = X[K];
      }
    }
  }
  printf("%-7s %-6s through %-6s worst %lld ulp at %.9g; %lld swept arguments past the bound %d\n",
         F.Name, Isa, F.Through, static_cast<long long>(Worst), WorstAt,
         static_cast<long long>(Over), F.Bound);
  fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  const uint64_t Stride = argc > 1 ? strtoull(argv[1], nullptr, 10) : 16;
  const char *Only = argc > 2 ? argv[2] : nullptr;
  if (Stride == 0) {
    fprintf(stderr, "usage: %s [STRIDE >= 1] [NAME]\n", argv[0]);
    return 2;
  }
  for (const Function &F : Functions)
    if (!Only || strcmp(Only, F.Name) == 0) {
      sweep(F, F.Avx512, "avx512", Stride);
      sweep(F, F.Avx2, "avx2", Stride);
    }
  return 0;
}
