// OpenMP version for blackscholes.cu: European call and put prices, one option per iteration.
#include <cmath>
#include <cstddef>

// The cumulative normal distribution by the polynomial approximation of Abramowitz and Stegun
// (26.2.17), as blackscholes.cu computes it.
static float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
              a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * std::fabs(d));
  float c =
      rsqrt2pi * std::exp(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

void blackScholesOpenMP(float *call, float *put, const float *price, const float *strike,
                        const float *years, float rate, float volatility, size_t n) {
#pragma omp parallel for simd
  for (size_t i = 0; i < n; ++i) {
    float s = price[i], x = strike[i], t = years[i];
    float sqrtT = std::sqrt(t);
    float d1 =
        (std::log(s / x) + (rate + 0.5f * volatility * volatility) * t) / (volatility * sqrtT);
    float d2 = d1 - volatility * sqrtT;
    float cndD1 = cnd(d1), cndD2 = cnd(d2);
    float discount = std::exp(-rate * t);
    call[i] = s * cndD1 - x * discount * cndD2;
    put[i] = x * discount * (1.0f - cndD2) - s * (1.0f - cndD1);
  }
}
