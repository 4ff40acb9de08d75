// The last steps of a block reduction as GPU code writes them: a tree through shared memory,
// then the threads of most warps return and the rest finish with shuffles (`if (threadIdx.x <
// 32)`). The region that ran the block goes on into the shuffles itself when the warps still
// there are one run (the first, or the second and third), else the runtime exchanges in them
// without running the general scheduler warp by warp; this checks the results for block sizes
// 32 to 1024, one, several and all warps finishing, warps that have lost half their lanes (which
// use a 16-lane mask), and warps whose masks differ from each other (which go the general way).
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>

// Warps whose bit is set in `finishers` keep lanes below 32, or below 16 for the odd warps
// when `halfOdd` is set; each such lane sums one column of the block and the warp combines
// the columns with a shfl_xor butterfly, a ballot and a reduce.
__global__ void finishWithShuffles(const int *in, int *out, unsigned finishers, bool halfOdd) {
  __shared__ int values[1024];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  values[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  const int keep = halfOdd && warp % 2 ? 16 : 32;
  if (!(finishers >> warp & 1u) || lane >= keep)
    return;
  int sum = 0;
  for (int k = lane; k < blockDim.x; k += 32)
    sum += values[k];
  const unsigned mask = keep == 32 ? 0xffffffffu : 0x0000ffffu;
  for (int offset = keep / 2; offset > 0; offset /= 2)
    sum += __shfl_xor_sync(mask, sum, offset);
  const unsigned voted = __ballot_sync(mask, sum > 0);
  const unsigned total = __reduce_add_sync(mask, lane == 0 ? sum : 0);
  int *o = out + (blockIdx.x * 32 + warp) * 3;
  if (lane == keep - 1) {
    o[0] = sum;
    o[1] = static_cast<int>(voted);
    o[2] = static_cast<int>(total);
  }
}

int main() {
  const int sizes[] = {32, 64, 96, 112, 256, 1000, 1024};
  const struct {
    unsigned finishers;
    bool halfOdd;
  } shapes[] = {{0x1u, false}, {0x6u, false}, {0x5u, false},
                {~0u, false},  {0x3u, true},  {~0u, true}};
  const int blocks = 3, unset = -12345;
  int *in, *out;
  cudaMallocManaged(&in, blocks * 1024 * sizeof(int));
  cudaMallocManaged(&out, blocks * 32 * 3 * sizeof(int));
  for (int i = 0; i < blocks * 1024; ++i)
    in[i] = (i * 37) % 11 - 3;
  int failures = 0;
  for (int threads : sizes)
    for (const auto &shape : shapes) {
      // Only whole warps finish: a partial warp's missing lanes cannot be named in a mask.
      const unsigned finishers = shape.finishers & ((1ull << (threads / 32)) - 1);
      for (int i = 0; i < blocks * 32 * 3; ++i)
        out[i] = unset;
      finishWithShuffles<<<blocks, threads>>>(in, out, finishers, shape.halfOdd);
      if (cudaDeviceSynchronize() != cudaSuccess) {
        printf("FAIL: launch with %d threads\n", threads);
        return 1;
      }
      for (int b = 0; b < blocks; ++b)
        for (int w = 0; w < (threads + 31) / 32; ++w) {
          const int *got = out + (b * 32 + w) * 3;
          if (!(finishers >> w & 1u)) {
            failures += got[0] != unset;
            continue;
          }
          const int keep = shape.halfOdd && w % 2 ? 16 : 32;
          int want = 0;
          for (int k = 0; k < threads; ++k)
            want += k % 32 < keep ? in[b * threads + k] : 0;
          const unsigned mask = keep == 32 ? 0xffffffffu : 0x0000ffffu;
          const int wantVote = static_cast<int>(want > 0 ? mask : 0u);
          if (got[0] != want || got[1] != wantVote || got[2] != want) {
            printf("FAIL: %d threads, finishers %#x%s, block %d warp %d: sum %d ballot %#x "
                   "reduce %d, want %d %#x %d\n",
                   threads, finishers, shape.halfOdd ? " (odd warps half)" : "", b, w, got[0],
                   got[1], got[2], want, wantVote, want);
            ++failures;
          }
        }
    }
  if (failures) {
    printf("FAIL: %d mismatches\n", failures);
    return 1;
  }
  printf("PASS\n");
  return 0;
}
