// OpenMP versions for triad.cu: STREAM's triad, and two measurements of the memory bandwidth
// the triad is judged against: a parallel memcpy (glibc streams large copies past the caches)
// and the triad with non-temporal stores (no read of the destination before it is written).
#include <cstddef>
#include <cstring>
#include <omp.h>

void triadOpenMP(float *a, const float *b, const float *c, float scalar, size_t n) {
#pragma omp parallel for simd
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] + scalar * c[i];
}

void triadStreamingOpenMP(float *a, const float *b, const float *c, float scalar, size_t n) {
#pragma omp parallel for simd nontemporal(a)
  for (size_t i = 0; i < n; ++i)
    a[i] = b[i] + scalar * c[i];
}

// Each thread copies one contiguous share of the bytes.
void copyOpenMP(void *dst, const void *src, size_t bytes) {
#pragma omp parallel
  {
    size_t threads = omp_get_num_threads(), t = omp_get_thread_num();
    size_t begin = bytes * t / threads, end = bytes * (t + 1) / threads;
    std::memcpy(static_cast<char *>(dst) + begin, static_cast<const char *>(src) + begin,
                end - begin);
  }
}
