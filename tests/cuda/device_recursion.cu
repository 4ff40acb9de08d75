// Recursive __device__ functions without barriers: factorial, Fibonacci, mutual recursion,
// an in-place recursive quicksort on a per-thread local array, recursion through a device
// function pointer, and a kernel that calls a recursive function between two __syncthreads().
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <algorithm>

__device__ unsigned long long factorial(int n) { return n <= 1 ? 1ull : n * factorial(n - 1); }
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ bool isOdd(int n);
__device__ bool isEven(int n) { return n == 0 ? true : isOdd(n - 1); }
__device__ bool isOdd(int n) { return n == 0 ? false : isEven(n - 1); }

__device__ void quicksort(int *a, int lo, int hi) {
  if (lo >= hi) return;
  int p = a[(lo + hi) / 2], i = lo, j = hi;
  while (i <= j) {
    while (a[i] < p) ++i;
    while (a[j] > p) --j;
    if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; ++i; --j; }
  }
  quicksort(a, lo, j);
  quicksort(a, i, hi);
}

typedef int (*Op)(int, int);
__device__ int gcdRec(int a, int b) { return b == 0 ? a : gcdRec(b, a % b); }
__device__ int sumTo(int a, int b) { return a > b ? 0 : a + sumTo(a + 1, b); }
__device__ Op ops[2] = {gcdRec, sumTo};

__global__ void recursion(unsigned long long *out, int *sorted) {
  int t = threadIdx.x;
  unsigned long long *o = out + t * 6;
  o[0] = factorial(t % 21);
  o[1] = fib(t % 20);
  o[2] = isEven(t) * 10 + isOdd(t * 3);
  int a[64];
  for (int i = 0; i < 64; ++i) a[i] = (i * 37 + t * 11) % 101 - 50;
  quicksort(a, 0, 63);
  for (int i = 0; i < 64; ++i) sorted[t * 64 + i] = a[i];
  Op f = ops[t & 1];
  o[3] = f(t * 6 + 12, 18);
  o[4] = 0;
  o[5] = 0;
}

__global__ void recursionBetweenBarriers(int *out) {
  __shared__ int s[128];
  int t = threadIdx.x;
  s[t] = t;
  __syncthreads();
  int v = fib(s[(t + 1) % blockDim.x] % 15);
  __syncthreads();
  s[t] = v;
  __syncthreads();
  out[t] = s[(t + 5) % blockDim.x] + (int)factorial(5);
}

static unsigned long long hfact(int n) { return n <= 1 ? 1ull : n * hfact(n - 1); }
static int hfib(int n) { return n < 2 ? n : hfib(n - 1) + hfib(n - 2); }
static int hgcd(int a, int b) { return b == 0 ? a : hgcd(b, a % b); }

int main() {
  const int n = 64;
  unsigned long long *out;
  int *sorted, *o2;
  cudaMallocManaged(&out, n * 6 * 8);
  cudaMallocManaged(&sorted, n * 64 * 4);
  cudaMallocManaged(&o2, 128 * 4);
  cudaDeviceSetLimit(cudaLimitStackSize, 16384);
  recursion<<<1, n>>>(out, sorted);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  for (int t = 0; t < n; ++t) {
    unsigned long long want[4] = {hfact(t % 21), (unsigned long long)hfib(t % 20),
                                  (unsigned long long)((t % 2 == 0) * 10 + ((t * 3) % 2 == 1)), 0};
    if (t & 1) { int a = t * 6 + 12, s = 0; for (int k = a; k <= 18; ++k) s += k; want[3] = s; }
    else want[3] = hgcd(t * 6 + 12, 18);
    for (int k = 0; k < 4; ++k)
      if (out[t * 6 + k] != want[k] && failures++ < 10) printf("thread %d value %d: %llu, expected %llu\n", t, k, out[t * 6 + k], want[k]);
    int a[64];
    for (int i = 0; i < 64; ++i) a[i] = (i * 37 + t * 11) % 101 - 50;
    std::sort(a, a + 64);
    for (int i = 0; i < 64; ++i)
      if (sorted[t * 64 + i] != a[i]) { if (failures++ < 10) printf("thread %d: quicksort wrong at %d\n", t, i); break; }
  }
  recursionBetweenBarriers<<<1, 100>>>(o2);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  for (int t = 0; t < 100; ++t) {
    int u = (t + 5) % 100;
    int want = hfib(((u + 1) % 100) % 15) + 120;
    if (o2[t] != want && failures++ < 10) printf("between barriers thread %d: %d, expected %d\n", t, o2[t], want);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
