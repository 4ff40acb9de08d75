// Included with -include: it may use what cuda_runtime.h declares, as with nvcc.
__host__ __device__ inline int twice(int x) { return 2 * x; }
