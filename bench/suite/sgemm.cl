// Tiled SGEMM in OpenCL C for PoCL: sgemm.cu's kernel. TILE (defined when the program is
// built) is the side of the square work-group and of the local-memory tiles; n is a multiple
// of it.
__kernel void sgemmTiled(__global const float *a, __global const float *b, __global float *c,
                         int n) {
  __local float aTile[TILE][TILE];
  __local float bTile[TILE][TILE];
  int tx = get_local_id(0), ty = get_local_id(1);
  int row = get_group_id(1) * TILE + ty, col = get_group_id(0) * TILE + tx;
  float sum = 0;
  for (int t = 0; t < n; t += TILE) {
    aTile[ty][tx] = a[row * n + t + tx];
    bTile[ty][tx] = b[(t + ty) * n + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k)
      sum += aTile[ty][k] * bTile[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * n + col] = sum;
}
