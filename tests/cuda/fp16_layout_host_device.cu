// The 16- and 8-bit floating-point types cross between host and device: sizes, alignments and
// member offsets are NVIDIA's; __half2 arrays copied to the device and back, structs of these
// types passed by value as kernel arguments, __constant__ and __device__ variables set with
// cudaMemcpyToSymbol, __shared__ arrays; host and device compute the same bits. Host code uses
// the operators, constexpr raw construction and the CUDART_*_FP16/BF16 constants. The headers
// also build for host-only C++ (clang++, and nvcc on a .cpp file) and, for cuda_fp8.h's C
// functions, for C.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// RUN: %nvcc %S/Inputs/fp16_host_only.cpp -o %t.nvcc-cpp && %t.nvcc-cpp | FileCheck %s --check-prefix=HOST
// RUN: clang++ -std=c++17 -Wall -Wextra -Werror -I%toolkit/include %S/Inputs/fp16_host_only.cpp -o %t.cxx
// RUN: %t.cxx | FileCheck %s --check-prefix=HOST
// RUN: clang -std=c99 -Wall -Wextra -Werror -I%toolkit/include %S/Inputs/fp8_from_c.c -o %t.c
// RUN: %t.c | FileCheck %s --check-prefix=C
// CHECK: sizes 2 2 4 4 2 2 4 4 1 1 2 2 4 4 1 1 2 4 2 4
// CHECK: PASS
// HOST: host-only PASS
// C: C PASS
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

static int failures = 0;
#define EXPECT(cond, ...)                                                                          \
  do {                                                                                             \
    if (!(cond) && ++failures <= 20) {                                                             \
      printf("FAIL line %d: ", __LINE__);                                                          \
      printf(__VA_ARGS__);                                                                         \
      printf("\n");                                                                                \
    }                                                                                              \
  } while (0)
#define CHECK_CUDA(x)                                                                              \
  do {                                                                                             \
    cudaError_t e = (x);                                                                           \
    if (e != cudaSuccess) {                                                                        \
      printf("CUDA error %s at line %d\n", cudaGetErrorString(e), __LINE__);                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

// Layout, as NVIDIA's headers have it.
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2");
static_assert(sizeof(__half_raw) == 2 && alignof(__half_raw) == 2, "__half_raw");
static_assert(sizeof(__half2_raw) == 4 && alignof(__half2_raw) == 4, "__half2_raw");
static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2, "__nv_bfloat16");
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4, "__nv_bfloat162");
static_assert(sizeof(__nv_fp8_e4m3) == 1 && sizeof(__nv_fp8x2_e5m2) == 2 && alignof(__nv_fp8x2_e5m2) == 2 &&
                  sizeof(__nv_fp8x4_e4m3) == 4 && alignof(__nv_fp8x4_e4m3) == 4 && sizeof(__nv_fp8_e8m0) == 1 &&
                  sizeof(__nv_fp8x4_e8m0) == 4,
              "fp8");
static_assert(offsetof(__half2, x) == 0 && offsetof(__half2, y) == 2, "__half2 members");
static_assert(offsetof(__nv_bfloat162, y) == 2 && offsetof(__half2_raw, y) == 2, "pair members");
static_assert(std::is_trivially_copyable<__half>::value && std::is_trivially_copyable<__nv_bfloat16>::value &&
                  std::is_trivially_copyable<__nv_fp8x4_e4m3>::value && std::is_standard_layout<__half2>::value &&
                  std::is_standard_layout<__nv_bfloat162>::value,
              "plain data");
static_assert(std::is_trivially_default_constructible<__half>::value &&
                  std::is_trivially_default_constructible<__nv_bfloat162>::value,
              "trivial default constructors (usable in __shared__ arrays)");
static_assert(std::is_same<half, __half>::value && std::is_same<half2, __half2>::value &&
                  std::is_same<nv_bfloat16, __nv_bfloat16>::value &&
                  std::is_same<nv_bfloat162, __nv_bfloat162>::value && std::is_same<__nv_half, __half>::value,
              "type names");
static_assert(std::is_same<__nv_fp8_storage_t, unsigned char>::value &&
                  std::is_same<__nv_fp8x2_storage_t, unsigned short>::value &&
                  std::is_same<__nv_fp8x4_storage_t, unsigned int>::value,
              "fp8 storage types");

