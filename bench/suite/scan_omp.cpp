// OpenMP version for scan.cu: an exclusive prefix sum in two passes over per-thread chunks
// (sum each chunk; scan the chunk sums; scan each chunk from its offset).
#include <cstddef>
#include <omp.h>
#include <vector>

void scanOpenMP(const int *in, int *out, size_t n) {
  std::vector<int> chunkSums(omp_get_max_threads() + 1);
#pragma omp parallel
  {
    size_t threads = omp_get_num_threads(), t = omp_get_thread_num();
    size_t begin = n * t / threads, end = n * (t + 1) / threads;
    int sum = 0;
#pragma omp simd reduction(+ : sum)
    for (size_t i = begin; i < end; ++i)
      sum += in[i];
    chunkSums[t + 1] = sum;
#pragma omp barrier
#pragma omp single
    for (size_t k = 1; k <= threads; ++k)
      chunkSums[k] += chunkSums[k - 1];
    int running = chunkSums[t];
    for (size_t i = begin; i < end; ++i) {
      out[i] = running;
      running += in[i];
    }
  }
}
