// Separable compilation: a kernel calling a device function defined in another file.
extern __device__ float chainBias;
__device__ float chainStep(float x);

__global__ void chain(float *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = chainStep(data[i]) - chainBias;
}

void chainOnDevice(float *data, int n) { chain<<<(n + 127) / 128, 128>>>(data, n); }
