// Shifts by the operand's width or more give what NVIDIA GPUs give (PTX's shl and shr clamp
// the amount to the width): 0 for left and unsigned right shifts, the sign in every bit for
// signed right shifts, in 32 and 64 bits, whether each thread shifts by its own amount
// (vectorised across threads) or one thread runs alone. Rodinia's huffman packs bits with
// `word << (32 - bit)` where bit may be 0, and checks its output against the CPU's.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O0 %s -o %t.O0
// RUN: %t.O0 | FileCheck %s
// CHECK: PASS
#include <cstdint>
#include <cstdio>

struct Shifted {
  uint32_t left, right;
  int32_t signedRight;
  uint64_t left64, right64;
  int64_t signedRight64;
};

__global__ void shiftAll(const uint32_t *amounts, Shifted *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  uint32_t x = 0xdeadbeefu ^ i, s = amounts[i];
  uint64_t x64 = 0xfedcba9876543210ull ^ i;
  out[i].left = x << s;
  out[i].right = x >> s;
  out[i].signedRight = int32_t(x) >> s;
  out[i].left64 = x64 << s;
  out[i].right64 = x64 >> s;
  out[i].signedRight64 = int64_t(x64) >> s;
}

// What PTX gives, written without shifting past the width.
Shifted expected(int i, uint32_t s) {
  uint32_t x = 0xdeadbeefu ^ i;
  uint64_t x64 = 0xfedcba9876543210ull ^ i;
  int32_t sign = int32_t(x) < 0 ? -1 : 0;
  int64_t sign64 = int64_t(x64) < 0 ? -1 : 0;
  return {s < 32 ? x << s : 0,
          s < 32 ? x >> s : 0,
          s < 32 ? int32_t(x) >> s : sign,
          s < 64 ? x64 << s : 0,
          s < 64 ? x64 >> s : 0,
          s < 64 ? int64_t(x64) >> s : sign64};
}

int main() {
  // Every amount from 0 to 70, then some far past 64 (as unsigned: 2^31, 2^32 - 1).
  const int n = 80;
  uint32_t amounts[n];
  for (int i = 0; i < n; ++i)
    amounts[i] = i <= 70 ? i : i == 71 ? 0x80000000u : i == 72 ? 0xffffffffu : 100 + 37 * i;
  uint32_t *dAmounts;
  Shifted *dOut, out[n];
  cudaMalloc(&dAmounts, sizeof amounts);
  cudaMalloc(&dOut, sizeof out);
  cudaMemcpy(dAmounts, amounts, sizeof amounts, cudaMemcpyHostToDevice);
  int failures = 0;
  for (int block : {1, 32, 128}) {
    cudaMemset(dOut, 0, sizeof out);
    shiftAll<<<(n + block - 1) / block, block>>>(dAmounts, dOut, n);
    cudaMemcpy(out, dOut, sizeof out, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i) {
      Shifted want = expected(i, amounts[i]);
      if (out[i].left != want.left || out[i].right != want.right ||
          out[i].signedRight != want.signedRight || out[i].left64 != want.left64 ||
          out[i].right64 != want.right64 || out[i].signedRight64 != want.signedRight64) {
        if (++failures <= 5)
          std::printf("block %d, shift by %u: got %x %x %x %llx %llx %llx\n", block, amounts[i],
                      out[i].left, out[i].right, out[i].signedRight,
                      (unsigned long long)out[i].left64, (unsigned long long)out[i].right64,
                      (unsigned long long)out[i].signedRight64);
      }
    }
  }
  if (cudaDeviceSynchronize() != cudaSuccess)
    failures++;
  std::printf("%s (%d failures)\n", failures ? "FAIL" : "PASS", failures);
  return failures != 0;
}
