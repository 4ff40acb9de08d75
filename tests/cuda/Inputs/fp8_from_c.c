/* cuda_fp8.h's conversion functions (and the raw 16-bit types) from C. Used by
   fp16_layout_host_device.cu. */
#include <cuda_fp8.h>

#include <stdio.h>

int main(void) {
  int failures = 0;
  __half_raw h = __nv_cvt_fp8_to_halfraw(
      __nv_cvt_float_to_fp8(1.5f, __NV_SATFINITE, __NV_E4M3), __NV_E4M3);
  __nv_bfloat16_raw b;
  __nv_bfloat162_raw b2;
  failures += h.x != 0x3e00;
  failures += __nv_cvt_float_to_fp8(1e9f, __NV_NOSAT, __NV_E5M2) != 0x7c;
  failures += __nv_cvt_double_to_fp8(-1e9, __NV_SATFINITE, __NV_E4M3) != 0xfe;
  failures += __nv_cvt_float2_to_fp8x2(make_float2(1.0f, 2.0f), __NV_SATFINITE, __NV_E4M3) != 0x4038;
  failures += __nv_cvt_float_to_e8m0(3.0f, __NV_SATFINITE, cudaRoundPosInf) != 0x81;
  b = __nv_cvt_e8m0_to_bf16raw(0x7f);
  failures += b.x != 0x3f80;
  b2.x = 0x4000;
  b2.y = 0xc080;
  failures += __nv_cvt_bfloat16raw2_to_fp8x2(b2, __NV_SATFINITE, __NV_E5M2) != 0xc440;
  printf("C %s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
