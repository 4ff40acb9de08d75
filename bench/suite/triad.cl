// STREAM triad in OpenCL C for PoCL: triad.cu's kernel, one element per work-item.
__kernel void triad(__global float *a, __global const float *b, __global const float *c,
                    float scalar, int n) {
  int i = get_global_id(0);
  if (i < n)
    a[i] = b[i] + scalar * c[i];
}
