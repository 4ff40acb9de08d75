// Matrix transpose through local memory in OpenCL C for PoCL: transpose.cu's kernel, a
// 32 x 8 work-group moving a 32 x 32 tile (padded by a column) with both global accesses
// along rows.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__kernel void transposeTiled(__global const float *in, __global float *out, int rows, int cols) {
  __local float tile[TILE_DIM][TILE_DIM + 1];
  int lx = get_local_id(0), ly = get_local_id(1);
  int x = get_group_id(0) * TILE_DIM + lx, y = get_group_id(1) * TILE_DIM + ly;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      tile[ly + j][lx] = in[(y + j) * cols + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * TILE_DIM + lx;
  y = get_group_id(0) * TILE_DIM + ly;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < rows && y + j < cols)
      out[(y + j) * rows + x] = tile[lx][ly + j];
}
