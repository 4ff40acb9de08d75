// An error only the host side sees (host_beside_device.test).
__global__ void kernel(int *p) { p[0] = 1; }
#ifndef __CUDA_ARCH__
void launch() { undeclared_host_function(); }
#endif
