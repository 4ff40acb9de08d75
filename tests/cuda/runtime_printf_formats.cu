// Device printf formats every conversion the way the host C library does (CUDA formats device
// printf output on the host): %d %i %u %o %x %X %ld %lld %hd %hhd %f %e %g %a %s %c %p %%, flags
// (# 0 - + space), widths (including *), precisions. Each line is printed by the host first,
// then by the device, and FileCheck requires the two to be identical.
// RUN: %nvcc %s -o %t && %t | FileCheck %s --match-full-lines
// CHECK: H0: [[L0:.*]]
// CHECK: H1: [[L1:.*]]
// CHECK: H2: [[L2:.*]]
// CHECK: H3: [[L3:.*]]
// CHECK: H4: [[L4:.*]]
// CHECK: H5: [[L5:.*]]
// CHECK: H6: [[L6:.*]]
// CHECK: H7: [[L7:.*]]
// CHECK: H8: [[L8:.*]]
// CHECK: H9: [[L9:.*]]
// CHECK: H10: [[L10:.*]]
// CHECK: H11: [[L11:.*]]
// CHECK: H12: [[L12:.*]]
// CHECK: H13: [[L13:.*]]
// CHECK: H14: [[L14:.*]]
// CHECK: H15: [[L15:.*]]
// CHECK: H16: [[L16:.*]]
// CHECK: H17: [[L17:.*]]
// CHECK: H18: [[L18:.*]]
// CHECK: H19: [[L19:.*]]
// CHECK: H20: [[L20:.*]]
// CHECK: D0: [[L0]]
// CHECK: D1: [[L1]]
// CHECK: D2: [[L2]]
// CHECK: D3: [[L3]]
// CHECK: D4: [[L4]]
// CHECK: D5: [[L5]]
// CHECK: D6: [[L6]]
// CHECK: D7: [[L7]]
// CHECK: D8: [[L8]]
// CHECK: D9: [[L9]]
// CHECK: D10: [[L10]]
// CHECK: D11: [[L11]]
// CHECK: D12: [[L12]]
// CHECK: D13: [[L13]]
// CHECK: D14: [[L14]]
// CHECK: D15: [[L15]]
// CHECK: D16: [[L16]]
// CHECK: D17: [[L17]]
// CHECK: D18: [[L18]]
// CHECK: D19: [[L19]]
// CHECK: D20: [[L20]]
// CHECK: PASS
#include <cmath>
#include <cstdio>

// Each case is a format and its arguments, printed with the same call on both sides.
#define CASES(X) \
  X(0, "%d %i %d %d", 42, -42, 0, -2147483647 - 1) \
  X(1, "%u %u %o %#o", 4000000000u, 0u, 8, 8) \
  X(2, "%x %X %#x %#X %x", 255, 255, 255, 48879, 0) \
  X(3, "%ld %ld %lu", 1234567890123L, -9876543210L, 18446744073709551615UL) \
  X(4, "%lld %llu %llx %#llX", -1234567890123456789LL, 18446744073709551615ULL, 0xdeadbeefcafeULL, 0xabcULL) \
  X(5, "%hd %hu %hhd %hhu", 70000, 70000, 300, 511) \
  X(6, "%f %f %.2f %.0f %.0f", 3.14159265358979, -0.5, 2.675, 2.5, 3.5) \
  X(7, "%f %f", 1.1f, 1e20) \
  X(8, "%e %E %.3e %.0e", 12345.678, 0.000123, -1.0, 5e-300) \
  X(9, "%g %g %g %G %g %#g", 0.0001, 123456789.0, 100.0, 1e-10, 0.00001234, 1.0) \
  X(10, "%a %A", 1.0, -0.375) \
  X(11, "%f %e %g %f", INFINITY, -INFINITY, NAN, -0.0) \
  X(12, "%s|%10s|%-10s|%.3s|%s|", "abc", "right", "left", "truncate", "") \
  X(13, "%c%c%c|%3c|%-3c|", 'x', 'y', 'z', 'a', 'b') \
  X(14, "%p %p", (void *)0x1234abcd, (void *)0xdeadbeef0000) \
  X(15, "100%% %d%%%%", 5) \
  X(16, "%5d|%-5d|%05d|%+d|% d|%+d", 42, 42, 42, 42, 42, -42) \
  X(17, "%8.3f|%-8.2f|%+.1e|%08.2f|% .3f", 3.14159, 2.5, 12345.0, -1.5, 2.0) \
  X(18, "%.5d|%8.5d|%-8.3x|%.0d|", 42, -42, 255, 0) \
  X(19, "%*d|%-*d|%*s|", 6, 42, 6, 42, 4, "ab") \
  X(20, "%d %s %f %c %x %ld %e", 1, "mixed", 2.5, 'q', 3054, 4L, 6.0)

#define HOST_CASE(n, fmt, ...) printf("H" #n ": " fmt "\n", __VA_ARGS__);
#define DEVICE_CASE(n, fmt, ...) printf("D" #n ": " fmt "\n", __VA_ARGS__);

__global__ void devicePrints() { CASES(DEVICE_CASE) }

int main() {
  CASES(HOST_CASE)
  fflush(stdout);
  devicePrints<<<1, 1>>>();
  cudaError_t e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    printf("FAIL: cudaDeviceSynchronize returned %s\n", cudaGetErrorName(e));
    return 1;
  }
  printf("PASS\n");
  return 0;
}
