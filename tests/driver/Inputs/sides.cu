// Code each side of a CUDA compile keeps from the other.
#ifdef __CUDA_ARCH__
int device_side_marker;
#else
int host_side_marker;
#endif
__global__ void kernel(int *p) { *p = 1; }
