// Black-Scholes option pricing in OpenCL C for PoCL: blackscholes.cu's kernel, a grid-stride
// loop over the options with the same polynomial cumulative normal distribution.
float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
              a5 = 1.330274429f, rsqrt2pi = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
  float c = rsqrt2pi * exp(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

__kernel void blackScholes(__global float *call, __global float *put, __global const float *price,
                           __global const float *strike, __global const float *years, float rate,
                           float volatility, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    float s = price[i], x = strike[i], t = years[i];
    float sqrtT = sqrt(t);
    float d1 = (log(s / x) + (rate + 0.5f * volatility * volatility) * t) / (volatility * sqrtT);
    float d2 = d1 - volatility * sqrtT;
    float cndD1 = cnd(d1), cndD2 = cnd(d2);
    float discount = exp(-rate * t);
    call[i] = s * cndD1 - x * discount * cndD2;
    put[i] = x * discount * (1.0f - cndD2) - s * (1.0f - cndD1);
  }
}
