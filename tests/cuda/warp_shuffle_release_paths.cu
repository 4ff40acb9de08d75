// Shuffles reach their results two ways on the CPU. When every thread of the block meets a
// shuffle with a full mask, the runtime (or the region before, which then runs the next one
// itself) hands every thread's input to the next region, which reads its source's slot: at a
// fixed distance for a shuffle up or down by a constant, else at the lane the input names.
// Otherwise (divergent masks, warps that have returned) the runtime computes the results. This
// checks chains of every shuffle form (constant and variable deltas, up, down, xor, index,
// narrow widths) against a host model of shfl.sync, for block sizes with partial last warps,
// and switches between the two ways within one block: whole-block shuffles, then shuffles in
// the two halves of each warp, then whole-block ones again, and shuffles after warps return.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <algorithm>
#include <cstdio>
#include <vector>

constexpr unsigned kFull = 0xffffffffu;

__global__ void shuffleChain(int *out, int delta) {
  const int t = threadIdx.x;
  int v = t * 7 + 3;
  v += __shfl_down_sync(kFull, v, 16);
  v += __shfl_up_sync(kFull, v, 3);
  v ^= __shfl_xor_sync(kFull, v, 5);
  v += __shfl_sync(kFull, v, (t * 5) % 32);
  v += __shfl_down_sync(kFull, v, delta);
  v += __shfl_down_sync(kFull, v, 2, 8);
  v -= __shfl_up_sync(kFull, v, 1, 16);
  out[blockIdx.x * blockDim.x + t] = v;
}

__global__ void shuffleAcrossDivergence(int *out) {
  const int t = threadIdx.x, lane = t % 32;
  int v = t * 3 + 1;
  v += __shfl_down_sync(kFull, v, 1);
  if (lane < 16)
    v += __shfl_down_sync(0x0000ffffu, v, 4, 16);
  else
    v -= __shfl_up_sync(0xffff0000u, v, 2, 16);
  v += __shfl_down_sync(kFull, v, 8);
  v += __shfl_up_sync(kFull, v, 4);
  out[blockIdx.x * blockDim.x + t] = v;
}

__global__ void shuffleAfterReturns(int *out, int keep) {
  const int t = threadIdx.x;
  int v = t + 11;
  v += __shfl_down_sync(kFull, v, 2);
  out[blockIdx.x * blockDim.x + t] = v;
  if (t >= keep)
    return;
  v += __shfl_down_sync(kFull, v, 16);
  v += __shfl_up_sync(kFull, v, 8);
  out[blockIdx.x * blockDim.x + t] = v;
}

// The host model: each warp of `threads` threads (the last may be partial) shuffles `values`;
// mode 0 index, 1 up, 2 down, 3 xor; `active` says which lanes take part.
enum Mode { Index, Up, Down, Xor };
template <class Lane>
void shuffle(std::vector<int> &values, int threads, Mode mode, Lane operand, int width,
             const std::vector<bool> &active) {
  std::vector<int> before = values;
  for (int t = 0; t < threads; ++t) {
    if (!active[t])
      continue;
    const int warp = t / 32 * 32, lanes = std::min(32, threads - warp), lane = t % 32;
    const int segment = lane / width * width, b = operand(t);
    int source = lane;
    switch (mode) {
    case Index:
      source = segment + b % width;
      break;
    case Up:
      source = lane - b >= segment ? lane - b : lane;
      break;
    case Down:
      source = lane + b < segment + width ? lane + b : lane;
      break;
    case Xor:
      source = (lane ^ b) < segment + width ? lane ^ b : lane;
      break;
    }
    values[t] = source < lanes ? before[warp + source] : before[t];
  }
}

// v[t] = op(v[t], the value lane t's shuffle gets) for the active threads of [0, threads).
template <class Lane, class Op>
void combineShuffled(std::vector<int> &v, int threads, Mode mode, Lane operand, int width,
                     const std::vector<bool> &active, Op op) {
  std::vector<int> other = v;
  shuffle(other, threads, mode, operand, width, active);
  for (int t = 0; t < threads; ++t)
    if (active[t])
      v[t] = op(v[t], other[t]);
}

