/* A C source in the same executable: sums what the kernels produced. */
double checksum(const float *data, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += data[i];
  return sum;
}
