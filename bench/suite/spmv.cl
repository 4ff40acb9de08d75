// Sparse matrix-vector product (CSR) in OpenCL C for PoCL: spmv.cu's kernel, 32 work-items per
// row. OpenCL 1.2 has no sub-group shuffles (PoCL 3.1 offers none), so the 32 partial sums of a
// row are combined in local memory between barriers instead.
#define LANES 32

__kernel void spmvCsrVector(__global const int *rowStart, __global const int *columns,
                            __global const float *values, __global const float *x,
                            __global float *y, int rows, __local float *partial) {
  int lid = get_local_id(0), lane = lid % LANES;
  int row = get_global_id(0) / LANES;
  float sum = 0;
  if (row < rows)
    for (int k = rowStart[row] + lane; k < rowStart[row + 1]; k += LANES)
      sum += values[k] * x[columns[k]];
  partial[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = LANES / 2; offset > 0; offset /= 2) {
    if (lane < offset)
      partial[lid] += partial[lid + offset];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lane == 0 && row < rows)
    y[row] = partial[lid];
}
