// Calls twice() from Inputs/pre_included.h, which the command line includes (-include).
#include <cstdio>
__global__ void store(int *p) { *p = twice(21); }
int main() {
  int *p;
  cudaMallocManaged(&p, sizeof(int));
  store<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  std::printf("%d %d\n", *p, twice(4));
  return 0;
}
