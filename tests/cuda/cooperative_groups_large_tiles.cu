// Cooperative groups beyond a warp and the CUDA 12 additions: static tiles of 64 to 1024
// threads (ranks, meta groups, sync, a shuffle from one rank, any/all, cg::reduce and both
// scans), run-time tiled_partition of 128, tiles cut from tiles (meta groups relative to the
// parent), invoke_one and invoke_one_broadcast on a warp tile, a large tile and the block,
// the split barriers barrier_arrive/barrier_wait, block_tile_memory with this_thread_block and
// the experimental names, and the free thread_rank/group_size.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include <cstdio>

namespace cg = cooperative_groups;

#define NOUT 12

template <unsigned int Size> __global__ void largeTile(int *out) {
  __shared__ cg::experimental::block_tile_memory<1024> scratch;
  cg::thread_block block = cg::experimental::this_thread_block(scratch);
  cg::thread_block_tile<Size> tile = cg::experimental::tiled_partition<Size>(block);
  int v = (int)block.thread_rank(), *o = out + v * NOUT;
  o[0] = tile.thread_rank();
  o[1] = tile.meta_group_rank() * 100 + tile.meta_group_size();
  o[2] = tile.num_threads() == Size && tile.size() == Size;
  o[3] = tile.shfl(v * 3, Size - 1);    // every thread names the same source rank
  o[4] = tile.any(v % Size == 7) + 2 * tile.all(v >= 0) + 4 * tile.all(v % Size != 3);
  tile.sync();
  o[5] = cg::reduce(tile, v, cg::plus<int>());
  o[6] = cg::reduce(tile, v, cg::less<int>());
  o[7] = cg::inclusive_scan(tile, 1);
  o[8] = cg::exclusive_scan(tile, v, cg::plus<int>());
  o[9] = (int)cg::thread_rank(tile) + 10000 * (int)cg::group_size(tile);
}

__global__ void nestedAndDynamic(int *out) {
  cg::thread_block block = cg::this_thread_block();
  int v = (int)block.thread_rank(), *o = out + v * NOUT;
  cg::thread_block_tile<128> big = cg::tiled_partition<128>(block);
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(big);
  cg::thread_block_tile<8> small = cg::tiled_partition<8>(warp);
  o[0] = warp.meta_group_rank() * 100 + warp.meta_group_size();   // within the 128
  o[1] = small.meta_group_rank() * 100 + small.meta_group_size(); // within the warp
  cg::thread_group dynamic = cg::tiled_partition(block, 128);
  dynamic.sync();
  o[2] = (int)dynamic.thread_rank() + 1000 * (int)dynamic.size();
  // invoke_one: one call per group; the broadcast hands its result to the whole group.
  __shared__ int calls[3];
  if (v < 3)
    calls[v] = 0;
  block.sync();
  cg::invoke_one(warp, [&] { atomicAdd(&calls[0], 1); });
  o[3] = cg::invoke_one_broadcast(warp, [&] { return v + 5; });
  o[4] = cg::invoke_one_broadcast(big, [&] { return v * 2; });
  o[5] = cg::invoke_one_broadcast(block, [&] {
    atomicAdd(&calls[1], 1);
    return 77;
  });
  cg::invoke_one(big, [&](int k) { atomicAdd(&calls[2], k); }, 10);
  // Split barrier: what is written before the arrival is seen after the wait.
  __shared__ int flags[1024];
  flags[v] = v + 1;
  cg::thread_block::arrival_token token = block.barrier_arrive();
  token = block.barrier_arrive(); // a token is all barrier_wait needs
  block.barrier_wait(static_cast<cg::thread_block::arrival_token &&>(token));
  o[6] = flags[block.size() - 1 - v];
  block.sync();
  o[7] = calls[0] * 10000 + calls[1] * 100 + calls[2];
}

int failures = 0;
void expect(const char *what, int t, int k, int got, int want) {
  if (got != want && failures++ < 12)
    printf("%s thread %d result %d: got %d, expected %d\n", what, t, k, got, want);
}

template <unsigned int Size> void checkLarge(int *out, int n) {
  largeTile<Size><<<1, n>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("tile<%u>: launch failed\n", Size);
    ++failures;
    return;
  }
  char name[32];
  snprintf(name, sizeof name, "tile<%u>", Size);
  for (int t = 0; t < n; ++t) {
    int *o = out + t * NOUT, rank = t % Size, base = t - rank;
    int sum = 0;
    for (int r = 0; r < (int)Size; ++r)
      sum += base + r;
    expect(name, t, 0, o[0], rank);
    expect(name, t, 1, o[1], (t / Size) * 100 + n / Size);
    expect(name, t, 2, o[2], 1);
    expect(name, t, 3, o[3], (base + Size - 1) * 3);
    expect(name, t, 4, o[4], 1 + 2);
    expect(name, t, 5, o[5], sum);
    expect(name, t, 6, o[6], base);
    expect(name, t, 7, o[7], rank + 1);
    expect(name, t, 8, o[8], (base + base + rank - 1) * rank / 2);
    expect(name, t, 9, o[9], rank + 10000 * Size);
  }
}

int main() {
  int *out;
  cudaMallocManaged(&out, 1024 * NOUT * sizeof(int));
  checkLarge<64>(out, 256);
  checkLarge<128>(out, 256);
  checkLarge<256>(out, 512);
  checkLarge<1024>(out, 1024);

  const int n = 256;
  nestedAndDynamic<<<1, n>>>(out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("nested tiles: launch failed\n");
    return 1;
  }
  for (int t = 0; t < n; ++t) {
    int *o = out + t * NOUT;
    expect("nested warp", t, 0, o[0], (t % 128 / 32) * 100 + 4);
    expect("nested tile<8>", t, 1, o[1], (t % 32 / 8) * 100 + 4);
    expect("dynamic tile of 128", t, 2, o[2], t % 128 + 128000);
    expect("invoke_one_broadcast(warp)", t, 3, o[3], t - t % 32 + 5);
    expect("invoke_one_broadcast(tile<128>)", t, 4, o[4], (t - t % 128) * 2);
    expect("invoke_one_broadcast(block)", t, 5, o[5], 77);
    expect("split barrier", t, 6, o[6], n - t);
    expect("invoke_one calls", t, 7, o[7], (n / 32) * 10000 + 100 + (n / 128) * 10);
  }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
