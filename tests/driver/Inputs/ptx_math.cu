// A kernel using sinf, for ptx_output.cu: --ptx has no device math library yet.
__global__ void wave(float *out, const float *in) {
  int i = threadIdx.x;
  out[i] = 2.0f * in[i];
  out[i] += sinf(in[i]);
}
