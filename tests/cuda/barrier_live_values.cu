// Per-thread values live across __syncthreads(): scalars of several types, a float acc[8]
// array updated (with dynamic indices) between barriers, a struct, a pointer into a local
// array, loop counters, and values set in divergent branches before a barrier.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstdint>

struct State {
  int a;
  double b;
  short c;
  unsigned long long d;
};

__global__ void live(const float *in, float *outF, long long *outI, int rounds) {
  __shared__ float sh[128];
  int t = threadIdx.x, n = blockDim.x;
  float acc[8];
  for (int k = 0; k < 8; ++k) acc[k] = t * 0.25f + k;
  State st = {t, t * 1.5, (short)(-t), 0x100000000ull * t};
  int local[4] = {t, 2 * t, 3 * t, 4 * t};
  int *p = &local[t % 4];   // pointer to a local, different target per thread
  double dv = t * 0.125;
  long long big = (long long)t << 33;
  bool odd = t & 1;
  int divergent;
  if (odd)
    divergent = t * 7;
  else
    divergent = -t;
  int counter = 0;
  for (int r = 0; r < rounds; ++r) {
    sh[t] = in[(t + r) % n] + acc[r % 8];
    __syncthreads();
    float nb = sh[(t + 1) % n];
    acc[(t + r) % 8] += nb;     // dynamic index into the per-thread array
    st.a += r;
    st.b *= 1.0625;
    st.c -= 1;
    st.d += (unsigned long long)r << 40;
    *p += 1;
    dv += nb;
    big += r;
    counter += odd ? 2 : 1;
    __syncthreads();
  }
  float s = 0;
  for (int k = 0; k < 8; ++k) s += acc[k] * (float)(1 << k); // exact scaling: FMA contraction cannot change it
  outF[t] = s;
  outF[n + t] = (float)dv;
  long long *o = outI + t * 10;
  o[0] = st.a; o[1] = (long long)(st.b * 1024); o[2] = st.c; o[3] = (long long)st.d;
  o[4] = local[0] + 10 * local[1] + 100 * local[2] + 1000 * local[3];
  o[5] = big; o[6] = divergent; o[7] = counter; o[8] = odd; o[9] = p - local;
}

int main() {
  const int n = 100, rounds = 11;
  float *in, *outF;
  long long *outI;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&outF, 2 * n * sizeof(float));
  cudaMallocManaged(&outI, 10 * n * sizeof(long long));
  for (int i = 0; i < n; ++i) in[i] = (i % 13) * 0.5f - 3;
  live<<<1, n>>>(in, outF, outI, rounds);
  cudaError_t e = cudaDeviceSynchronize();
  int failures = 0;
  if (e != cudaSuccess) { printf("launch: %s\n", cudaGetErrorString(e)); return 1; }
  // Host reference: simulate all threads in lockstep.
  float acc[n][8];
  double dv[n];
  for (int t = 0; t < n; ++t) {
    for (int k = 0; k < 8; ++k) acc[t][k] = t * 0.25f + k;
    dv[t] = t * 0.125;
  }
  for (int r = 0; r < rounds; ++r) {
    float sh[n];
    for (int t = 0; t < n; ++t) sh[t] = in[(t + r) % n] + acc[t][r % 8];
    for (int t = 0; t < n; ++t) {
      float nb = sh[(t + 1) % n];
      acc[t][(t + r) % 8] += nb;
      dv[t] += nb;
    }
  }
  for (int t = 0; t < n; ++t) {
    float s = 0;
    for (int k = 0; k < 8; ++k) s += acc[t][k] * (float)(1 << k);
    if (outF[t] != s && failures++ < 8) printf("thread %d: acc sum %.9g, expected %.9g\n", t, outF[t], s);
    if (outF[n + t] != (float)dv[t] && failures++ < 8) printf("thread %d: dv %.9g, expected %.9g\n", t, outF[n + t], (float)dv[t]);
    double b = t * 1.5;
    unsigned long long d = 0x100000000ull * t;
    int local[4] = {t, 2 * t, 3 * t, 4 * t};
    local[t % 4] += rounds;
    for (int r = 0; r < rounds; ++r) { b *= 1.0625; d += (unsigned long long)r << 40; }
    long long want[10] = {t + rounds * (rounds - 1) / 2, (long long)(b * 1024), (short)(-t - rounds), (long long)d,
                          local[0] + 10 * local[1] + 100 * local[2] + 1000 * local[3],
                          ((long long)t << 33) + rounds * (rounds - 1) / 2, (t & 1) ? t * 7 : -t,
                          rounds * ((t & 1) ? 2 : 1), t & 1, t % 4};
    for (int k = 0; k < 10; ++k)
      if (outI[t * 10 + k] != want[k] && failures++ < 8)
        printf("thread %d: value %d = %lld, expected %lld\n", t, k, outI[t * 10 + k], want[k]);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
