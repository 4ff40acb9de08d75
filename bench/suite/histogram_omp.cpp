// OpenMP version for histogram.cu: each thread counts its share of the bytes into a private
// histogram, and the private histograms are added into the result at the end.
#include <cstddef>

void histogramOpenMP(const unsigned char *data, size_t n, unsigned *bins) {
  for (int b = 0; b < 256; ++b)
    bins[b] = 0;
#pragma omp parallel
  {
    unsigned local[256] = {};
#pragma omp for nowait
    for (size_t i = 0; i < n; ++i)
      ++local[data[i]];
    for (int b = 0; b < 256; ++b)
#pragma omp atomic
      bins[b] += local[b];
  }
}
