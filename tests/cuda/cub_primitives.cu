// CUB (Debian's 1.17) in user kernels and from the host: block-wide reduce, scan, radix sort,
// load and store, warp-wide reduce and scan, as CUDA code writes them inside its own kernels,
// and the device-wide reduce, scan and radix sort of key-value pairs with their two-call
// temporary-storage protocol. Each result is checked against a plain C++ computation.
// REQUIRES: thrust
// RUN: %nvcc -arch=sm_80 -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS
#include "Inputs/device_vectors.h"
#include "Inputs/expect.h"

#include <cub/cub.cuh>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

constexpr int kThreads = 128, kItems = 4, kTile = kThreads * kItems;

// Per block: the sum, the exclusive prefix sums and the sorted tile of its kTile keys.
__global__ void blockPrimitives(const int *in, int *sums, int *prefix, int *sorted) {
  using Load = cub::BlockLoad<int, kThreads, kItems, cub::BLOCK_LOAD_TRANSPOSE>;
  using Store = cub::BlockStore<int, kThreads, kItems, cub::BLOCK_STORE_TRANSPOSE>;
  using Reduce = cub::BlockReduce<int, kThreads>;
  using Scan = cub::BlockScan<int, kThreads>;
  using Sort = cub::BlockRadixSort<int, kThreads, kItems>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
    typename Sort::TempStorage sort;
  } temp;
  int offset = blockIdx.x * kTile;
  int items[kItems];
  Load(temp.load).Load(in + offset, items);
  __syncthreads();
  int sum = Reduce(temp.reduce).Sum(items);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = sum;
  __syncthreads();
  int scanned[kItems];
  Scan(temp.scan).ExclusiveSum(items, scanned);
  __syncthreads();
  Store(temp.store).Store(prefix + offset, scanned);
  __syncthreads();
  Sort(temp.sort).Sort(items);
  __syncthreads();
  Store(temp.store).Store(sorted + offset, items);
}

// Per warp of 32: the warp's sum (lane 0) and each lane's inclusive maximum.
__global__ void warpPrimitives(const int *in, int *sums, int *maxima) {
  using WarpReduce = cub::WarpReduce<int>;
  using WarpScan = cub::WarpScan<int>;
  __shared__ typename WarpReduce::TempStorage reduceTemp[kThreads / 32];
  __shared__ typename WarpScan::TempStorage scanTemp[kThreads / 32];
  int t = blockIdx.x * blockDim.x + threadIdx.x, warp = threadIdx.x / 32;
  int sum = WarpReduce(reduceTemp[warp]).Sum(in[t]);
  if (threadIdx.x % 32 == 0)
    sums[t / 32] = sum;
  int maximum;
  WarpScan(scanTemp[warp]).InclusiveScan(in[t], maximum, cub::Max());
  maxima[t] = maximum;
}

int main() {
  const int blocks = 7, n = blocks * kTile;
  std::vector<int> values(n);
  unsigned seed = 99;
  for (int &v : values)
    v = (int)((seed = seed * 1664525u + 1013904223u) >> 12) % 4001 - 2000;
  int *in = upload(values);
  int *sums, *prefix, *sorted;
  cudaMalloc(&sums, n * sizeof(int));
  cudaMalloc(&prefix, n * sizeof(int));
  cudaMalloc(&sorted, n * sizeof(int));

  blockPrimitives<<<blocks, kThreads>>>(in, sums, prefix, sorted);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess, "block primitives launch");
  std::vector<int> blockSums = download(sums, blocks), prefixes = download(prefix, n),
                   tiles = download(sorted, n);
  for (int b = 0; b < blocks; ++b) {
    auto first = values.begin() + b * kTile, last = first + kTile;
    EXPECT_TRUE(blockSums[b] == std::accumulate(first, last, 0), "block %d", b);
    std::vector<int> want(kTile);
    std::exclusive_scan(first, last, want.begin(), 0);
    EXPECT_TRUE(std::equal(want.begin(), want.end(), prefixes.begin() + b * kTile), "scan %d", b);
    std::vector<int> tile(first, last);
    std::sort(tile.begin(), tile.end());
    EXPECT_TRUE(std::equal(tile.begin(), tile.end(), tiles.begin() + b * kTile), "sort %d", b);
  }

  warpPrimitives<<<n / kThreads, kThreads>>>(in, sums, prefix);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess, "warp primitives launch");
  std::vector<int> warpSums = download(sums, n / 32), maxima = download(prefix, n);
  for (int w = 0; w < n / 32; ++w) {
    auto first = values.begin() + w * 32;
    EXPECT_TRUE(warpSums[w] == std::accumulate(first, first + 32, 0), "warp %d", w);
    int running = first[0];
    for (int l = 0; l < 32; ++l) {
      running = std::max(running, first[l]);
      EXPECT_TRUE(maxima[w * 32 + l] == running, "warp %d lane %d", w, l);
    }
  }

  // Device-wide algorithms: ask for the temporary storage, then run.
  for (int count : {1, 1000, 70001}) {
    std::vector<int> keys(count), payload(count);
    for (int i = 0; i < count; ++i) {
      keys[i] = (int)((seed = seed * 1664525u + 1013904223u) >> 8) - (1 << 22);
      payload[i] = i;
    }
    int *dKeys = upload(keys), *dPayload = upload(payload), *dOut, *dKeysOut, *dPayloadOut;
    cudaMalloc(&dOut, (count + 1) * sizeof(int));
    cudaMalloc(&dKeysOut, count * sizeof(int));
    cudaMalloc(&dPayloadOut, count * sizeof(int));
    size_t bytes = 0, most = 0;
    cub::DeviceReduce::Sum(nullptr, bytes, dKeys, dOut, count);
    most = std::max(most, bytes);
    cub::DeviceScan::ExclusiveSum(nullptr, bytes, dKeys, dOut, count);
    most = std::max(most, bytes);
    cub::DeviceRadixSort::SortPairs(nullptr, bytes, dKeys, dKeysOut, dPayload, dPayloadOut, count);
    most = std::max(most, bytes);
    void *temp;
    cudaMalloc(&temp, most);

    bytes = most;
    cub::DeviceReduce::Sum(temp, bytes, dKeys, dOut, count);
    long long total = std::accumulate(keys.begin(), keys.end(), 0ll);
    EXPECT_TRUE(download(dOut, 1)[0] == (int)total, "device reduce of %d", count);

    bytes = most;
    cub::DeviceScan::ExclusiveSum(temp, bytes, dKeys, dOut, count);
    std::vector<int> want(count);
    std::exclusive_scan(keys.begin(), keys.end(), want.begin(), 0);
    EXPECT_TRUE(download(dOut, count) == want, "device scan of %d", count);

    bytes = most;
    cub::DeviceRadixSort::SortPairs(temp, bytes, dKeys, dKeysOut, dPayload, dPayloadOut, count);
    std::vector<int> order(count);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
    std::vector<int> sortedKeys(count);
    for (int i = 0; i < count; ++i)
      sortedKeys[i] = keys[order[i]];
    EXPECT_TRUE(download(dKeysOut, count) == sortedKeys, "device sort keys of %d", count);
    EXPECT_TRUE(download(dPayloadOut, count) == order, "device sort values of %d", count);
    EXPECT_TRUE(cudaGetLastError() == cudaSuccess, "device algorithms of %d", count);
    cudaFree(temp);
    cudaFree(dKeys);
    cudaFree(dPayload);
    cudaFree(dOut);
    cudaFree(dKeysOut);
    cudaFree(dPayloadOut);
  }
  printf("%s\n", failures ? "FAILED" : "PASS");
  return failures != 0;
}
