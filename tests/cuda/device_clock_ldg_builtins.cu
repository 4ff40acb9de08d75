// Small device builtins: clock64()/clock() never go backwards within a thread and advance
// over a busy loop, __nanosleep() returns (sm_70+), __ldg and the cache-hint loads/stores
// (__ldcg/__ldca/__ldcs/__ldlu/__ldcv, __stcg/__stcs/__stwb/__stwt) for several types, and
// memory fences.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void clocks(int *bad, long long *elapsed) {
  long long start = clock64(), prev = start;
  clock_t c0 = clock();
  volatile float acc = 0;
  for (int i = 0; i < 2000; ++i) {
    acc = acc + i * 0.5f;
    long long now = clock64();
    if (now < prev) atomicAdd(bad, 1);
    prev = now;
  }
  __nanosleep(1000);
  __nanosleep(0);
  long long end = clock64();
  if (end < prev) atomicAdd(bad, 1);
  clock_t c1 = clock();
  (void)c0; (void)c1; // 32-bit clock() may wrap; only clock64 is checked for order
  elapsed[blockIdx.x * blockDim.x + threadIdx.x] = end - start;
}

__global__ void loads(const int *i32, const float *f32, const double *f64, const float4 *v4, const int2 *v2,
                      const unsigned long long *u64, const char *c8, int *out, float4 *v4out, double *dout) {
  int t = threadIdx.x;
  int s = __ldg(&i32[t]) + __ldcg(&i32[t]) + __ldca(&i32[t]) + __ldcs(&i32[t]) + __ldlu(&i32[t]) + __ldcv(&i32[t]);
  float f = __ldg(&f32[t]) + __ldcs(&f32[t]);
  double d = __ldg(&f64[t]) + __ldcg(&f64[t]);
  float4 a = __ldg(&v4[t]);
  int2 b = __ldg(&v2[t]);
  unsigned long long u = __ldg(&u64[t]);
  char c = __ldg(&c8[t]);
  out[t * 4 + 0] = s;
  out[t * 4 + 1] = (int)(f * 4);
  out[t * 4 + 2] = b.x * 1000 + b.y + c;
  out[t * 4 + 3] = (int)(u >> 32) + (int)(u & 0xffff);
  __stcg(&v4out[t], make_float4(a.w, a.z, a.y, a.x));
  __stcs(&dout[t * 3], d);
  __stwb(&dout[t * 3 + 1], d * 2);
  __stwt(&dout[t * 3 + 2], d * 3);
  __threadfence_block();
  __threadfence();
  __threadfence_system();
}

int main() {
  int failures = 0;
  int *bad;
  long long *elapsed;
  cudaMallocManaged(&bad, sizeof(int));
  cudaMallocManaged(&elapsed, 64 * sizeof(long long));
  *bad = 0;
  clocks<<<2, 32>>>(bad, elapsed);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("clocks: launch failed\n"); return 1; }
  if (*bad) { printf("clock64 went backwards %d times\n", *bad); failures++; }
  for (int t = 0; t < 64; ++t)
    if (elapsed[t] <= 0 && failures++ < 10) printf("thread %d: clock64 did not advance over a 2000-iteration loop\n", t);

  const int n = 64;
  int *i32, *out; float *f32; double *f64, *dout; float4 *v4, *v4out; int2 *v2; unsigned long long *u64; char *c8;
  cudaMallocManaged(&i32, n * 4); cudaMallocManaged(&f32, n * 4); cudaMallocManaged(&f64, n * 8);
  cudaMallocManaged(&v4, n * 16); cudaMallocManaged(&v2, n * 8); cudaMallocManaged(&u64, n * 8); cudaMallocManaged(&c8, n);
  cudaMallocManaged(&out, n * 4 * 4); cudaMallocManaged(&v4out, n * 16); cudaMallocManaged(&dout, n * 3 * 8);
  for (int t = 0; t < n; ++t) {
    i32[t] = t * 3; f32[t] = t * 0.25f; f64[t] = t * 1.5; v4[t] = make_float4(t, t + 1, t + 2, t + 3);
    v2[t] = make_int2(t, -t); u64[t] = ((unsigned long long)t << 32) | (t * 7); c8[t] = (char)(t % 100);
  }
  loads<<<1, n>>>(i32, f32, f64, v4, v2, u64, c8, out, v4out, dout);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("loads: launch failed\n"); return 1; }
  for (int t = 0; t < n; ++t) {
    int want[4] = {6 * t * 3, (int)(t * 0.5f * 4), t * 1000 - t + t % 100, t + t * 7};
    for (int k = 0; k < 4; ++k)
      if (out[t * 4 + k] != want[k] && failures++ < 10) printf("loads thread %d value %d: %d, expected %d\n", t, k, out[t * 4 + k], want[k]);
    float4 w = v4out[t];
    if ((w.x != t + 3 || w.y != t + 2 || w.z != t + 1 || w.w != t) && failures++ < 10) printf("__stcg thread %d\n", t);
    double d = t * 3.0;
    if ((dout[t * 3] != d || dout[t * 3 + 1] != 2 * d || dout[t * 3 + 2] != 3 * d) && failures++ < 10) printf("stores thread %d\n", t);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
