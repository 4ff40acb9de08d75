// OpenMP peer of cuda-samples' FDTD3d: an order-8 (radius 4) finite-difference stencil over a
// dimx x dimy x dimz volume with a 4-point halo, ping-ponging two buffers for five timesteps,
// the sample's defaults on a machine with more than a few GB (376^3 is its largest volume; the
// sample computes the edge in multiples of 32 floats less the halo, 376 itself). Planes spread
// over the threads, inner loops over x so they vectorise. Timed as the sample times itself:
// the five timesteps' total over four. Prints "SECONDS <time>".
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <vector>

constexpr int R = 4;

static void step(float *dst, const float *src, const float *c, int dimx, int dimy, int dimz) {
  const size_t sy = dimx + 2 * R, sz = sy * (dimy + 2 * R);
#pragma omp parallel for collapse(2) schedule(static)
  for (int z = 0; z < dimz; ++z)
    for (int y = 0; y < dimy; ++y) {
      const size_t row = (z + R) * sz + (y + R) * sy + R;
      const float *s = src + row;
      float *d = dst + row;
      for (int x = 0; x < dimx; ++x) {
        float v = c[0] * s[x];
        for (int r = 1; r <= R; ++r)
          v += c[r] * (s[x + r] + s[x - r] + s[x + r * sy] + s[x - r * sy] + s[x + r * sz] +
                       s[x - r * sz]);
        d[x] = v;
      }
    }
}

int main(int argc, char **argv) {
  const int dim = argc > 1 ? std::atoi(argv[1]) : 376, timesteps = 5;
  const size_t volume = size_t(dim + 2 * R) * (dim + 2 * R) * (dim + 2 * R);
  std::vector<float> a(volume), b(volume);
  for (size_t i = 0; i < volume; ++i)
    a[i] = b[i] = float(i % 1024) / 1024.0f;
  const float c[R + 1] = {-2.0f, 0.4f, 0.3f, 0.2f, 0.1f};
  step(b.data(), a.data(), c, dim, dim, dim); // warm-up: pages, threads
  const auto start = std::chrono::steady_clock::now();
  float *src = a.data(), *dst = b.data();
  for (int t = 0; t < timesteps; ++t) {
    step(dst, src, c, dim, dim, dim);
    std::swap(src, dst);
  }
  const double total =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("checksum %g\nSECONDS %.6f\n", double(src[volume / 2]), total / (timesteps - 1));
  return 0;
}
