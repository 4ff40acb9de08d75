// Warp-shuffle idioms: __shfl_down_sync tree reduction, __shfl_xor_sync all-reduce,
// __shfl_up_sync inclusive scan (int and double, width 32 and 16), and a block reduction that
// mixes warp shuffles with shared memory and __syncthreads() (block sizes 64..1024).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

#define FULL 0xffffffffu

template <typename T> __device__ T warpReduceDown(T v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL, v, off);
  return v; // valid in lane 0
}
template <typename T> __device__ T warpAllReduceXor(T v, int width) {
  for (int m = width / 2; m > 0; m >>= 1) v += __shfl_xor_sync(FULL, v, m, width);
  return v;
}
template <typename T> __device__ T warpScan(T v, int width) {
  int lane = threadIdx.x % width;
  for (int off = 1; off < width; off <<= 1) {
    T u = __shfl_up_sync(FULL, v, off, width);
    if (lane >= off) v += u;
  }
  return v;
}

template <typename T>
__global__ void warpIdioms(const T *in, T *red, T *all32, T *all16, T *scan32, T *scan16) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  T v = in[g];
  T r = warpReduceDown(v);
  if (threadIdx.x % 32 == 0) red[g / 32] = r;
  all32[g] = warpAllReduceXor(v, 32);
  all16[g] = warpAllReduceXor(v, 16);
  scan32[g] = warpScan(v, 32);
  scan16[g] = warpScan(v, 16);
}

__global__ void blockReduce(const int *in, long long *out) {
  __shared__ long long warpSums[32];
  int t = threadIdx.x, lane = t % 32, warp = t / 32;
  long long v = in[blockIdx.x * blockDim.x + t];
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL, v, off);
  if (lane == 0) warpSums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int nw = blockDim.x / 32;
    v = lane < nw ? warpSums[lane] : 0;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(FULL, v, off);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

static int failures = 0;

template <typename T>
void runIdioms(const char *name) {
  const int n = 4 * 128;
  T *in, *red, *a32, *a16, *s32, *s16;
  cudaMallocManaged(&in, n * sizeof(T));
  cudaMallocManaged(&red, n / 32 * sizeof(T));
  cudaMallocManaged(&a32, n * sizeof(T));
  cudaMallocManaged(&a16, n * sizeof(T));
  cudaMallocManaged(&s32, n * sizeof(T));
  cudaMallocManaged(&s16, n * sizeof(T));
  for (int i = 0; i < n; ++i) in[i] = (T)((i * 37) % 101 - 50); // exact in double
  warpIdioms<T><<<4, 128>>>(in, red, a32, a16, s32, s16);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("%s: launch failed\n", name); failures++; return; }
  for (int i = 0; i < n; ++i) {
    T w32 = 0, w16 = 0, p32 = 0, p16 = 0;
    for (int j = i - i % 32; j < i - i % 32 + 32; ++j) { w32 += in[j]; if (j <= i) p32 += in[j]; }
    for (int j = i - i % 16; j < i - i % 16 + 16; ++j) { w16 += in[j]; if (j <= i) p16 += in[j]; }
    if (i % 32 == 0 && red[i / 32] != w32 && failures++ < 10) printf("%s reduce warp %d: %g vs %g\n", name, i / 32, (double)red[i / 32], (double)w32);
    if (a32[i] != w32 && failures++ < 10) printf("%s allreduce32 %d: %g vs %g\n", name, i, (double)a32[i], (double)w32);
    if (a16[i] != w16 && failures++ < 10) printf("%s allreduce16 %d: %g vs %g\n", name, i, (double)a16[i], (double)w16);
    if (s32[i] != p32 && failures++ < 10) printf("%s scan32 %d: %g vs %g\n", name, i, (double)s32[i], (double)p32);
    if (s16[i] != p16 && failures++ < 10) printf("%s scan16 %d: %g vs %g\n", name, i, (double)s16[i], (double)p16);
  }
  cudaFree(in); cudaFree(red); cudaFree(a32); cudaFree(a16); cudaFree(s32); cudaFree(s16);
}

int main() {
  runIdioms<int>("int");
  runIdioms<double>("double");
  runIdioms<unsigned long long>("ull");
  for (int block : {64, 96, 256, 1024}) {
    const int blocks = 5, n = blocks * block;
    int *in;
    long long *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, blocks * sizeof(long long));
    for (int i = 0; i < n; ++i) in[i] = i * 1000003 % 65536 - 30000;
    blockReduce<<<blocks, block>>>(in, out);
    if (cudaDeviceSynchronize() != cudaSuccess) { printf("blockReduce: launch failed\n"); failures++; continue; }
    for (int b = 0; b < blocks; ++b) {
      long long want = 0;
      for (int i = b * block; i < (b + 1) * block; ++i) want += in[i];
      if (out[b] != want && failures++ < 10) printf("blockReduce %d block %d: %lld vs %lld\n", block, b, out[b], want);
    }
    cudaFree(in); cudaFree(out);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
