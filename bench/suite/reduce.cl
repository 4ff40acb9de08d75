// The sum of an array in OpenCL C for PoCL: reduce.cu's block reduction. Each work-item sums a
// grid-stride slice, the work-group combines the partial sums in local memory with a tree of
// barriers, and a second launch of one work-group adds up the groups' sums. OpenCL 1.2 has no
// sub-group shuffles (PoCL 3.1 offers none), so this kernel also stands in for the warp-shuffle
// version.
__kernel void reduceBlock(__global const float *in, __global float *groupSums, int n,
                          __local float *partial) {
  int lid = get_local_id(0), size = get_local_size(0);
  float sum = 0;
  for (int i = get_global_id(0); i < n; i += get_global_size(0))
    sum += in[i];
  partial[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = size / 2; s > 0; s >>= 1) {
    if (lid < s)
      partial[lid] += partial[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    groupSums[get_group_id(0)] = partial[0];
}
