// Cooperative groups inside a block: this_thread_block() ranks and sync, static tiles of 4 to
// 32 threads (rank, meta group, shuffles (up and down by constant, run-time and too-large
// distances, 64-bit), votes, ballot and match in tile-relative bits, sync),
// run-time tiled_partition, coalesced_threads() in divergent code with rank-based shuffles
// and a compressed ballot, labeled_partition and binary_partition, and cg::reduce and
// cg::inclusive_scan / exclusive_scan with the standard operators.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <cstdio>

namespace cg = cooperative_groups;

#define NOUT 18

template <unsigned int Size> __device__ void tileChecks(int *o) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
  int v = (int)block.thread_rank();
  o[0] = tile.thread_rank();
  o[1] = tile.meta_group_rank();
  o[2] = tile.meta_group_size();
  o[3] = tile.shfl(v, 0);              // the tile's first thread
  o[4] = tile.shfl_down(v, 1);         // the last keeps its own
  o[5] = tile.shfl_xor(v, Size - 1);   // mirrored within the tile
  o[6] = (int)tile.ballot(v % 3 == 0); // tile-relative bits
  o[7] = tile.any(v == 5) + 2 * tile.all(v >= 0);
  o[8] = (int)tile.match_any(v / 2);
  tile.sync();
  o[9] = cg::reduce(tile, v, cg::plus<int>());
  o[10] = cg::reduce(tile, v, cg::greater<int>());
  o[11] = cg::inclusive_scan(tile, 1);
  o[12] = cg::exclusive_scan(tile, v);
  o[13] = (int)block.size();
  o[14] = tile.shfl_up(v, 2); // the first two keep their own
  // A 64-bit value by a distance known at run time (2), and distances past the tile.
  const unsigned int two = blockDim.x / 32, past = blockDim.x;
  long long wide = tile.shfl_down((long long)(v + 1000) << 32 | (unsigned int)v, two);
  o[15] = ((int)(wide >> 32) - 1000) * 1000 + (int)(wide & 0xffffffff);
  o[16] = tile.shfl_down(v, past) + 1000 * tile.shfl_up(v, past);
}

template <unsigned int Size> __global__ void tiles(int *out) {
  cg::this_thread_block().sync();
  tileChecks<Size>(out + cg::this_thread_block().thread_rank() * NOUT);
}

__global__ void coalesced(int *out) {
  int t = threadIdx.x, *o = out + t * NOUT;
  for (int k = 0; k < NOUT; ++k)
    o[k] = -1;
  if (t % 4 == 1) { // lanes 1, 5, 9, ... of each warp
    cg::coalesced_group active = cg::coalesced_threads();
    o[0] = active.thread_rank();
    o[1] = active.size();
    o[2] = active.shfl(t, 2); // the third member's thread index
    o[3] = active.shfl_down(t, 1);
    o[4] = (int)active.ballot(active.thread_rank() % 2 == 0); // compressed: 0x55
    o[5] = cg::reduce(active, 1, cg::plus<int>());
    o[6] = cg::inclusive_scan(active, 2);
    cg::coalesced_group halves = cg::binary_partition(active, active.thread_rank() < 3);
    o[7] = halves.size();
    o[8] = halves.thread_rank();
    cg::coalesced_group labeled = cg::labeled_partition(active, t % 8);
    o[9] = labeled.size();
    cg::coalesced_group pairs = cg::tiled_partition(active, 2);
    o[10] = pairs.size() * 100 + pairs.meta_group_rank();
  }
  cg::thread_group dynamic = cg::tiled_partition(cg::this_thread_block(), 8);
  dynamic.sync();
  o[11] = (int)dynamic.thread_rank() + 100 * (int)dynamic.size();
}

int failures = 0;
void expect(const char *what, int t, int k, int got, int want) {
  if (got != want && failures++ < 12)
    printf("%s thread %d result %d: got %d, expected %d\n", what, t, k, got, want);
}

template <unsigned int Size> void checkTiles(int *out, int n) {
  tiles<Size><<<1, n>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("tiles<%u>: launch failed\n", Size);
    ++failures;
    return;
  }
  char name[32];
  snprintf(name, sizeof name, "tile<%u>", Size);
  for (int t = 0; t < n; ++t) {
    int *o = out + t * NOUT, rank = t % Size, base = t - rank;
    int ballot = 0, sum = 0, mx = 0, match = 0;
    for (int r = 0; r < (int)Size; ++r) {
      if ((base + r) % 3 == 0)
        ballot |= 1 << r;
      sum += base + r;
      mx = base + r;
      if ((base + r) / 2 == t / 2)
        match |= 1 << r;
    }
    expect(name, t, 0, o[0], rank);
    expect(name, t, 1, o[1], t / Size);
    expect(name, t, 2, o[2], (n + Size - 1) / Size);
    expect(name, t, 3, o[3], base);
    expect(name, t, 4, o[4], rank + 1 < (int)Size ? t + 1 : t);
    expect(name, t, 5, o[5], base + (Size - 1 - rank));
    expect(name, t, 6, o[6], ballot);
    expect(name, t, 7, o[7], (base <= 5 && 5 < base + (int)Size) + 2);
    expect(name, t, 8, o[8], match);
    expect(name, t, 9, o[9], sum);
    expect(name, t, 10, o[10], mx);
    expect(name, t, 11, o[11], rank + 1);
    expect(name, t, 12, o[12], rank == 0 ? 0 : (base + base + rank - 1) * rank / 2);
    expect(name, t, 13, o[13], n);
    expect(name, t, 14, o[14], rank >= 2 ? t - 2 : t);
    const int wideSource = rank + 2 < (int)Size ? t + 2 : t;
    expect(name, t, 15, o[15], wideSource * 1000 + wideSource);
    expect(name, t, 16, o[16], t * 1001);
  }
}

int main() {
  const int n = 64;
  int *out;
  cudaMallocManaged(&out, n * NOUT * sizeof(int));
  checkTiles<4>(out, n);
  checkTiles<8>(out, n);
  checkTiles<16>(out, n);
  checkTiles<32>(out, n);

  coalesced<<<1, n>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("coalesced: launch failed\n");
    return 1;
  }
  for (int t = 0; t < n; ++t) {
    int *o = out + t * NOUT, lane = t % 32, base = t - lane;
    expect("dynamic tile", t, 11, o[11], t % 8 + 800);
    if (t % 4 != 1)
      continue;
    int rank = lane / 4;
    expect("coalesced", t, 0, o[0], rank);
    expect("coalesced", t, 1, o[1], 8);
    expect("coalesced", t, 2, o[2], base + 9);
    expect("coalesced", t, 3, o[3], rank + 1 < 8 ? t + 4 : t);
    expect("coalesced", t, 4, o[4], 0x55);
    expect("coalesced", t, 5, o[5], 8);
    expect("coalesced", t, 6, o[6], 2 * (rank + 1));
    expect("coalesced", t, 7, o[7], rank < 3 ? 3 : 5);
    expect("coalesced", t, 8, o[8], rank < 3 ? rank : rank - 3);
    expect("coalesced", t, 9, o[9], 4); // lanes with the same t % 8: 1 or 5, four of each
    expect("coalesced", t, 10, o[10], 200 + rank / 2);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
