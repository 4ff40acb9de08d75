// -fmad decides whether device code fuses a multiply and an add into one rounding, as NVIDIA's
// nvcc does: by default (-fmad=true) x * x + z becomes fma(x, x, z), within a statement and
// across statements; -fmad=false keeps every product and sum rounded on its own. The
// round-to-nearest intrinsics (__fmul_rn, __fadd_rn, ...) are never fused either way, and the
// header that defines them must not change the mode for the code that includes it.
// x = 1 + 2^-12 makes x * x = 1 + 2^-11 + 2^-24, whose last term a float product drops: with
// z = -(1 + 2^-11) the fused result is 2^-24 and the unfused one 0 (the same in double with
// 1 + 2^-27 and 2^-54).
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t.fused
// RUN: %t.fused | FileCheck %s --check-prefix=FUSED
// RUN: %nvcc -arch=sm_80 -O3 -fmad=true %s -o %t.fused2
// RUN: %t.fused2 | FileCheck %s --check-prefix=FUSED
// RUN: %nvcc -arch=sm_80 -O3 -fmad=false %s -o %t.unfused
// RUN: %t.unfused | FileCheck %s --check-prefix=UNFUSED
// RUN: %nvcc -arch=sm_80 -O0 --fmad false %s -o %t.unfused0
// RUN: %t.unfused0 | FileCheck %s --check-prefix=UNFUSED
// FUSED: float statement 0x1p-24 across 0x1p-24 intrinsics 0x0p+0
// FUSED: double statement 0x1p-54 across 0x1p-54 intrinsics 0x0p+0
// UNFUSED: float statement 0x0p+0 across 0x0p+0 intrinsics 0x0p+0
// UNFUSED: double statement 0x0p+0 across 0x0p+0 intrinsics 0x0p+0
#include <cstdio>

// Each case reads its own copy of x and z, so that no product is shared between cases (a
// product with two uses stays a product of its own).
__global__ void residuals(const float *f, const double *d, float *fout, double *dout) {
  fout[0] = f[0] * f[0] + f[1];
  float product = f[2] * f[2];
  fout[1] = product + f[3];
  fout[2] = __fadd_rn(__fmul_rn(f[4], f[4]), f[5]);
  dout[0] = d[0] * d[0] + d[1];
  double dproduct = d[2] * d[2];
  dout[1] = dproduct + d[3];
  dout[2] = __dadd_rn(__dmul_rn(d[4], d[4]), d[5]);
}

int main() {
  const float x = 1.0f + 0x1p-12f, z = -(1.0f + 0x1p-11f);
  const double dx = 1.0 + 0x1p-27, dz = -(1.0 + 0x1p-26);
  const float f[6] = {x, z, x, z, x, z};
  const double d[6] = {dx, dz, dx, dz, dx, dz};
  float *df, *fout, hf[3];
  double *dd, *dout, hd[3];
  cudaMalloc(&df, sizeof f);
  cudaMalloc(&dd, sizeof d);
  cudaMalloc(&fout, sizeof hf);
  cudaMalloc(&dout, sizeof hd);
  cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);
  residuals<<<1, 1>>>(df, dd, fout, dout);
  cudaMemcpy(hf, fout, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, dout, sizeof hd, cudaMemcpyDeviceToHost);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  printf("float statement %a across %a intrinsics %a\n", hf[0], hf[1], hf[2]);
  printf("double statement %a across %a intrinsics %a\n", hd[0], hd[1], hd[2]);
  return 0;
}
