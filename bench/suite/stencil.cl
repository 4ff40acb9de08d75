// One step of a 5-point stencil in OpenCL C for PoCL: stencil.cu's kernel, a BX x BY
// work-group staging its tile and a one-cell halo in local memory.
#define BX 32
#define BY 8

__kernel void stencil5(__global const float *in, __global float *out, int nx, int ny, float center,
                       float neighbour) {
  __local float tile[BY + 2][BX + 2];
  int lx = get_local_id(0), ly = get_local_id(1);
  int x = get_global_id(0), y = get_global_id(1);
  int tx = lx + 1, ty = ly + 1;
  bool inside = x < nx && y < ny;
  if (inside) {
    tile[ty][tx] = in[y * nx + x];
    if (lx == 0 && x > 0)
      tile[ty][0] = in[y * nx + x - 1];
    if (lx == BX - 1 && x + 1 < nx)
      tile[ty][BX + 1] = in[y * nx + x + 1];
    if (ly == 0 && y > 0)
      tile[0][tx] = in[(y - 1) * nx + x];
    if (ly == BY - 1 && y + 1 < ny)
      tile[BY + 1][tx] = in[(y + 1) * nx + x];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (!inside)
    return;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1)
    out[y * nx + x] = tile[ty][tx];
  else
    out[y * nx + x] = center * tile[ty][tx] + neighbour * (tile[ty - 1][tx] + tile[ty + 1][tx] +
                                                           tile[ty][tx - 1] + tile[ty][tx + 1]);
}