int report(const char *name, int blockSize, const std::vector<int> &got,
           const std::vector<int> &want) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (got[i] != want[i] && bad++ < 3)
      printf("%s, block of %d: thread %zu got %d, want %d\n", name, blockSize, i, got[i], want[i]);
  return bad;
}

int main() {
  const int blocks = 3, delta = 5;
  int *dout;
  cudaMalloc(&dout, blocks * 1024 * sizeof(int));
  int bad = 0;
  for (int n : {32, 48, 96, 100, 256, 1000, 1024}) {
    std::vector<int> got(blocks * n), want(blocks * n);
    std::vector<bool> all(n, true), low(n), high(n);
    for (int t = 0; t < n; ++t) {
      low[t] = t % 32 < 16;
      high[t] = !low[t];
    }
    auto constant = [](int b) { return [b](int) { return b; }; };
    auto add = [](int a, int s) { return a + s; };
    auto subtract = [](int a, int s) { return a - s; };

    shuffleChain<<<blocks, n>>>(dout, delta);
    cudaMemcpy(got.data(), dout, got.size() * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> v(n);
      for (int t = 0; t < n; ++t)
        v[t] = t * 7 + 3;
      combineShuffled(v, n, Down, constant(16), 32, all, add);
      combineShuffled(v, n, Up, constant(3), 32, all, add);
      combineShuffled(v, n, Xor, constant(5), 32, all, [](int a, int s) { return a ^ s; });
      combineShuffled(v, n, Index, [](int t) { return t * 5 % 32; }, 32, all, add);
      combineShuffled(v, n, Down, constant(delta), 32, all, add);
      combineShuffled(v, n, Down, constant(2), 8, all, add);
      combineShuffled(v, n, Up, constant(1), 16, all, subtract);
      std::copy(v.begin(), v.end(), want.begin() + b * n);
    }
    bad += report("shuffleChain", n, got, want);

    // The two halves of a warp shuffle within their own 16 lanes, so one after the other
    // models them.
    shuffleAcrossDivergence<<<blocks, n>>>(dout);
    cudaMemcpy(got.data(), dout, got.size() * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) {
      std::vector<int> v(n);
      for (int t = 0; t < n; ++t)
        v[t] = t * 3 + 1;
      combineShuffled(v, n, Down, constant(1), 32, all, add);
      combineShuffled(v, n, Down, constant(4), 16, low, add);
      combineShuffled(v, n, Up, constant(2), 16, high, subtract);
      combineShuffled(v, n, Down, constant(8), 32, all, add);
      combineShuffled(v, n, Up, constant(4), 32, all, add);
      std::copy(v.begin(), v.end(), want.begin() + b * n);
    }
    bad += report("shuffleAcrossDivergence", n, got, want);

    // Whole warps return (a kept lane reading a returned one is undefined in CUDA); the
    // model's block ends at the last kept thread.
    for (int keep : {32, 64, n / 64 * 32}) {
      if (keep == 0 || keep > n)
        continue;
      shuffleAfterReturns<<<blocks, n>>>(dout, keep);
      cudaMemcpy(got.data(), dout, got.size() * sizeof(int), cudaMemcpyDeviceToHost);
      for (int b = 0; b < blocks; ++b) {
        std::vector<int> v(n);
        for (int t = 0; t < n; ++t)
          v[t] = t + 11;
        combineShuffled(v, n, Down, constant(2), 32, all, add);
        combineShuffled(v, keep, Down, constant(16), 32, all, add);
        combineShuffled(v, keep, Up, constant(8), 32, all, add);
        std::copy(v.begin(), v.end(), want.begin() + b * n);
      }
      bad += report("shuffleAfterReturns", n, got, want);
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
