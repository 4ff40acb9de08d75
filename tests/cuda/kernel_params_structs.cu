// Kernel parameters: structs by value (mixed alignment, __align__(16), nested arrays), a struct
// parameter that each thread modifies (its copy must stay private to the thread, also across a
// barrier), 40 scalar parameters of mixed types, a 4 KiB struct by value, and a kernel with a
// large per-thread local array indexed at run time.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

struct Mixed {
  char c;
  double d;
  short s;
  int arr[5];
  float f;
  long long ll;
};
struct __align__(16) Aligned {
  float4 v;
  char tag;
};
struct Big {
  int data[1024]; // 4 KiB
};

__global__ void byValue(Mixed m, Aligned a, int *out) {
  int t = threadIdx.x;
  // each thread changes its own copy of the parameters
  m.arr[t % 5] += t;
  m.d *= t;
  m.c += (char)t;
  a.v.x += t;
  __syncthreads();
  m.ll -= t;
  __syncthreads();
  long long sum = m.c + (long long)m.d + m.s + m.f + m.ll + a.v.x + a.v.y + a.v.z + a.v.w + a.tag;
  for (int k = 0; k < 5; ++k) sum += m.arr[k] * (k + 1);
  out[t] = (int)sum;
}

__global__ void manyParams(long long *out, char p0, short p1, int p2, long p3, long long p4, unsigned char p5,
                           unsigned short p6, unsigned p7, unsigned long p8, unsigned long long p9, float p10,
                           double p11, char p12, int p13, double p14, short p15, float p16, long long p17, char p18,
                           int p19, double p20, int p21, int p22, int p23, float p24, char p25, double p26, int p27,
                           long long p28, short p29, float p30, int p31, double p32, char p33, int p34, unsigned p35,
                           double p36, float p37, long long p38, int *p39) {
  double s = p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9 + p10 + p11 + p12 + p13 + p14 + p15 + p16 + p17 + p18 +
             p19 + p20 + p21 + p22 + p23 + p24 + p25 + p26 + p27 + p28 + p29 + p30 + p31 + p32 + p33 + p34 + p35 +
             p36 + p37 + p38 + *p39;
  out[threadIdx.x] = (long long)(s * 4) + threadIdx.x;
}

__global__ void bigStruct(Big b, long long *out) {
  long long s = 0;
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) s += (long long)b.data[i] * (i + 1);
  atomicAdd((unsigned long long *)out, (unsigned long long)s);
}

__global__ void bigLocal(const int *idx, int *out, int n) {
  int local[2048]; // 8 KiB per thread
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 2048; ++i) local[i] = i * 3 + t;
  int s = 0;
  for (int k = 0; k < n; ++k) {
    int j = idx[(k + t) % n] % 2048;
    local[j] += k;
    s += local[(j * 7) % 2048];
  }
  out[t] = s + local[t % 2048];
}

int main() {
  int failures = 0;
  Mixed m;
  m.c = 3; m.d = 2.5; m.s = -7; m.f = 1.5f; m.ll = 1ll << 35;
  for (int k = 0; k < 5; ++k) m.arr[k] = 10 * k;
  Aligned a;
  a.v = make_float4(1, 2, 3, 4); a.tag = 9;
  int *out;
  cudaMallocManaged(&out, 256 * sizeof(int));
  byValue<<<1, 96>>>(m, a, out);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("byValue: launch failed\n"); return 1; }
  for (int t = 0; t < 96; ++t) {
    Mixed mm = m;
    Aligned aa = a;
    mm.arr[t % 5] += t; mm.d *= t; mm.c += (char)t; aa.v.x += t; mm.ll -= t;
    long long sum = mm.c + (long long)mm.d + mm.s + mm.f + mm.ll + aa.v.x + aa.v.y + aa.v.z + aa.v.w + aa.tag;
    for (int k = 0; k < 5; ++k) sum += mm.arr[k] * (k + 1);
    if (out[t] != (int)sum && failures++ < 10) printf("byValue thread %d: %d, expected %d\n", t, out[t], (int)sum);
  }
  long long *lo;
  int *extra;
  cudaMallocManaged(&lo, 64 * sizeof(long long));
  cudaMallocManaged(&extra, sizeof(int));
  *extra = 1000;
  manyParams<<<1, 8>>>(lo, 1, 2, 3, 4l, 5ll, 6, 7, 8u, 9ul, 10ull, 11.25f, 12.5, 13, 14, 15.75, 16, 17.0f, 18ll, 19, 20,
                       21.0, 22, 23, 24, 25.5f, 26, 27.25, 28, 29ll, 30, 31.0f, 32, 33.0, 34, 35, 36u, 37.5, 38.0f, 39ll,
                       extra);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("manyParams: launch failed\n"); return 1; }
  double s = 0;
  for (int k = 1; k <= 39; ++k) s += k;
  s += 0.25 + 0.5 + 0.75 + 0.5 + 0.25 + 0.5 + 1000;
  for (int t = 0; t < 8; ++t)
    if (lo[t] != (long long)(s * 4) + t && failures++ < 10) printf("manyParams thread %d: %lld, expected %lld\n", t, lo[t], (long long)(s * 4) + t);
  Big b;
  long long want = 0;
  for (int i = 0; i < 1024; ++i) { b.data[i] = i * 7 - 3000; want += (long long)b.data[i] * (i + 1); }
  lo[0] = 0;
  bigStruct<<<3, 128>>>(b, lo);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("bigStruct: launch failed\n"); return 1; }
  if (lo[0] != 3 * want && failures++ < 10) printf("bigStruct: %lld, expected %lld\n", lo[0], 3 * want);
  const int n = 300, threads = 64;
  int *idx;
  cudaMallocManaged(&idx, n * sizeof(int));
  for (int k = 0; k < n; ++k) idx[k] = (k * 2654435761u) >> 7;
  bigLocal<<<2, threads>>>(idx, out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("bigLocal: launch failed\n"); return 1; }
  static int local[2048];
  for (int t = 0; t < 2 * threads; ++t) {
    for (int i = 0; i < 2048; ++i) local[i] = i * 3 + t;
    int sum = 0;
    for (int k = 0; k < n; ++k) {
      int j = idx[(k + t) % n] % 2048;
      local[j] += k;
      sum += local[(j * 7) % 2048];
    }
    sum += local[t % 2048];
    if (out[t] != sum && failures++ < 10) printf("bigLocal thread %d: %d, expected %d\n", t, out[t], sum);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
