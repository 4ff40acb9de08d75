// A 256-bin byte histogram in OpenCL C for PoCL: histogram.cu's kernel, counting into a
// local-memory histogram with local atomics and adding it to the global one at the end.
__kernel void histogram(__global const uchar *data, __global uint *bins, int n) {
  __local uint local_bins[256];
  int lid = get_local_id(0), size = get_local_size(0);
  for (int b = lid; b < 256; b += size)
    local_bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&local_bins[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = lid; b < 256; b += size)
    if (local_bins[b])
      atomic_add(&bins[b], local_bins[b]);
}
