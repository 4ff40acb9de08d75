// The shared library of build_shared_library.cu: a kernel and a host function that
// launches it, exported from the library.
#ifdef USE_RDC
extern __device__ int shared_lib_twice(int x); // in build_shared_library_rdc.cu
#else
static __device__ int shared_lib_twice(int x) { return 2 * x; }
#endif

__global__ void shared_lib_fill(int *out, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + shared_lib_twice(i);
}

int shared_lib_run(int *host, int n, int base) {
  int *device;
  if (cudaMalloc(&device, n * sizeof(int)) != cudaSuccess)
    return 1;
  shared_lib_fill<<<(n + 63) / 64, 64>>>(device, n, base);
  cudaMemcpy(host, device, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(device);
  return cudaGetLastError();
}
