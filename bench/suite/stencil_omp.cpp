// OpenMP version for stencil.cu: one Jacobi step of the 5-point stencil, rows spread over the
// threads, the inner loop over a row vectorised; the border is copied unchanged.
#include <cstddef>

void stencilOpenMP(const float *in, float *out, int nx, int ny, float center, float neighbour) {
#pragma omp parallel for
  for (int y = 0; y < ny; ++y) {
    const float *row = in + size_t(y) * nx;
    float *dst = out + size_t(y) * nx;
    if (y == 0 || y == ny - 1) {
      for (int x = 0; x < nx; ++x)
        dst[x] = row[x];
      continue;
    }
    const float *up = row - nx, *down = row + nx;
    dst[0] = row[0];
    for (int x = 1; x < nx - 1; ++x)
      dst[x] = center * row[x] + neighbour * (up[x] + down[x] + row[x - 1] + row[x + 1]);
    dst[nx - 1] = row[nx - 1];
  }
}
