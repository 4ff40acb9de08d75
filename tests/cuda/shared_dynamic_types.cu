// extern __shared__ dynamic shared memory declared with different element types (float,
// double, int2, char carved into aligned pieces), several extern declarations aliasing the
// same base address (as CUDA specifies), static and dynamic shared memory together without
// overlap, and more than 48 KiB after cudaFuncSetAttribute(MaxDynamicSharedMemorySize).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdint>

extern __shared__ float dynF[];
extern __shared__ double dynD[];
extern __shared__ int2 dynI2[];
extern __shared__ __align__(16) unsigned char dynC[];

__global__ void useFloat(float *out) {
  int t = threadIdx.x, n = blockDim.x;
  dynF[t] = t * 1.5f;
  __syncthreads();
  out[t] = dynF[n - 1 - t];
}

__global__ void useDouble(double *out, unsigned long long *addr) {
  int t = threadIdx.x, n = blockDim.x;
  dynD[t] = t * 0.1;
  __syncthreads();
  out[t] = dynD[(t + 1) % n];
  if (t == 0) addr[0] = (unsigned long long)(uintptr_t)dynD;
}

__global__ void useInt2(int2 *out) {
  int t = threadIdx.x, n = blockDim.x;
  dynI2[t] = make_int2(t, -t * 3);
  __syncthreads();
  int2 v = dynI2[(t + 5) % n];
  out[t] = make_int2(v.y, v.x);
}

// One byte buffer carved into: n chars, then (aligned to 8) n doubles, then (aligned to 16)
// n float4.
__global__ void carve(int *ok, unsigned long long *addrs) {
  int t = threadIdx.x, n = blockDim.x;
  unsigned char *c = dynC;
  size_t off = (n + 7) & ~size_t(7);
  double *d = reinterpret_cast<double *>(dynC + off);
  off = (off + n * sizeof(double) + 15) & ~size_t(15);
  float4 *f4 = reinterpret_cast<float4 *>(dynC + off);
  c[t] = (unsigned char)(t * 7);
  d[t] = t + 0.5;
  f4[t] = make_float4(t, t + 1, t + 2, t + 3);
  __syncthreads();
  int u = (t + 3) % n;
  float4 g = f4[u];
  ok[t] = c[u] == (unsigned char)(u * 7) && d[u] == u + 0.5 && g.x == u && g.y == u + 1 &&
          g.z == u + 2 && g.w == u + 3;
  if (t == 0) {
    addrs[0] = (uintptr_t)dynC;
    addrs[1] = (uintptr_t)dynF;
    addrs[2] = (uintptr_t)dynD;
    addrs[3] = (uintptr_t)dynI2;
  }
}

// Static arrays around the dynamic one: all three must keep their contents.
__global__ void staticAndDynamic(int *out) {
  __shared__ int before[100];
  __shared__ double after[50];
  extern __shared__ int dyn[];
  int t = threadIdx.x; // 128 threads, dynamic size 128 ints
  if (t < 100) before[t] = 7000 + t;
  if (t < 50) after[t] = -t;
  dyn[t] = 3 * t;
  __syncthreads();
  int v = dyn[127 - t] + (t < 100 ? before[99 - t] : 0) + (t < 50 ? (int)after[49 - t] : 0);
  out[t] = v;
}

__global__ void big(int *out, int words) {
  extern __shared__ int dyn[];
  for (int i = threadIdx.x; i < words; i += blockDim.x) dyn[i] = i ^ 0x5a5a;
  __syncthreads();
  int bad = 0;
  for (int i = threadIdx.x; i < words; i += blockDim.x) bad += dyn[words - 1 - i] != ((words - 1 - i) ^ 0x5a5a);
  atomicAdd(out, bad);
}

int main() {
  int failures = 0;
  const int n = 96;
  float *of; double *od; int2 *oi; int *ok; unsigned long long *addr;
  cudaMallocManaged(&of, n * sizeof(float));
  cudaMallocManaged(&od, n * sizeof(double));
  cudaMallocManaged(&oi, n * sizeof(int2));
  cudaMallocManaged(&ok, 1024 * sizeof(int));
  cudaMallocManaged(&addr, 8 * sizeof(unsigned long long));
  useFloat<<<2, n, n * sizeof(float)>>>(of);
  useDouble<<<1, n, n * sizeof(double)>>>(od, addr + 4);
  useInt2<<<1, n, n * sizeof(int2)>>>(oi);
  cudaDeviceSynchronize();
  for (int t = 0; t < n; ++t) {
    if (of[t] != (n - 1 - t) * 1.5f && failures++ < 8) printf("float[%d] = %g\n", t, of[t]);
    if (od[t] != ((t + 1) % n) * 0.1 && failures++ < 8) printf("double[%d] = %g\n", t, od[t]);
    int u = (t + 5) % n;
    if ((oi[t].x != -u * 3 || oi[t].y != u) && failures++ < 8) printf("int2[%d] = %d %d\n", t, oi[t].x, oi[t].y);
  }
  if (addr[4] % 8 && failures++ < 8) printf("extern double[] misaligned: %#llx\n", addr[4]);
  size_t bytes = ((n + 7) & ~7) + n * sizeof(double);
  bytes = ((bytes + 15) & ~size_t(15)) + n * sizeof(float4);
  carve<<<3, n, bytes>>>(ok, addr);
  cudaDeviceSynchronize();
  for (int t = 0; t < n; ++t)
    if (!ok[t] && failures++ < 8) printf("carve: thread %d read wrong data\n", t);
  if (addr[0] % 16 && failures++ < 8) printf("extern __align__(16) char[] misaligned: %#llx\n", addr[0]);
  if ((addr[1] != addr[0] || addr[2] != addr[0] || addr[3] != addr[0]) && failures++ < 8)
    printf("extern __shared__ arrays do not share one base: %#llx %#llx %#llx %#llx\n", addr[0], addr[1], addr[2], addr[3]);
  staticAndDynamic<<<2, 128, 128 * sizeof(int)>>>(ok);
  cudaDeviceSynchronize();
  for (int t = 0; t < 128; ++t) {
    int want = 3 * (127 - t) + (t < 100 ? 7000 + 99 - t : 0) + (t < 50 ? -(49 - t) : 0);
    if (ok[t] != want && failures++ < 8) printf("static+dynamic[%d] = %d, expected %d\n", t, ok[t], want);
  }
  // 100 KiB of dynamic shared memory needs the opt-in attribute (A100 allows up to 163 KiB).
  const int words = 100 * 1024 / 4;
  if (cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, words * 4) != cudaSuccess) {
    printf("cudaFuncSetAttribute failed\n");
    failures++;
  }
  ok[0] = 0;
  big<<<4, 256, words * 4>>>(ok, words);
  cudaError_t e = cudaDeviceSynchronize();
  if ((e != cudaSuccess || ok[0] != 0) && failures++ < 8) printf("big: %s, %d mismatches\n", cudaGetErrorString(e), ok[0]);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