// Raw construction is constexpr.
constexpr __half_raw oneRaw = {0x3c00};
constexpr __half constOne(oneRaw);
static_assert(static_cast<bool>(constOne), "constexpr bool conversion");

struct Mixed {
  char tag;
  __half h;
  __half2 h2;
  __nv_bfloat16 b;
  __nv_bfloat162 b2;
  __nv_fp8_e4m3 e4;
  __nv_fp8x2_e5m2 e5;
  __nv_fp8x4_e4m3 q;
};

__constant__ __half2 coefficients[4];
__device__ __nv_bfloat16 deviceScale;

__host__ __device__ __half2 combine(__half2 a, __half2 b, __half2 c) {
  return __hfma2(a, b, c) * b - __h2div(a, c) + __hmax2(a, c);
}

__global__ void pairs(const __half2 *in, __half2 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = combine(in[i], coefficients[i % 4], in[(i + 1) % n]);
}

__global__ void byValue(Mixed m, float *out) {
  out[0] = m.tag;
  out[1] = __half2float(m.h);
  out[2] = __low2float(m.h2);
  out[3] = __high2float(m.h2);
  out[4] = __bfloat162float(m.b) * __bfloat162float(deviceScale);
  out[5] = __high2float(m.b2);
  out[6] = float(m.e4);
  out[7] = float2(m.e5).y;
  out[8] = float4(m.q).w;
}

