// Exclusive prefix sum of ints in OpenCL C for PoCL: scan.cu's kernels. scanTiles scans one
// tile of SCAN_THREADS * ITEMS values per work-group and writes the tile's total; addOffsets
// adds the scanned totals of the tiles before each element's tile.
#define SCAN_THREADS 256
#define ITEMS 8
#define TILE (SCAN_THREADS * ITEMS)

__kernel void scanTiles(__global const int *in, __global int *out, __global int *tileSums, int n) {
  __local int items[TILE];
  __local int threadSums[SCAN_THREADS];
  int lid = get_local_id(0);
  int base = get_group_id(0) * TILE;
  for (int k = lid; k < TILE; k += SCAN_THREADS)
    items[k] = base + k < n ? in[base + k] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *mine = items + lid * ITEMS;
  int sum = 0;
  for (int k = 0; k < ITEMS; ++k) {
    int v = mine[k];
    mine[k] = sum;
    sum += v;
  }
  threadSums[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < SCAN_THREADS; offset *= 2) {
    int v = lid >= offset ? threadSums[lid - offset] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    threadSums[lid] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  int prefix = lid > 0 ? threadSums[lid - 1] : 0;
  for (int k = 0; k < ITEMS; ++k)
    mine[k] += prefix;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = lid; k < TILE; k += SCAN_THREADS)
    if (base + k < n)
      out[base + k] = items[k];
  if (lid == SCAN_THREADS - 1)
    tileSums[get_group_id(0)] = threadSums[SCAN_THREADS - 1];
}

__kernel void addOffsets(__global int *out, __global const int *offsets, int n) {
  int i = get_global_id(0);
  if (i < n)
    out[i] += offsets[i / TILE];
}
