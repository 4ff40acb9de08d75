// Benchmark: Thrust's CUDA backend (CUB's kernels, run on the CPU by Drawbridge) against the C++
// standard library's serial algorithms on the same data, in one run: sort, reduce, inclusive
// scan and copy_if of 16M ints, sort and transform of 16M floats. Prints each time and the
// ratio (standard library time / Thrust time: above 1, Thrust is faster). Build and run:
//   build/toolkit/bin/nvcc -O3 -Ibench bench/thrust_algorithms.cu -o /tmp/thrust_bench
//   /tmp/thrust_bench
#include "best_time.h"

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

// Makes the compiler treat v as read and changed here, so that a standard-library call around
// it is neither moved out of the timed call nor computed once for all five.
template <class T> void opaque(T &v) { asm volatile("" : : "r"(&v) : "memory"); }

// The items copy_if keeps: odd ones, about half of them.
struct IsOdd {
  __host__ __device__ bool operator()(int x) const { return x & 1; }
};

// What transform computes from each float.
struct Square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

template <class T> void compare(const char *what, const std::vector<T> &data) {
  thrust::device_vector<T> d(data.begin(), data.end()), work(data.size());
  std::vector<T> host(data.size());
  double copyMs = bestMs([&] {
    work = d;
    cudaDeviceSynchronize();
  });
  double thrustMs = bestMs([&] {
    work = d;
    thrust::sort(work.begin(), work.end());
    cudaDeviceSynchronize();
  });
  double stdMs = bestMs([&] {
    host = data;
    std::sort(host.begin(), host.end());
    opaque(host);
  });
  std::vector<T> sorted(data.size());
  thrust::copy(work.begin(), work.end(), sorted.begin());
  bool same = sorted == host;
  printf("sort %-6s  thrust %8.1f ms  std::sort %8.1f ms  ratio %.2f%s\n", what, thrustMs - copyMs,
         stdMs, stdMs / (thrustMs - copyMs), same ? "" : "  (MISMATCH)");
}

int main() {
  const size_t n = 16u << 20;
  std::vector<int> ints(n);
  unsigned seed = 1;
  for (int &v : ints)
    v = (int)(seed = seed * 1664525u + 1013904223u);
  std::vector<float> floats(n);
  for (size_t i = 0; i < n; ++i)
    floats[i] = (float)ints[i] / 3.0f;
  compare("int", ints);
  compare("float", floats);

  thrust::device_vector<float> df(floats.begin(), floats.end()), dsquared(n);
  std::vector<float> squared(n);
  double transformMs = bestMs([&] {
    thrust::transform(df.begin(), df.end(), dsquared.begin(), Square());
    cudaDeviceSynchronize();
  });
  double stdTransformMs = bestMs([&] {
    opaque(floats);
    std::transform(floats.begin(), floats.end(), squared.begin(), Square());
    opaque(squared);
  });
  std::vector<float> thrustSquared(n);
  thrust::copy(dsquared.begin(), dsquared.end(), thrustSquared.begin());
  printf("transform   thrust %8.1f ms  std::transform %6.1f ms  ratio %.2f%s\n", transformMs,
         stdTransformMs, stdTransformMs / transformMs,
         thrustSquared == squared ? "" : "  (MISMATCH)");

  thrust::device_vector<int> d(ints.begin(), ints.end()), out(n);
  long long thrustSum = 0, stdSum = 0;
  double reduceMs = bestMs([&] { thrustSum = thrust::reduce(d.begin(), d.end(), 0ll); });
  double accumulateMs = bestMs([&] {
    opaque(ints);
    stdSum = std::accumulate(ints.begin(), ints.end(), 0ll);
    opaque(stdSum);
  });
  printf("reduce      thrust %8.1f ms  std::accumulate %5.1f ms  ratio %.2f%s\n", reduceMs,
         accumulateMs, accumulateMs / reduceMs, thrustSum == stdSum ? "" : "  (MISMATCH)");
  std::vector<int> scanned(n);
  double scanMs = bestMs([&] {
    thrust::inclusive_scan(d.begin(), d.end(), out.begin());
    cudaDeviceSynchronize();
  });
  double stdScanMs = bestMs([&] {
    opaque(ints);
    std::inclusive_scan(ints.begin(), ints.end(), scanned.begin());
    opaque(scanned);
  });
  std::vector<int> thrustScanned(n);
  thrust::copy(out.begin(), out.end(), thrustScanned.begin());
  bool same = thrustScanned == scanned;
  printf("scan        thrust %8.1f ms  std::inclusive_scan %.1f ms  ratio %.2f%s\n", scanMs,
         stdScanMs, stdScanMs / scanMs, same ? "" : "  (MISMATCH)");
  size_t thrustKept = 0, stdKept = 0;
  double copyIfMs = bestMs([&] {
    thrustKept = thrust::copy_if(d.begin(), d.end(), out.begin(), IsOdd()) - out.begin();
    cudaDeviceSynchronize();
  });
  double stdCopyIfMs = bestMs([&] {
    opaque(ints);
    stdKept = std::copy_if(ints.begin(), ints.end(), scanned.begin(), IsOdd()) - scanned.begin();
    opaque(scanned);
  });
  std::vector<int> thrustCopied(thrustKept);
  thrust::copy(out.begin(), out.begin() + thrustKept, thrustCopied.begin());
  same = thrustKept == stdKept &&
         std::equal(thrustCopied.begin(), thrustCopied.end(), scanned.begin());
  printf("copy_if     thrust %8.1f ms  std::copy_if %8.1f ms  ratio %.2f%s\n", copyIfMs,
         stdCopyIfMs, stdCopyIfMs / copyIfMs, same ? "" : "  (MISMATCH)");
  return 0;
}
