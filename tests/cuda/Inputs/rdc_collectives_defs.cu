// Device functions for rdc_collectives_extern.cu that synchronise: a block barrier with
// shared memory and warp shuffles. The device link inlines them into the caller's kernel.
__device__ int rdc_block_sum(int value) {
  __shared__ int partial[1024];
  partial[threadIdx.x] = value;
  __syncthreads();
  int total = 0;
  for (int i = 0; i < blockDim.x; ++i)
    total += partial[i];
  __syncthreads(); // partial[] is reused by the next call
  return total;
}

__device__ int rdc_warp_sum(int value) {
  for (int offset = 16; offset > 0; offset /= 2)
    value += __shfl_xor_sync(0xffffffffu, value, offset);
  return value;
}

__device__ int rdc_neighbour(int value) { return __shfl_down_sync(0xffffffffu, value, 1); }
