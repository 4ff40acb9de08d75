// The second translation unit for build_internal_names.cu and rdc_internal_names.cu: the
// same names as the first, with different values.
static __device__ int counter = 200;
namespace {
__global__ void bump(int *out) {
  atomicAdd(&counter, 2);
  __syncthreads();
  if (threadIdx.x == 0)
    *out = counter;
}
} // namespace

int run_other() {
  int *out;
  cudaMallocManaged(&out, sizeof(int));
  *out = -1;
  bump<<<1, 4>>>(out);
  cudaError_t error = cudaDeviceSynchronize();
  int value = error == cudaSuccess ? *out : -(int)error;
  cudaFree(out);
  return value;
}
