// Shuffles and votes whose member mask is the lane's group of peers, a different mask for each
// group, every thread of the block at the same collective: CUB's radix-sort ranking
// (`__match_any_sync` on a key's digit, the group's leader adds the group's count to a shared
// bin and hands the base to its peers with `__shfl_sync(peers, base, leader)`), and a ballot
// over the peers. Each lane must get its own group's leader's value and its own group's
// ballot, and the ranks of each digit's items must be 0..count-1, over blocks of whole warps
// and with a partial last warp (80 threads); and the same shuffle and ballot in the first warp
// alone, the block's other threads having returned.
// RUN: %nvcc -arch=sm_80 -O3 %s -o %t && %t | FileCheck %s
// RUN: %nvcc -arch=sm_80 -O0 %s -o %t0 && %t0 | FileCheck %s
// CHECK: PASS
#include "Inputs/expect.h"

#include <algorithm>
#include <vector>

constexpr int kBins = 16;

__global__ void rankDigits(const int *keys, int *leaderValues, unsigned *oddPeers, int *ranks,
                           int *binCounts) {
  __shared__ int counts[kBins];
  const int t = threadIdx.x, lane = t % 32;
  if (t < kBins)
    counts[t] = 0;
  __syncthreads();
  const int key = keys[blockIdx.x * blockDim.x + t], bin = key % kBins;
  const unsigned peers = __match_any_sync(__activemask(), bin);
  const int leader = 31 - __clz(peers);
  leaderValues[blockIdx.x * blockDim.x + t] = __shfl_sync(peers, key * 3 + lane, leader);
  oddPeers[blockIdx.x * blockDim.x + t] = __ballot_sync(peers, key & 1);
  int base = 0;
  if (lane == leader)
    base = atomicAdd(&counts[bin], __popc(peers));
  base = __shfl_sync(peers, base, leader);
  ranks[blockIdx.x * blockDim.x + t] = base + __popc(peers & ((1u << lane) - 1));
  __syncthreads();
  if (t < kBins)
    binCounts[blockIdx.x * kBins + t] = counts[t];
}

// The same collectives in the first warp alone, after the block's other threads have returned.
__global__ void firstWarpPeers(const int *keys, int *leaderValues, unsigned *oddPeers) {
  const int t = threadIdx.x;
  if (t >= 32)
    return;
  const int key = keys[blockIdx.x * blockDim.x + t], bin = key % kBins;
  const unsigned peers = __match_any_sync(0xffffffffu, bin);
  leaderValues[blockIdx.x * blockDim.x + t] = __shfl_sync(peers, key * 3 + t, 31 - __clz(peers));
  oddPeers[blockIdx.x * blockDim.x + t] = __ballot_sync(peers, key & 1);
}

void check(int threads, int blocks) {
  const int n = threads * blocks;
  std::vector<int> keys(n);
  unsigned x = 12345;
  for (int &k : keys) {
    x = x * 1103515245u + 12345u;
    k = int(x >> 8) & 0xffff;
  }
  int *dKeys, *dLeaders, *dRanks, *dCounts;
  unsigned *dOdd;
  EXPECT_OK(cudaMalloc(&dKeys, n * sizeof(int)));
  EXPECT_OK(cudaMalloc(&dLeaders, n * sizeof(int)));
  EXPECT_OK(cudaMalloc(&dRanks, n * sizeof(int)));
  EXPECT_OK(cudaMalloc(&dOdd, n * sizeof(unsigned)));
  EXPECT_OK(cudaMalloc(&dCounts, blocks * kBins * sizeof(int)));
  EXPECT_OK(cudaMemcpy(dKeys, keys.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  rankDigits<<<blocks, threads>>>(dKeys, dLeaders, dOdd, dRanks, dCounts);
  EXPECT_OK(cudaDeviceSynchronize());
  std::vector<int> leaders(n), ranks(n), counts(blocks * kBins);
  std::vector<unsigned> odd(n);
  EXPECT_OK(cudaMemcpy(leaders.data(), dLeaders, n * sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT_OK(cudaMemcpy(ranks.data(), dRanks, n * sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT_OK(cudaMemcpy(odd.data(), dOdd, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  EXPECT_OK(
      cudaMemcpy(counts.data(), dCounts, counts.size() * sizeof(int), cudaMemcpyDeviceToHost));
  // Thread t of block b got its group's leader's value and its group's ballot.
  auto expectPeers = [&](const char *kernel, int b, int t) {
    const int i = b * threads + t, warp = t / 32, bin = keys[i] % kBins;
    int leader = -1;         // the highest lane of the warp with the same digit
    unsigned oddBallot = 0u; // the peers whose keys are odd
    for (int u = warp * 32; u < std::min(threads, warp * 32 + 32); ++u)
      if (keys[b * threads + u] % kBins == bin) {
        leader = u;
        oddBallot |= unsigned(keys[b * threads + u] & 1) << (u % 32);
      }
    EXPECT_TRUE(odd[i] == oddBallot, "%s, %d threads, block %d, thread %d: ballot %08x, want %08x",
                kernel, threads, b, t, odd[i], oddBallot);
    EXPECT_TRUE(leaders[i] == keys[b * threads + leader] * 3 + leader % 32,
                "%s, %d threads, block %d, thread %d: %d from the leader, want %d", kernel, threads,
                b, t, leaders[i], keys[b * threads + leader] * 3 + leader % 32);
  };
  for (int b = 0; b < blocks; ++b) {
    std::vector<std::vector<int>> seen(kBins);
    for (int t = 0; t < threads; ++t) {
      expectPeers("rankDigits", b, t);
      seen[keys[b * threads + t] % kBins].push_back(ranks[b * threads + t]);
    }
    for (int bin = 0; bin < kBins; ++bin) {
      std::vector<int> &r = seen[bin];
      std::sort(r.begin(), r.end());
      bool ranked = int(r.size()) == counts[b * kBins + bin];
      for (size_t k = 0; k < r.size(); ++k)
        ranked &= r[k] == int(k);
      EXPECT_TRUE(ranked, "%d threads, block %d, digit %d: ranks not 0..%zu", threads, b, bin,
                  r.size() - 1);
    }
  }
  EXPECT_OK(cudaMemset(dLeaders, 0, n * sizeof(int)));
  EXPECT_OK(cudaMemset(dOdd, 0, n * sizeof(unsigned)));
  firstWarpPeers<<<blocks, threads>>>(dKeys, dLeaders, dOdd);
  EXPECT_OK(cudaMemcpy(leaders.data(), dLeaders, n * sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT_OK(cudaMemcpy(odd.data(), dOdd, n * sizeof(unsigned), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < std::min(threads, 32); ++t)
      expectPeers("firstWarpPeers", b, t);
  cudaFree(dKeys);
  cudaFree(dLeaders);
  cudaFree(dRanks);
  cudaFree(dOdd);
  cudaFree(dCounts);
}

int main() {
  check(256, 7);
  check(80, 5);
  check(32, 3);
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
