// Templates and callables in device code: a kernel template instantiated for int, float,
// double and a struct, non-type template parameters, recursive template device functions,
// variadic kernel templates, functors passed by value, __device__ and __host__ __device__
// extended lambdas (capturing by value) passed to a kernel, and lambdas defined in device code
// (including a generic lambda).
// RUN: %nvcc -arch=sm_80 --extended-lambda %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

struct Vec2 {
  float x, y;
  __host__ __device__ Vec2 operator+(const Vec2 &o) const { return {x + o.x, y + o.y}; }
  __host__ __device__ bool operator==(const Vec2 &o) const { return x == o.x && y == o.y; }
};

template <typename T, int Scale>
__global__ void scaleAdd(const T *a, const T *b, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    T s = a[i];
    for (int k = 1; k < Scale; ++k) s = s + a[i];
    out[i] = s + b[i];
  }
}

template <int N> __device__ long long factorialT() { return N * factorialT<N - 1>(); }
template <> __device__ long long factorialT<0>() { return 1; }

template <typename... Args> __device__ long long sumAll(Args... args) { return (0LL + ... + (long long)args); }
template <typename... Args>
__global__ void variadic(long long *out, Args... args) { out[threadIdx.x] = sumAll(args...) * (threadIdx.x + 1); }

template <typename F>
__global__ void apply(F f, const int *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(in[i]);
}

struct Affine {
  int mul, add;
  __device__ int operator()(int x) const { return x * mul + add; }
};

__global__ void deviceLambdas(int *out) {
  int t = threadIdx.x;
  int base = 100;
  auto addBase = [base](int x) { return x + base; };
  auto twice = [&](int x) { return addBase(addBase(x)); };
  auto generic = [](auto a, auto b) { return a * b; };
  out[t * 4 + 0] = twice(t);
  out[t * 4 + 1] = generic(t, 3);
  out[t * 4 + 2] = (int)(generic(t * 1.0, 0.5) * 4);
  out[t * 4 + 3] = factorialT<10>() % 1000 + t;
}

int main() {
  int failures = 0;
  const int n = 100;
  {
    int *a, *b, *o;
    cudaMallocManaged(&a, n * 4); cudaMallocManaged(&b, n * 4); cudaMallocManaged(&o, n * 4);
    for (int i = 0; i < n; ++i) { a[i] = i; b[i] = -2 * i; }
    scaleAdd<int, 3><<<1, 128>>>(a, b, o, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) if (o[i] != i && failures++ < 10) printf("int: %d\n", o[i]);
  }
  {
    float *a, *b, *o;
    cudaMallocManaged(&a, n * 4); cudaMallocManaged(&b, n * 4); cudaMallocManaged(&o, n * 4);
    for (int i = 0; i < n; ++i) { a[i] = i * 0.5f; b[i] = 1; }
    scaleAdd<float, 2><<<2, 64>>>(a, b, o, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) if (o[i] != i + 1.0f && failures++ < 10) printf("float: %g\n", o[i]);
  }
  {
    double *a, *b, *o;
    cudaMallocManaged(&a, n * 8); cudaMallocManaged(&b, n * 8); cudaMallocManaged(&o, n * 8);
    for (int i = 0; i < n; ++i) { a[i] = i * 0.25; b[i] = 0.5; }
    scaleAdd<double, 4><<<4, 32>>>(a, b, o, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) if (o[i] != i + 0.5 && failures++ < 10) printf("double: %g\n", o[i]);
  }
  {
    Vec2 *a, *b, *o;
    cudaMallocManaged(&a, n * sizeof(Vec2)); cudaMallocManaged(&b, n * sizeof(Vec2)); cudaMallocManaged(&o, n * sizeof(Vec2));
    for (int i = 0; i < n; ++i) { a[i] = {(float)i, (float)-i}; b[i] = {1, 2}; }
    scaleAdd<Vec2, 2><<<1, 100>>>(a, b, o, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i) {
      Vec2 w = {2.0f * i + 1, -2.0f * i + 2};
      if (!(o[i] == w) && failures++ < 10) printf("Vec2 %d: %g %g\n", i, o[i].x, o[i].y);
    }
  }
  long long *lo;
  cudaMallocManaged(&lo, 32 * sizeof(long long));
  variadic<<<1, 4>>>(lo, 1, 2ll, (short)3, 4u, (char)5);
  cudaDeviceSynchronize();
  for (int t = 0; t < 4; ++t) if (lo[t] != 15 * (t + 1) && failures++ < 10) printf("variadic %d: %lld\n", t, lo[t]);
  variadic<<<1, 2>>>(lo);
  cudaDeviceSynchronize();
  if ((lo[0] != 0 || lo[1] != 0) && failures++ < 10) printf("variadic (no args): %lld %lld\n", lo[0], lo[1]);

  int *in, *out;
  cudaMallocManaged(&in, n * 4); cudaMallocManaged(&out, 4 * n * 4);
  for (int i = 0; i < n; ++i) in[i] = i - 50;
  apply<<<1, 128>>>(Affine{3, -7}, in, out, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) if (out[i] != in[i] * 3 - 7 && failures++ < 10) printf("functor %d: %d\n", i, out[i]);
  int k = 11, m = 4;
  apply<<<1, 128>>>([=] __device__(int x) { return x * k + m; }, in, out, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) if (out[i] != in[i] * 11 + 4 && failures++ < 10) printf("device lambda %d: %d\n", i, out[i]);
  auto hd = [=] __host__ __device__(int x) { return x * x - k; };
  apply<<<2, 64>>>(hd, in, out, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i) if (out[i] != hd(in[i]) && failures++ < 10) printf("host-device lambda %d: %d\n", i, out[i]);
  deviceLambdas<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  for (int t = 0; t < 32; ++t) {
    int want[4] = {t + 200, t * 3, (int)(t * 0.5 * 4), (int)(3628800 % 1000) + t};
    for (int q = 0; q < 4; ++q)
      if (out[t * 4 + q] != want[q] && failures++ < 10) printf("lambda in device code thread %d value %d: %d, expected %d\n", t, q, out[t * 4 + q], want[q]);
  }
  if (cudaGetLastError() != cudaSuccess) { printf("CUDA error\n"); failures++; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
