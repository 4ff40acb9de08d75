// -ftz=true (and --use_fast_math, which implies it unless -ftz=false says otherwise) flushes
// single-precision subnormals in device arithmetic to zero of the same sign: subnormal results
// (FLT_MIN * 0.5) and subnormal operands (a subnormal times 1, plus 0, compared with 0; the 1
// and 0 come at run time, since x * 1 may be folded to x either way). Without
// it they are kept, as IEEE 754 and the GPU without -ftz keep them; host code is never affected.
// RUN: %nvcc -arch=sm_80 %s -o %t.ieee && %t.ieee | FileCheck %s --check-prefix=KEEP
// RUN: %nvcc -arch=sm_80 -ftz=true %s -o %t.ftz && %t.ftz | FileCheck %s --check-prefix=FLUSH
// RUN: %nvcc -arch=sm_80 --use_fast_math %s -o %t.fast && %t.fast | FileCheck %s --check-prefix=FLUSH
// RUN: %nvcc -arch=sm_80 --use_fast_math -ftz=false %s -o %t.fastieee && %t.fastieee | FileCheck %s --check-prefix=KEEP
// KEEP: device keeps subnormals
// KEEP: host keeps subnormals
// KEEP: PASS
// FLUSH: device flushes subnormals
// FLUSH: host keeps subnormals
// FLUSH: PASS
#include <cfloat>
#include <cmath>
#include <cstdio>

// out[0..3]: results that are subnormal in IEEE arithmetic or come from subnormal operands.
__global__ void arithmetic(float smallest, float subnormal, float one, float zero, float *out,
                           int *isZero) {
  out[0] = smallest * 0.5f;    // result below the normal range
  out[1] = -smallest / 4.0f;   // negative: flushes to -0
  out[2] = subnormal * one;    // subnormal operand
  out[3] = subnormal + zero;
  *isZero = subnormal == zero; // a flushed operand compares equal to zero
}

static bool hostKeeps(volatile float smallest, volatile float subnormal) {
  return smallest * 0.5f != 0.0f && subnormal * 1.0f == subnormal;
}

int main() {
  float *out;
  int *isZero;
  cudaMallocManaged(&out, 4 * sizeof(float));
  cudaMallocManaged(&isZero, sizeof(int));
  const float subnormal = FLT_MIN / 8;
  arithmetic<<<1, 1>>>(FLT_MIN, subnormal, 1.0f, 0.0f, out, isZero);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: launch\n");
    return 1;
  }
  bool kept = out[0] == FLT_MIN * 0.5f && out[1] == -FLT_MIN / 4.0f && out[2] == subnormal &&
              out[3] == subnormal && !*isZero;
  bool flushed = out[0] == 0.0f && !std::signbit(out[0]) && out[1] == 0.0f &&
                 std::signbit(out[1]) && out[2] == 0.0f && out[3] == 0.0f && *isZero;
  if (kept == flushed) {
    printf("FAIL: mixed results %a %a %a %a %d\n", out[0], out[1], out[2], out[3], *isZero);
    return 1;
  }
  printf("device %s subnormals\n", kept ? "keeps" : "flushes");
  printf("host %s subnormals\n", hostKeeps(FLT_MIN, subnormal) ? "keeps" : "flushes");
  printf("PASS\n");
  return 0;
}
