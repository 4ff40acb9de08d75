// A warning only the host side gives (host_beside_device.test).
__global__ void kernel(int *p) { p[0] = 1; }
#ifndef __CUDA_ARCH__
#warning host side warning
#endif
