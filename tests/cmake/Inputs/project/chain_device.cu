// Separable compilation: a device function and variable defined here, used from
// chain_kernel.cu.
__device__ float chainBias = 0.5f;

__device__ float chainStep(float x) { return x * 2.0f + chainBias; }
