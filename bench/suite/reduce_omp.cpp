// OpenMP version for reduce.cu: the sum of an array, as a CPU programmer writes it.
#include <cstddef>

float sumOpenMP(const float *in, size_t n) {
  float sum = 0;
#pragma omp parallel for simd reduction(+ : sum)
  for (size_t i = 0; i < n; ++i)
    sum += in[i];
  return sum;
}
