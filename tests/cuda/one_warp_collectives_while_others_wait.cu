// One warp of a block goes through many warp collectives (shuffles and votes in a loop whose
// trip count differs from block to block, as CUB's look-back does) while the block's other warps
// wait at a barrier; then, past that barrier, another warp does the same while the first waits
// at a second barrier, and a third warp has returned. The runtime remembers which warps wait at
// barriers from one collective step to the next (a remembered warp is only ever deferred to the
// general scheduler, so a stale memory would cost time, not values): this checks every value in
// that schedule, including the first warp's own collectives in the second phase.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <vector>

constexpr int kThreads = 128, kBlocks = 37;

__device__ int stepsOf(int block, int phase) { return 2 + (block * 7 + phase * 3) % 11; }

__global__ void phases(const unsigned *in, unsigned *out) {
  __shared__ unsigned first[32], second[32];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  unsigned v = in[blockIdx.x * kThreads + t];
  if (warp == 0) {
    for (int s = 0; s < stepsOf(blockIdx.x, 1); ++s) {
      v += __shfl_xor_sync(0xffffffffu, v, 1 + s % 31);
      if (__ballot_sync(0xffffffffu, v & 1) & 1u)
        v ^= 5;
    }
    first[lane] = v;
  }
  __syncthreads();
  if (warp == 3) { // leaves the block before the second phase
    out[blockIdx.x * kThreads + t] = first[lane] - v;
    return;
  }
  if (warp == 2) {
    v += first[31 - lane];
    for (int s = 0; s < stepsOf(blockIdx.x, 2); ++s) {
      v = v * 3 + __shfl_down_sync(0xffffffffu, v, 1 + s % 8);
      if (__any_sync(0xffffffffu, v % 7 == 0))
        v += s;
    }
    second[lane] = v;
  }
  __syncthreads();
  if (warp == 0) // the warp that went first runs collectives of its own now
    v += __shfl_sync(0xffffffffu, second[lane], (lane + 5) % 32);
  out[blockIdx.x * kThreads + t] = v + second[lane] - first[lane];
}

// The same computation, one warp after another, on the host.
void expected(const std::vector<unsigned> &in, std::vector<unsigned> &out) {
  auto stepsOf = [](int block, int phase) { return 2 + (block * 7 + phase * 3) % 11; };
  for (int b = 0; b < kBlocks; ++b) {
    std::vector<unsigned> v(in.begin() + b * kThreads, in.begin() + (b + 1) * kThreads);
    unsigned first[32], second[32];
    for (int s = 0; s < stepsOf(b, 1); ++s) {
      std::vector<unsigned> before(v.begin(), v.begin() + 32);
      unsigned ballot = 0;
      for (int l = 0; l < 32; ++l) {
        v[l] = before[l] + before[l ^ (1 + s % 31)];
        ballot |= unsigned(v[l] & 1) << l;
      }
      if (ballot & 1u)
        for (int l = 0; l < 32; ++l)
          v[l] ^= 5;
    }
    for (int l = 0; l < 32; ++l)
      first[l] = v[l];
    for (int l = 0; l < 32; ++l)
      out[b * kThreads + 96 + l] = first[l] - v[96 + l];
    for (int l = 0; l < 32; ++l)
      v[64 + l] += first[31 - l];
    for (int s = 0; s < stepsOf(b, 2); ++s) {
      std::vector<unsigned> before(v.begin() + 64, v.begin() + 96);
      const int delta = 1 + s % 8;
      bool any = false;
      for (int l = 0; l < 32; ++l) {
        v[64 + l] = before[l] * 3 + before[l + delta < 32 ? l + delta : l];
        any |= v[64 + l] % 7 == 0;
      }
      if (any)
        for (int l = 0; l < 32; ++l)
          v[64 + l] += s;
    }
    for (int l = 0; l < 32; ++l)
      second[l] = v[64 + l];
    for (int l = 0; l < 32; ++l)
      v[l] += second[(l + 5) % 32];
    for (int t = 0; t < 96; ++t)
      out[b * kThreads + t] = v[t] + second[t % 32] - first[t % 32];
  }
}

int main() {
  const int n = kBlocks * kThreads;
  std::vector<unsigned> in(n), got(n), want(n);
  for (int i = 0; i < n; ++i)
    in[i] = (i * 2654435761u) % 1000;
  unsigned *din, *dout;
  cudaMalloc(&din, n * sizeof(unsigned));
  cudaMalloc(&dout, n * sizeof(unsigned));
  cudaMemcpy(din, in.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  phases<<<kBlocks, kThreads>>>(din, dout);
  cudaMemcpy(got.data(), dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
  if (cudaGetLastError() != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  expected(in, want);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (got[i] != want[i] && wrong++ < 5)
      printf("out[%d] = %u, expected %u\n", i, got[i], want[i]);
  if (wrong) {
    printf("FAIL: %d of %d wrong\n", wrong, n);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
