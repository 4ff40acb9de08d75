// Address-space predicate functions (CUDA C++ Programming Guide): __isGlobal, __isShared,
// __isLocal and __isConstant tell which memory a generic pointer points into, and warpSize;
// __isCtaShared and __isClusterShared agree with __isShared (a block is a cluster of one), and
// the __cvta_ conversions to each space and back give the pointer back.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

__constant__ int constTable[4] = {10, 20, 30, 40};
__device__ int globalVar = 5;

__global__ void predicates(const int *globalPtr, int *out) {
  __shared__ int sh[4];
  int local[4];
  local[threadIdx.x % 4] = threadIdx.x;
  sh[threadIdx.x % 4] = threadIdx.x;
  __syncthreads();
  const int *ptrs[4] = {globalPtr, sh, local, constTable};
  for (int k = 0; k < 4; ++k) {
    const void *p = ptrs[k];
    out[k * 4 + 0] = __isGlobal(p) ? 1 : 0;
    out[k * 4 + 1] = __isShared(p) ? 1 : 0;
    out[k * 4 + 2] = __isLocal(p) ? 1 : 0;
    out[k * 4 + 3] = __isConstant(p) ? 1 : 0;
  }
  for (int k = 0; k < 4; ++k) {
    const void *p = ptrs[k];
    bool shared = __isShared(p);
    if ((__isCtaShared(p) != 0) != shared || (__isClusterShared(p) != 0) != shared)
      out[19] = 1;
    if (__cvta_global_to_generic(__cvta_generic_to_global(p)) != p ||
        __cvta_shared_to_generic(__cvta_generic_to_shared(p)) != p ||
        __cvta_constant_to_generic(__cvta_generic_to_constant(p)) != p ||
        __cvta_local_to_generic(__cvta_generic_to_local(p)) != p)
      out[20] = 1;
  }
  out[16] = __isGlobal(&globalVar) ? 1 : 0;
  out[17] = warpSize;
  out[18] = local[0] + sh[0] + constTable[2];
}

int main() {
  int failures = 0;
  int *i32;
  cudaMallocManaged(&i32, 64 * sizeof(int));
  int *pout;
  cudaMallocManaged(&pout, 32 * sizeof(int));
  pout[19] = pout[20] = 0;
  predicates<<<1, 1>>>(i32, pout);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("predicates: launch failed\n"); return 1; }
  const char *kinds[4] = {"global", "shared", "local", "constant"};
  for (int k = 0; k < 4; ++k)
    for (int q = 0; q < 4; ++q)
      if (pout[k * 4 + q] != (k == q) && failures++ < 10)
        printf("pointer to %s memory: __is%s = %d\n", kinds[k], q == 0 ? "Global" : q == 1 ? "Shared" : q == 2 ? "Local" : "Constant", pout[k * 4 + q]);
  if (pout[16] != 1 && failures++ < 10) printf("__isGlobal(&__device__ variable) = %d\n", pout[16]);
  if (pout[17] != 32 && failures++ < 10) printf("warpSize = %d\n", pout[17]);
  if (pout[18] != 0 + 0 + 30 && failures++ < 10) printf("predicates kernel computed %d\n", pout[18]);
  if (pout[19] && failures++ < 10) printf("__isCtaShared or __isClusterShared differ from __isShared\n");
  if (pout[20] && failures++ < 10) printf("a __cvta_ round trip changed a pointer\n");
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
