// Thrust (Debian's 1.17, its CUDA backend: CUB's kernels, inline PTX and all) builds
// unchanged and gives the answers the C++ standard library gives: device vectors and
// pointers, transforms, reductions, scans, sorts (radix for arithmetic keys, merge for a
// comparator), sort by key, copy_if, unique, counting, min/max, and a user kernel on a
// device_vector's storage, over sizes that leave partial tiles.
// REQUIRES: thrust
// RUN: %nvcc -arch=sm_80 -O2 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASS
#include "Inputs/expect.h"

#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/unique.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <numeric>
#include <vector>

struct Square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};
struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};
struct ByLastDigit {
  __host__ __device__ bool operator()(int a, int b) const { return a % 10 < b % 10; }
};

__global__ void addIndex(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += i;
}

template <typename T> std::vector<T> toHost(const thrust::device_vector<T> &d) {
  thrust::host_vector<T> h = d;
  return std::vector<T>(h.begin(), h.end());
}

void run(int n) {
  int failuresBefore = failures;
  std::vector<int> values(n);
  unsigned seed = 7 + n;
  for (int &v : values)
    v = (int)((seed = seed * 1103515245u + 12345u) >> 8) % 20001 - 10000;
  thrust::device_vector<int> d(values.begin(), values.end());

  EXPECT_TRUE(thrust::reduce(d.begin(), d.end()) ==
              std::accumulate(values.begin(), values.end(), 0));
  long long squares = 0;
  for (int v : values)
    squares += (long long)v * v;
  EXPECT_TRUE(thrust::transform_reduce(d.begin(), d.end(), Square(), 0ll,
                                       thrust::plus<long long>()) == squares);
  EXPECT_TRUE(thrust::count_if(d.begin(), d.end(), IsOdd()) ==
              std::count_if(values.begin(), values.end(), [](int x) { return x & 1; }));
  EXPECT_TRUE(*thrust::min_element(d.begin(), d.end()) ==
              *std::min_element(values.begin(), values.end()));
  EXPECT_TRUE(*thrust::max_element(d.begin(), d.end()) ==
              *std::max_element(values.begin(), values.end()));

  std::vector<int> scanned(n);
  std::inclusive_scan(values.begin(), values.end(), scanned.begin());
  thrust::device_vector<int> s(n);
  thrust::inclusive_scan(d.begin(), d.end(), s.begin());
  EXPECT_TRUE(toHost(s) == scanned);
  std::exclusive_scan(values.begin(), values.end(), scanned.begin(), 5);
  thrust::exclusive_scan(d.begin(), d.end(), s.begin(), 5);
  EXPECT_TRUE(toHost(s) == scanned);

  std::vector<int> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  thrust::device_vector<int> k = d;
  thrust::sort(k.begin(), k.end());
  EXPECT_TRUE(toHost(k) == sorted);
  std::sort(sorted.begin(), sorted.end(), std::greater<int>());
  k = d;
  thrust::sort(k.begin(), k.end(), thrust::greater<int>());
  EXPECT_TRUE(toHost(k) == sorted);
  std::vector<int> byDigit = values;
  std::stable_sort(byDigit.begin(), byDigit.end(), [](int a, int b) { return a % 10 < b % 10; });
  k = d;
  thrust::stable_sort(k.begin(), k.end(), ByLastDigit());
  EXPECT_TRUE(toHost(k) == byDigit);

  std::vector<float> fkeys(n);
  for (int i = 0; i < n; ++i)
    fkeys[i] = values[i] * 0.25f;
  thrust::device_vector<float> keys(fkeys.begin(), fkeys.end());
  thrust::device_vector<int> order(n);
  thrust::sequence(order.begin(), order.end());
  thrust::stable_sort_by_key(keys.begin(), keys.end(), order.begin());
  std::vector<int> wantOrder(n);
  std::iota(wantOrder.begin(), wantOrder.end(), 0);
  std::stable_sort(wantOrder.begin(), wantOrder.end(),
                   [&](int a, int b) { return fkeys[a] < fkeys[b]; });
  EXPECT_TRUE(toHost(order) == wantOrder);

  std::vector<int> odd;
  std::copy_if(values.begin(), values.end(), std::back_inserter(odd), [](int x) { return x & 1; });
  thrust::device_vector<int> o(n);
  auto end = thrust::copy_if(d.begin(), d.end(), o.begin(), IsOdd());
  o.resize(end - o.begin());
  EXPECT_TRUE(toHost(o) == odd);

  std::vector<int> digits(n);
  std::transform(values.begin(), values.end(), digits.begin(), [](int x) { return x / 1000; });
  std::sort(digits.begin(), digits.end());
  thrust::device_vector<int> u(digits.begin(), digits.end());
  u.resize(thrust::unique(u.begin(), u.end()) - u.begin());
  digits.erase(std::unique(digits.begin(), digits.end()), digits.end());
  EXPECT_TRUE(toHost(u) == digits);

  // A user kernel on the vector's storage, then an algorithm on a raw pointer.
  addIndex<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(d.data()), n);
  EXPECT_TRUE(cudaDeviceSynchronize() == cudaSuccess);
  long long indexed = 0;
  for (int i = 0; i < n; ++i)
    indexed += values[i] + i;
  int *raw = thrust::raw_pointer_cast(d.data());
  EXPECT_TRUE(thrust::reduce(thrust::device, raw, raw + n, 0ll) == indexed);
  if (failures > failuresBefore)
    printf("  (the failures above are for n = %d)\n", n);
}

int main() {
  for (int n : {1, 100, 1000, 4099, 100003})
    run(n);
  printf("%s\n", failures ? "FAILED" : "PASS");
  return failures != 0;
}
