// Compiled twice by build_two_variants.cu with different -D: VARIANT names the entry points,
// FACTOR changes what the kernel computes. The names are distinct per variant (as they must
// be with NVIDIA's nvcc too); the file path and everything else is the same.
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)

static __device__ int CAT(variant_factor_, VARIANT) = FACTOR;
static __constant__ int variant_bias = FACTOR * 100; // same name in both objects

__global__ void CAT(variant_fill_, VARIANT)(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i * CAT(variant_factor_, VARIANT) + variant_bias;
}

int CAT(variant_run_, VARIANT)(int i) {
  int *out;
  cudaMallocManaged(&out, 256 * sizeof(int));
  CAT(variant_fill_, VARIANT)<<<2, 128>>>(out, 256);
  cudaError_t error = cudaDeviceSynchronize();
  int value = error == cudaSuccess ? out[i] : -1;
  cudaFree(out);
  return value;
}
