// A syntax error that both the device and the host side parse (host_beside_device.test).
__global__ void kernel(int *p) { p[0] = 1 }
