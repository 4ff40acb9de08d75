// atomicInc/atomicDec wrap-around: Inc stores (old >= val) ? 0 : old + 1, Dec stores
// (old == 0 || old > val) ? val : old - 1 (CUDA Programming Guide), checked as sequences and
// under contention; atomicCAS for int, unsigned, unsigned long long and unsigned short
// (sm_70+) including CAS loops (float max, double multiply, neighbouring 16-bit counters).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__global__ void sequence(unsigned *cells, unsigned *olds) {
  // one thread: a fixed sequence of operations whose returned values are all recorded
  int k = 0;
  unsigned *a = &cells[0];
  *a = 0;
  for (int i = 0; i < 7; ++i) olds[k++] = atomicInc(a, 4);   // 0 1 2 3 4 0 1
  *a = 10;
  olds[k++] = atomicInc(a, 5);                                // old > val -> 0
  olds[k++] = *a;
  *a = 7;
  olds[k++] = atomicInc(a, 0);                                // val 0: always stores 0
  olds[k++] = *a;
  *a = 0xffffffffu;
  olds[k++] = atomicInc(a, 0xffffffffu);                      // old >= val -> 0
  olds[k++] = *a;
  *a = 3;
  for (int i = 0; i < 6; ++i) olds[k++] = atomicDec(a, 4);   // 3 2 1 0 4 3
  *a = 9;
  olds[k++] = atomicDec(a, 5);                                // old > val -> val
  olds[k++] = *a;
  *a = 0;
  olds[k++] = atomicDec(a, 0);                                // 0 stays 0
  olds[k++] = *a;
  *a = 0;
  olds[k++] = atomicDec(a, 0xffffffffu);                      // 0 -> val
  olds[k++] = *a;
}

__global__ void contention(unsigned *inc, unsigned *dec, unsigned *incOld, int *casI, unsigned *casU,
                           unsigned long long *casULL, unsigned short *shorts, float *fmax, double *dprod) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  incOld[g] = atomicInc(inc, 999);
  atomicDec(dec, 999);
  // CAS increment loops
  int o = *casI, assumed;
  do { assumed = o; o = atomicCAS(casI, assumed, assumed + 3); } while (o != assumed);
  unsigned ou = *casU, au;
  do { au = ou; ou = atomicCAS(casU, au, au ^ (1u << (g % 32))); } while (ou != au);
  unsigned long long ol = *casULL, al;
  do { al = ol; ol = atomicCAS(casULL, al, al + 0x100000001ull); } while (ol != al);
  // 16-bit CAS on four neighbouring counters sharing one 64-bit word
  unsigned short *s = &shorts[g % 4];
  unsigned short os = *s, as;
  do { as = os; os = atomicCAS(s, as, (unsigned short)(as + 1)); } while (os != as);
  // float max through CAS on the bit pattern
  float val = (float)((g * 7919) % 10007) * 0.5f;
  int *fi = (int *)fmax;
  int of = *fi, af;
  do { af = of; if (__int_as_float(af) >= val) break; of = atomicCAS(fi, af, __float_as_int(val)); } while (of != af);
  // double product of factors 1 or 2 (exact)
  double factor = (g % 97 == 0) ? 2.0 : 1.0;
  unsigned long long *di = (unsigned long long *)dprod;
  unsigned long long od = *di, ad;
  do { ad = od; od = atomicCAS(di, ad, __double_as_longlong(__longlong_as_double(ad) * factor)); } while (od != ad);
}

int main() {
  int failures = 0;
  unsigned *cells, *olds;
  cudaMallocManaged(&cells, 4 * sizeof(unsigned));
  cudaMallocManaged(&olds, 64 * sizeof(unsigned));
  sequence<<<1, 1>>>(cells, olds);
  cudaDeviceSynchronize();
  unsigned want[] = {0, 1, 2, 3, 4, 0, 1, 10, 0, 7, 0, 0xffffffffu, 0, 3, 2, 1, 0, 4, 3, 9, 5, 0, 0, 0, 0xffffffffu};
  for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); ++i)
    if (olds[i] != want[i] && failures++ < 10) printf("sequence step %u: got %u, expected %u\n", i, olds[i], want[i]);

  const int blocks = 37, threads = 128, n = blocks * threads;
  unsigned *inc, *dec, *incOld, *casU;
  int *casI;
  unsigned long long *casULL;
  unsigned short *shorts;
  float *fmax;
  double *dprod;
  cudaMallocManaged(&inc, sizeof(unsigned));
  cudaMallocManaged(&dec, sizeof(unsigned));
  cudaMallocManaged(&incOld, n * sizeof(unsigned));
  cudaMallocManaged(&casI, sizeof(int));
  cudaMallocManaged(&casU, sizeof(unsigned));
  cudaMallocManaged(&casULL, sizeof(unsigned long long));
  cudaMallocManaged(&shorts, 8 * sizeof(unsigned short));
  cudaMallocManaged(&fmax, sizeof(float));
  cudaMallocManaged(&dprod, sizeof(double));
  *inc = 0; *dec = 0; *casI = -5; *casU = 0; *casULL = 7;
  for (int i = 0; i < 8; ++i) shorts[i] = (unsigned short)(65000 + i);
  *fmax = -1.0f; *dprod = 1.0;
  contention<<<blocks, threads>>>(inc, dec, incOld, casI, casU, casULL, shorts, fmax, dprod);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  if (*inc != (unsigned)(n % 1000) && failures++ < 10) printf("atomicInc contention: %u, expected %d\n", *inc, n % 1000);
  unsigned wantDec = (unsigned)((1000 - n % 1000) % 1000);
  if (*dec != wantDec && failures++ < 10) printf("atomicDec contention: %u, expected %u\n", *dec, wantDec);
  int hist[1000] = {};
  for (int g = 0; g < n; ++g) {
    if (incOld[g] >= 1000) { if (failures++ < 10) printf("atomicInc returned %u\n", incOld[g]); }
    else hist[incOld[g]]++;
  }
  for (int v = 0; v < 1000; ++v) {
    int w = n / 1000 + (v < n % 1000);
    if (hist[v] != w && failures++ < 10) printf("atomicInc returned %d %d times, expected %d\n", v, hist[v], w);
  }
  if (*casI != -5 + 3 * n && failures++ < 10) printf("CAS int: %d\n", *casI);
  unsigned wantU = 0;
  for (int g = 0; g < n; ++g) wantU ^= 1u << (g % 32);
  if (*casU != wantU && failures++ < 10) printf("CAS unsigned: %#x, expected %#x\n", *casU, wantU);
  if (*casULL != 7 + 0x100000001ull * n && failures++ < 10) printf("CAS ull: %#llx\n", *casULL);
  for (int i = 0; i < 8; ++i) {
    unsigned short ws = (unsigned short)(65000 + i + (i < 4 ? n / 4 : 0));
    if (shorts[i] != ws && failures++ < 10) printf("CAS ushort[%d]: %u, expected %u\n", i, shorts[i], ws);
  }
  float fm = -1.0f;
  for (int g = 0; g < n; ++g) { float v = (float)((g * 7919) % 10007) * 0.5f; fm = v > fm ? v : fm; }
  if (*fmax != fm && failures++ < 10) printf("CAS float max: %g, expected %g\n", *fmax, fm);
  double dp = 1.0;
  for (int g = 0; g < n; ++g) if (g % 97 == 0) dp *= 2.0;
  if (*dprod != dp && failures++ < 10) printf("CAS double product: %g, expected %g\n", *dprod, dp);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
