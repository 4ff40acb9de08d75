// OpenMP version for transpose.cu: out = in^T for a rows x cols matrix, in 32 x 32 blocks so
// that both the reads and the writes of a block stay within a few cache lines per row.
#include <algorithm>
#include <cstddef>

void transposeOpenMP(const float *in, float *out, int rows, int cols) {
  constexpr int B = 32;
#pragma omp parallel for collapse(2)
  for (int r0 = 0; r0 < rows; r0 += B)
    for (int c0 = 0; c0 < cols; c0 += B)
      for (int r = r0; r < std::min(r0 + B, rows); ++r)
        for (int c = c0; c < std::min(c0 + B, cols); ++c)
          out[size_t(c) * rows + r] = in[size_t(r) * cols + c];
}
