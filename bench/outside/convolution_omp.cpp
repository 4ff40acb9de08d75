// OpenMP peer of cuda-samples' convolutionSeparable: a row pass then a column pass with a
// radius-8 kernel (zero outside the image) over a 3072 x 3072 image, the sample's sizes; rows
// spread over the threads, inner loops over x so they vectorise (the row pass's edges apart); the
// mean of 16 iterations after a warm-up, as the sample times itself. Prints "SECONDS <mean>".
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <vector>

constexpr int R = 8;

// Sums the kernel over the part of row s around x that lies inside the row.
static float edgeSum(const float *s, const float *k, int x, int w) {
  float sum = 0;
  for (int j = -R; j <= R; ++j)
    if (x + j >= 0 && x + j < w)
      sum += k[R - j] * s[x + j];
  return sum;
}

static void rows(float *dst, const float *src, const float *k, int w, int h) {
#pragma omp parallel for
  for (int y = 0; y < h; ++y) {
    const float *s = src + size_t(y) * w;
    float *d = dst + size_t(y) * w;
    for (int x = 0; x < R; ++x)
      d[x] = edgeSum(s, k, x, w);
    for (int x = R; x < w - R; ++x) {
      float sum = 0;
      for (int j = -R; j <= R; ++j)
        sum += k[R - j] * s[x + j];
      d[x] = sum;
    }
    for (int x = w - R; x < w; ++x)
      d[x] = edgeSum(s, k, x, w);
  }
}

static void columns(float *dst, const float *src, const float *k, int w, int h) {
#pragma omp parallel for
  for (int y = 0; y < h; ++y) {
    float *d = dst + size_t(y) * w;
    for (int x = 0; x < w; ++x)
      d[x] = 0;
    for (int j = -R; j <= R; ++j) {
      if (y + j < 0 || y + j >= h)
        continue;
      const float *s = src + size_t(y + j) * w;
      const float kj = k[R - j];
      for (int x = 0; x < w; ++x)
        d[x] += kj * s[x];
    }
  }
}

int main() {
  const int w = 3072, h = 3072, iterations = 16;
  std::vector<float> kernel(2 * R + 1), image(size_t(w) * h), buffer(image.size()),
      out(image.size());
  for (int i = 0; i <= 2 * R; ++i)
    kernel[i] = float(i % 16);
  for (size_t i = 0; i < image.size(); ++i)
    image[i] = float(i * 7 % 16);
  rows(buffer.data(), image.data(), kernel.data(), w, h); // warm-up
  columns(out.data(), buffer.data(), kernel.data(), w, h);
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < iterations; ++i) {
    rows(buffer.data(), image.data(), kernel.data(), w, h);
    columns(out.data(), buffer.data(), kernel.data(), w, h);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / iterations;
  std::printf("SECONDS %.6f (out[w + 1] = %.1f)\n", seconds, out[w + 1]);
  return 0;
}
