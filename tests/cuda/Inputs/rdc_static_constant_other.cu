// The second translation unit for rdc_static_constant.cu: the same names, other values.
static __constant__ int table[4];
static __device__ int offset;

__global__ void readOther(int *out) {
  out[0] = table[1];
  out[1] = table[1] + offset;
}

void runOther(int *out) {
  int values[4] = {0, 50, 0, 0}, twenty = 20;
  cudaMemcpyToSymbol(table, values, sizeof values);
  cudaMemcpyToSymbol(offset, &twenty, sizeof twenty);
  readOther<<<1, 1>>>(out);
}
