// Host-only C++ (no CUDA compilation) using cuda_fp16.h, cuda_bf16.h and cuda_fp8.h: the types,
// conversions, operators and math functions all work on the host. Used by
// fp16_layout_host_device.cu.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

#include <cstdio>
#include <vector>

int main() {
  int failures = 0;
  std::vector<half> v(64);
  for (int i = 0; i < 64; ++i)
    v[i] = __int2half_rn(i);
  half sum = 0.0f;
  for (const half &h : v)
    sum += h; // every partial sum is an integer below 2048: exact
  failures += __half2float(sum) != 2016.0f;
  failures += __half_as_ushort(__float2half_ru(1.0001f)) != 0x3c01;
  failures += __half_as_ushort(hsqrt(__float2half(2.0f))) != 0x3da8;
  failures += __bfloat16_as_ushort(__hfma(__float2bfloat16(1.5f), __float2bfloat16(2.0f),
                                          __float2bfloat16(0.25f))) != 0x4050;
  half2 p = __floats2half2_rn(1.0f, 2.0f);
  failures += !__hbeq2(p + p, p * __float2half2_rn(2.0f));
  nv_bfloat162 q = __float22bfloat162_rn(make_float2(3.0f, 4.0f));
  failures += __high2float(q) != 4.0f;
  __nv_fp8_e4m3 e(__float2half(448.0f));
  failures += e.__x != 0x7e || float(e) != 448.0f;
  __nv_fp8x4_e5m2 e4(make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  failures += float4(e4).z != 3.0f;
  failures += __nv_cvt_float_to_e8m0(3.0f, __NV_SATFINITE, cudaRoundZero) != 0x80;
  failures += __half_as_ushort(hexp10(__float2half(2.0f))) != 0x5640;
  printf("host-only %s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
