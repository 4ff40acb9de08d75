// OpenMP version for spmv.cu: y = A * x for a CSR matrix, rows spread over the threads.
void spmvOpenMP(const int *rowStart, const int *columns, const float *values, const float *x,
                float *y, int rows) {
#pragma omp parallel for
  for (int row = 0; row < rows; ++row) {
    float sum = 0;
    for (int k = rowStart[row]; k < rowStart[row + 1]; ++k)
      sum += values[k] * x[columns[k]];
    y[row] = sum;
  }
}
