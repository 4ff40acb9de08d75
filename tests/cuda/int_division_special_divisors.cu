// Integer division and remainder by zero, and INT_MIN / -1, give NVIDIA GPUs' results (all
// bits set for a zero divisor; the quotient wraps) instead of failing the launch the way an
// x86 division would. Real code computes i % n where n is zero for some lanes.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// CHECK: u32 4294967295 4294967295 s32 -1 -1 -2147483648 0
// CHECK: u64 18446744073709551615 18446744073709551615 s64 -1 -1 -9223372036854775808 0
// CHECK: ordinary 14 2 -14 -2
// CHECK: PASS
#include <climits>
#include <cstdio>

struct Results {
  unsigned u32q, u32r;
  int s32q, s32r, minq, minr;
  unsigned long long u64q, u64r;
  long long s64q, s64r, min64q, min64r;
  int q, r, nq, nr;
};

__global__ void divide(Results *out, unsigned u, int s, int zero, int minusOne, int seven) {
  out->u32q = u / zero;
  out->u32r = u % zero;
  out->s32q = s / zero;
  out->s32r = s % zero;
  out->minq = INT_MIN / minusOne;
  out->minr = INT_MIN % minusOne;
  out->u64q = (unsigned long long)u / (unsigned long long)zero;
  out->u64r = (unsigned long long)u % (unsigned long long)zero;
  out->s64q = (long long)s / zero;
  out->s64r = (long long)s % zero;
  out->min64q = LLONG_MIN / minusOne;
  out->min64r = LLONG_MIN % minusOne;
  out->q = 100 / seven;
  out->r = 100 % seven;
  out->nq = -100 / seven;
  out->nr = -100 % seven;
}

int main() {
  Results *r;
  cudaMallocManaged(&r, sizeof *r);
  divide<<<1, 1>>>(r, 1234u, -77, 0, -1, 7);
  cudaError_t error = cudaDeviceSynchronize();
  printf("u32 %u %u s32 %d %d %d %d\n", r->u32q, r->u32r, r->s32q, r->s32r, r->minq, r->minr);
  printf("u64 %llu %llu s64 %lld %lld %lld %lld\n", r->u64q, r->u64r, r->s64q, r->s64r,
         r->min64q, r->min64r);
  printf("ordinary %d %d %d %d\n", r->q, r->r, r->nq, r->nr);
  printf("%s\n", error == cudaSuccess ? "PASS" : cudaGetErrorString(error));
  return error != cudaSuccess;
}
