// The static library: a kernel and the host function that launches it.
__global__ void scale(float *data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

void scaleOnDevice(float *data, int n, float factor) {
  scale<<<(n + 127) / 128, 128>>>(data, n, factor);
}