// A block sum through __shared__ halves.
__global__ void blockSum(const __half *in, __half *out) {
  __shared__ __half tile[256];
  tile[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int s = 128; s > 0; s /= 2) {
    if (threadIdx.x < s) tile[threadIdx.x] += tile[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = tile[0];
}

int main() {
  printf("sizes %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu %zu\n",
         sizeof(__half), alignof(__half), sizeof(__half2), alignof(__half2), sizeof(__nv_bfloat16),
         alignof(__nv_bfloat16), sizeof(__nv_bfloat162), alignof(__nv_bfloat162), sizeof(__nv_fp8_e5m2),
         alignof(__nv_fp8_e5m2), sizeof(__nv_fp8x2_e4m3), alignof(__nv_fp8x2_e4m3), sizeof(__nv_fp8x4_e5m2),
         alignof(__nv_fp8x4_e5m2), sizeof(__nv_fp8_e8m0), alignof(__nv_fp8_e8m0), sizeof(__nv_fp8x2_e8m0),
         sizeof(__nv_fp8x4_e8m0), alignof(__half_raw), alignof(__nv_bfloat162_raw));

  // __half2 arrays both ways, with __constant__ coefficients.
  const int n = 1000;
  std::vector<__half2> host(n), result(n);
  for (int i = 0; i < n; ++i) host[i] = __floats2half2_rn(0.37f * (i % 97) - 12.0f, 1.0f / (1 + i % 13));
  __half2 coef[4] = {__float2half2_rn(0.5f), __floats2half2_rn(-1.25f, 3.0f), make_half2(__half(2.0f), __half(-0.75f)),
                     __halves2half2(CUDART_ONE_FP16, CUDART_NEG_ZERO_FP16)};
  CHECK_CUDA(cudaMemcpyToSymbol(coefficients, coef, sizeof(coef)));
  __half2 *dIn, *dOut;
  CHECK_CUDA(cudaMalloc(&dIn, n * sizeof(__half2)));
  CHECK_CUDA(cudaMalloc(&dOut, n * sizeof(__half2)));
  CHECK_CUDA(cudaMemcpy(dIn, host.data(), n * sizeof(__half2), cudaMemcpyHostToDevice));
  pairs<<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  CHECK_CUDA(cudaMemcpy(result.data(), dOut, n * sizeof(__half2), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    __half2 want = combine(host[i], coef[i % 4], host[(i + 1) % n]);
    EXPECT(memcmp(&want, &result[i], 4) == 0, "pair %d: device %04x/%04x host %04x/%04x", i,
           __half_as_ushort(result[i].x), __half_as_ushort(result[i].y), __half_as_ushort(want.x),
           __half_as_ushort(want.y));
  }

  // A struct of every type by value; a __device__ variable set from the host.
  Mixed m;
  memset(&m, 0, sizeof(m));
  m.tag = 7;
  m.h = 1.5f;
  m.h2 = __floats2half2_rn(-2.0f, 1024.0f);
  m.b = __float2bfloat16(3.0f);
  m.b2 = __floats2bfloat162_rn(5.0f, -0.125f);
  m.e4 = __nv_fp8_e4m3(-6.5f);
  m.e5 = __nv_fp8x2_e5m2(make_float2(1.0f, 0.75f));
  m.q = __nv_fp8x4_e4m3(make_float4(1.0f, 2.0f, 3.0f, -240.0f));
  __nv_bfloat16 scale = __float2bfloat16(0.5f);
  CHECK_CUDA(cudaMemcpyToSymbol(deviceScale, &scale, sizeof(scale)));
  float *dF, f[9];
  CHECK_CUDA(cudaMalloc(&dF, sizeof(f)));
  byValue<<<1, 1>>>(m, dF);
  CHECK_CUDA(cudaMemcpy(f, dF, sizeof(f), cudaMemcpyDeviceToHost));
  const float want[9] = {7, 1.5f, -2.0f, 1024.0f, 1.5f, -0.125f, -6.5f, 0.75f, -240.0f};
  for (int k = 0; k < 9; ++k) EXPECT(f[k] == want[k], "by value field %d: %g want %g", k, f[k], want[k]);

  // Shared-memory reduction against the host doing the same tree.
  std::vector<__half> values(1024), sums(4);
  for (int i = 0; i < 1024; ++i) values[i] = __float2half((i % 17) * 0.125f);
  __half *dV, *dS;
  CHECK_CUDA(cudaMalloc(&dV, 1024 * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&dS, 4 * sizeof(__half)));
  CHECK_CUDA(cudaMemcpy(dV, values.data(), 1024 * sizeof(__half), cudaMemcpyHostToDevice));
  blockSum<<<4, 256>>>(dV, dS);
  CHECK_CUDA(cudaMemcpy(sums.data(), dS, 4 * sizeof(__half), cudaMemcpyDeviceToHost));
  for (int blk = 0; blk < 4; ++blk) {
    std::vector<__half> t(values.begin() + 256 * blk, values.begin() + 256 * blk + 256);
    for (int s = 128; s > 0; s /= 2)
      for (int i = 0; i < s; ++i) t[i] += t[i + s];
    EXPECT(__heq(t[0], sums[blk]), "block sum %d: %g want %g", blk, __half2float(sums[blk]), __half2float(t[0]));
  }

  // Host-side use of the operators and constants.
  half a = 3.0f, b = __float2half(0.5f);
  a += b;
  a *= half(2);
  --a;
  EXPECT(__half2float(a) == 6.0f && (float)-a == -6.0f && a > b && !(a < b) && a != b, "host operators");
  half2 p = __halves2half2(a, b), q = p * p + p;
  EXPECT(__low2float(q) == 42.0f && __high2float(q) == 0.75f && q == q && !(q != q), "host half2 operators");
  nv_bfloat16 c = 1.0f;
  c /= nv_bfloat16(8.0f);
  EXPECT(__bfloat162float(c) == 0.125f && c < nv_bfloat16(1.0f), "host bfloat16 operators");
  EXPECT(__half_as_ushort(CUDART_INF_FP16) == 0x7c00 && __hisnan(CUDART_NAN_FP16) &&
             __half_as_ushort(CUDART_MAX_NORMAL_FP16) == 0x7bff && __half_as_ushort(CUDART_MIN_DENORM_FP16) == 1 &&
             __half_as_ushort(CUDART_ZERO_FP16) == 0 && __half2float(constOne) == 1.0f,
         "half constants");
  EXPECT(__bfloat16_as_ushort(CUDART_INF_BF16) == 0x7f80 && __hisnan(CUDART_NAN_BF16) &&
             __bfloat16_as_ushort(CUDART_MAX_NORMAL_BF16) == 0x7f7f &&
             __bfloat16_as_ushort(CUDART_ONE_BF16) == 0x3f80 && __bfloat16_as_ushort(CUDART_NEG_ZERO_BF16) == 0x8000,
         "bfloat16 constants");
  __half zero{};
  EXPECT(__half_as_ushort(zero) == 0, "value-initialised half is +0");
  __half_raw raw = __half(0.25f);
  __half2_raw raw2 = __floats2half2_rn(1.0f, -1.0f);
  EXPECT(raw.x == 0x3400 && raw2.x == 0x3c00 && raw2.y == 0xbc00, "raw conversions");

  if (failures) {
    printf("FAILED (%d)\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
