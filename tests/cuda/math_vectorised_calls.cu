// Math calls in a vectorised thread loop run glibc's libmvec vector versions (AVX2 here, the
// portable x86-64-v3 build) and stay within CUDA's error bounds, in a grid-stride loop like
// a Black-Scholes or n-body kernel. Each result is compared with the host's long double
// function, in ulps of the result's precision. The device object must call the vector
// versions: a change that left the calls scalar would still pass the numbers. expf is
// Drawbridge's own vector version, which must be inlined into the vector loop (INLINED):
// libmvec's float version is 3 ulps off at some of these arguments.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -Xcompiler -march=x86-64-v3 %s -o %t/math --keep --keep-dir %t
// RUN: llvm-nm %t/math_vectorised_calls.*.device.o | FileCheck %s --check-prefix=SYMBOLS
// RUN: llvm-nm %t/math_vectorised_calls.*.device.o | FileCheck %s --check-prefix=FLOAT-EXP
// RUN: %device %t/math_vectorised_calls.*.device.bc -o %t/inlined.o --image-id=x \
// RUN:   -arch compute_80 -cpu=x86-64-v3 --print-after-stage=optimize \
// RUN:   | FileCheck %s --check-prefix=INLINED
// RUN: %t/math | FileCheck %s
// SYMBOLS-DAG: U _ZGVdN8vv_powf
// SYMBOLS-DAG: U _ZGVdN8v_sinf
// SYMBOLS-DAG: U _ZGVdN8vv_atan2f
// SYMBOLS-DAG: U _ZGVdN4v_log
// SYMBOLS-DAG: U _ZGVdN4v_cbrt
// FLOAT-EXP-NOT: _ZGV{{.}}N{{[0-9]+}}v_exp
// INLINED-LABEL: define internal void @_Z10floatCallsPKfS0_Pfi.region0(
// INLINED-NOT:   call <8 x float> @__drawbridge_expf_x8(
// INLINED:       %shifted.i = fadd <8 x double> %t.i, <double 0x4338000000000000,
// INLINED-LABEL: define internal void @_Z11doubleCallsPKdS0_Pdi.region0(
// CHECK: PASS
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

constexpr int kFloatFunctions = 6, kDoubleFunctions = 4;

__global__ void floatCalls(const float *x, const float *y, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    out[0 * n + i] = expf(x[i]);
    out[1 * n + i] = powf(fabsf(x[i]), y[i]);
    out[2 * n + i] = sinf(x[i]);
    out[3 * n + i] = atan2f(x[i], y[i]);
    out[4 * n + i] = erfcf(x[i]);
    out[5 * n + i] = logf(fabsf(x[i]) + 1.0f); // stays scalar: libmvec's is over the bound
  }
}

__global__ void doubleCalls(const double *x, const double *y, double *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    out[0 * n + i] = log(fabs(x[i]) + 0.5);
    out[1 * n + i] = cbrt(x[i]);
    out[2 * n + i] = atan(x[i] * y[i]);
    out[3 * n + i] = pow(fabs(x[i]) + 0.5, y[i]);
  }
}

// The distance in representable values between a result and the reference rounded to the
// result's precision.
template <typename T> int64_t ulpsApart(T got, long double want) {
  T rounded = (T)want;
  if (std::isnan(got) || std::isnan(rounded))
    return std::isnan(got) && std::isnan(rounded) ? 0 : INT64_MAX;
  auto ordered = [](T v) {
    if constexpr (sizeof(T) == 4) {
      int32_t i;
      memcpy(&i, &v, 4);
      return i < 0 ? (int64_t)INT32_MIN - i : (int64_t)i;
    } else {
      int64_t i;
      memcpy(&i, &v, 8);
      return i < 0 ? INT64_MIN - i : i;
    }
  };
  int64_t d = ordered(got) - ordered(rounded);
  return d < 0 ? -d : d;
}

int main() {
  const int n = 1 << 16;
  float *fx, *fy, *fout;
  double *dx, *dy, *dout;
  cudaMallocManaged(&fx, n * sizeof(float));
  cudaMallocManaged(&fy, n * sizeof(float));
  cudaMallocManaged(&fout, kFloatFunctions * n * sizeof(float));
  cudaMallocManaged(&dx, n * sizeof(double));
  cudaMallocManaged(&dy, n * sizeof(double));
  cudaMallocManaged(&dout, kDoubleFunctions * n * sizeof(double));
  uint64_t state = 12345;
  auto unit = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (double)(state >> 11) / 9007199254740992.0;
  };
  for (int i = 0; i < n; ++i) {
    dx[i] = (unit() * 2 - 1) * 20, dy[i] = (unit() * 2 - 1) * 4;
    fx[i] = (float)dx[i], fy[i] = (float)dy[i];
  }
  floatCalls<<<64, 256>>>(fx, fy, fout, n);
  doubleCalls<<<64, 256>>>(dx, dy, dout, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }

  const char *floatNames[kFloatFunctions] = {"expf", "powf", "sinf", "atan2f", "erfcf", "logf"};
  const int floatBounds[kFloatFunctions] = {2, 4, 2, 3, 4, 1};
  const char *doubleNames[kDoubleFunctions] = {"log", "cbrt", "atan", "pow"};
  const int doubleBounds[kDoubleFunctions] = {1, 1, 2, 2};
  int failures = 0;
  for (int f = 0; f < kFloatFunctions; ++f)
    for (int i = 0; i < n; ++i) {
      long double x = fx[i], y = fy[i], want;
      switch (f) {
      case 0:
        want = expl(x);
        break;
      case 1:
        want = powl(fabsl(x), y);
        break;
      case 2:
        want = sinl(x);
        break;
      case 3:
        want = atan2l(x, y);
        break;
      case 4:
        want = erfcl(x);
        break;
      default:
        want = logl(fabsf(fx[i]) + 1.0f);
        break;
      }
      if (ulpsApart(fout[f * n + i], want) > floatBounds[f] && failures++ < 5)
        printf("%s(%.9g, %.9g) = %.9g, want %.9Lg\n", floatNames[f], fx[i], fy[i], fout[f * n + i],
               want);
    }
  for (int f = 0; f < kDoubleFunctions; ++f)
    for (int i = 0; i < n; ++i) {
      long double x = dx[i], y = dy[i], want;
      switch (f) {
      case 0:
        want = logl(fabs(dx[i]) + 0.5);
        break;
      case 1:
        want = cbrtl(x);
        break;
      case 2:
        want = atanl((long double)(dx[i] * dy[i]));
        break;
      default:
        want = powl(fabs(dx[i]) + 0.5, y);
        break;
      }
      if (ulpsApart(dout[f * n + i], want) > doubleBounds[f] && failures++ < 5)
        printf("%s(%.17g, %.17g) = %.17g, want %.17Lg\n", doubleNames[f], dx[i], dy[i],
               dout[f * n + i], want);
    }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
