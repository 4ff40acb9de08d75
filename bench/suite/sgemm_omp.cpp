// OpenMP version for sgemm.cu: C = A * B for row-major n x n matrices, rows of C spread over
// the threads and the i-k-j loop order, so that the inner loop streams rows of B and C with
// unit stride and vectorises.
#include <cstddef>

void sgemmOpenMP(const float *a, const float *b, float *c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float *row = c + size_t(i) * n;
    for (int j = 0; j < n; ++j)
      row[j] = 0;
    for (int k = 0; k < n; ++k) {
      float aik = a[size_t(i) * n + k];
      const float *bk = b + size_t(k) * n;
      for (int j = 0; j < n; ++j)
        row[j] += aik * bk[j];
    }
  }
}
