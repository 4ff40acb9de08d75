// Edge cases of the directed-rounding intrinsics: exact zero sums (-0 only when rounding
// down), products and quotients that underflow past the smallest subnormal (the directed
// result is zero or the smallest subnormal, by direction and sign), overflow (saturating to
// the largest finite value unless rounding away), and conversions from the widest integers.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: float -0x0p+0 0x0p+0 0x1p-149 0x0p+0 -0x1p-149 0x1.fffffep+127 inf 0x1.fffffep+127 -0x0p+0 0x1p-149 0x1.fffffep+62
// CHECK: double 0x0.0000000000001p-1022 0x0p+0 -0x0p+0 0x1p-54 0x1.6a09e667f3bccp+0 0x1.6a09e667f3bcdp+0 -0x0p+0 0x1.fffffffffffffp+63 -0x1.fffffffffffffp+1023
#include <cfloat>
#include <cstdio>

__global__ void edges(float *f, double *d) {
  f[0] = __fadd_rd(1.0f, -1.0f);
  f[1] = __fadd_ru(1.0f, -1.0f);
  f[2] = __fmul_ru(1e-30f, 1e-30f);
  f[3] = __fmul_rd(1e-30f, 1e-30f);
  f[4] = __fdiv_rd(-1e-30f, 1e30f);
  f[5] = __fdiv_rz(FLT_MAX, 0.5f);
  f[6] = __fadd_ru(FLT_MAX, FLT_MAX);
  f[7] = __fadd_rd(FLT_MAX, FLT_MAX);
  f[8] = __fmaf_rd(2.0f, 3.0f, -6.0f);
  f[9] = __double2float_ru(1e-50);
  f[10] = __ll2float_rz(9223372036854775807LL);
  d[0] = __dmul_ru(1e-200, 1e-200);
  d[1] = __dmul_rd(1e-200, 1e-200);
  d[2] = __dmul_rz(-1e-200, 1e-200);
  d[3] = __ddiv_ru(1.0, 3.0) - __ddiv_rd(1.0, 3.0);
  d[4] = __dsqrt_rd(2.0);
  d[5] = __dsqrt_ru(2.0);
  d[6] = __dadd_rd(-0.0, 0.0);
  d[7] = __ull2double_rd(18446744073709551615ULL);
  d[8] = __dmul_ru(-DBL_MAX, 2.0);
}

int main() {
  float *f;
  double *d;
  cudaMallocManaged(&f, 11 * sizeof(float));
  cudaMallocManaged(&d, 9 * sizeof(double));
  edges<<<1, 1>>>(f, d);
  cudaDeviceSynchronize();
  printf("float");
  for (int i = 0; i < 11; ++i) printf(" %a", f[i]);
  printf("\ndouble");
  for (int i = 0; i < 9; ++i) printf(" %a", d[i]);
  printf("\n");
  return 0;
}
