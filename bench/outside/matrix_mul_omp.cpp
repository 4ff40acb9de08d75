// OpenMP peer of cuda-samples' matrixMul: C (320 x 640) = A (320 x 320) * B (320 x 640), the
// sample's default sizes for 32 x 32 tiles, row-major, rows of C spread over the threads and
// the i-k-j order so the inner loop vectorises; the mean of 300 calls, as the sample times
// itself. Prints "SECONDS <mean>".
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <vector>

static void multiply(const float *a, const float *b, float *c, int hA, int wA, int wB) {
#pragma omp parallel for
  for (int i = 0; i < hA; ++i) {
    float *row = c + size_t(i) * wB;
    for (int j = 0; j < wB; ++j)
      row[j] = 0;
    for (int k = 0; k < wA; ++k) {
      const float aik = a[size_t(i) * wA + k];
      const float *bk = b + size_t(k) * wB;
      for (int j = 0; j < wB; ++j)
        row[j] += aik * bk[j];
    }
  }
}

int main() {
  const int hA = 320, wA = 320, wB = 640, calls = 300;
  std::vector<float> a(size_t(hA) * wA, 1.0f), b(size_t(wA) * wB, 0.01f), c(size_t(hA) * wB);
  multiply(a.data(), b.data(), c.data(), hA, wA, wB); // warm-up
  const auto start = std::chrono::steady_clock::now();
  for (int call = 0; call < calls; ++call)
    multiply(a.data(), b.data(), c.data(), hA, wA, wB);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / calls;
  std::printf("SECONDS %.6f (c[0] = %.3f)\n", seconds, c[0]);
  return 0;
}
