// The macros CUDA documents for switching parts of cuda_fp16.h, cuda_bf16.h and cuda_fp8.h off
// (frameworks define them to supply their own operators): with __CUDA_NO_HALF_OPERATORS__,
// __CUDA_NO_HALF2_OPERATORS__, __CUDA_NO_HALF_CONVERSIONS__, their bfloat16 counterparts and
// __CUDA_NO_FP8_CONVERSIONS__ the types have no operators and no implicit conversions, the
// program may define its own operators, CUDA_NO_HALF and CUDA_NO_BFLOAT16 leave the names half
// and nv_bfloat16 free, and the intrinsics work as before, on the host and the device.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#define __CUDA_NO_HALF_OPERATORS__
#define __CUDA_NO_HALF2_OPERATORS__
#define __CUDA_NO_HALF_CONVERSIONS__
#define __CUDA_NO_BFLOAT16_OPERATORS__
#define __CUDA_NO_BFLOAT162_OPERATORS__
#define __CUDA_NO_BFLOAT16_CONVERSIONS__
#define __CUDA_NO_FP8_CONVERSIONS__
#define CUDA_NO_HALF
#define CUDA_NO_BFLOAT16
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdio>
#include <type_traits>
#include <utility>

// The short names are the program's.
struct half {
  unsigned short bits;
};
typedef float nv_bfloat16;

template <class T, class = void> struct HasPlus : std::false_type {};
template <class T>
struct HasPlus<T, decltype((void)(std::declval<T>() + std::declval<T>()))> : std::true_type {};
template <class T, class = void> struct HasLess : std::false_type {};
template <class T>
struct HasLess<T, decltype((void)(std::declval<T>() < std::declval<T>()))> : std::true_type {};
static_assert(!HasPlus<__half>::value && !HasPlus<__half2>::value && !HasPlus<__nv_bfloat16>::value &&
                  !HasPlus<__nv_bfloat162>::value,
              "no arithmetic operators");
static_assert(!HasLess<__half>::value && !HasLess<__nv_bfloat162>::value, "no comparison operators");
static_assert(!std::is_convertible<float, __half>::value && !std::is_convertible<__half, float>::value &&
                  !std::is_convertible<int, __nv_bfloat16>::value &&
                  !std::is_convertible<__nv_bfloat16, float>::value,
              "no implicit conversions");
static_assert(!std::is_constructible<__nv_fp8_e4m3, float>::value &&
                  !std::is_constructible<float, __nv_fp8_e5m2>::value,
              "no fp8 conversions");

// The program's own operators.
__host__ __device__ __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
__host__ __device__ __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b) {
  return __hmul2(a, b);
}

__global__ void kernel(float *out) {
  __half a = __float2half(1.5f), b = __float2half(2.25f);
  __nv_bfloat162 p = __floats2bfloat162_rn(3.0f, -0.5f);
  out[0] = __half2float(a + b);
  out[1] = __high2float(p * p);
  out[2] = __half2float(__hmax(a, b));
  __nv_fp8_e4m3 e;
  e.__x = __nv_cvt_float_to_fp8(-2.0f, __NV_SATFINITE, __NV_E4M3);
  out[3] = __half2float(__half(__nv_cvt_fp8_to_halfraw(e.__x, __NV_E4M3)));
}

int main() {
  float *out;
  if (cudaMallocManaged(&out, 4 * sizeof(float)) != cudaSuccess) return 1;
  kernel<<<1, 1>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  __half a = __float2half(1.5f), b = __float2half(2.25f);
  __nv_bfloat162 p = __floats2bfloat162_rn(3.0f, -0.5f);
  half mine = {7};
  nv_bfloat16 alsoMine = 2.0f;
  bool ok = out[0] == 3.75f && out[1] == 0.25f && out[2] == 2.25f && out[3] == -2.0f &&
            __half2float(a + b) == 3.75f && __low2float(p * p) == 9.0f && mine.bits == 7 && alsoMine == 2.0f;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
