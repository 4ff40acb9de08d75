// The shared library: a kernel and the host function that launches it.
__global__ void offset(float *data, int n, float amount) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += amount;
}

void offsetOnDevice(float *data, int n, float amount) {
  offset<<<(n + 127) / 128, 128>>>(data, n, amount);
}
