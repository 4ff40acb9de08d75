// new/delete, new[]/delete[] (including a class with a constructor and destructor) and
// memcpy/memset in device code, which CUDA provides as device functions.
// RUN: %nvcc -arch=sm_80 %s -o %t && %t | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cstring>

__device__ int destroyed = 0;
struct Counted {
  int v;
  __device__ Counted() : v(7) {}
  __device__ ~Counted() { atomicAdd(&destroyed, 1); }
};

__global__ void arrays(int *bad) {
  int g = blockIdx.x * blockDim.x + threadIdx.x;
  double *d = new double[10];
  for (int i = 0; i < 10; ++i) d[i] = g + i * 0.5;
  double e[10];
  memcpy(e, d, sizeof e);
  for (int i = 0; i < 10; ++i) if (e[i] != g + i * 0.5) atomicAdd(bad, 1);
  delete[] d;
  char *c = (char *)malloc(64);
  memset(c, 0x5a, 64);
  for (int i = 0; i < 64; ++i) if (c[i] != 0x5a) { atomicAdd(bad, 1); break; }
  free(c);
  int *one = new int(g);
  if (*one != g) atomicAdd(bad, 1);
  delete one;
  Counted *objs = new Counted[3];
  for (int i = 0; i < 3; ++i) if (objs[i].v != 7) atomicAdd(bad, 1);
  delete[] objs;
}

__global__ void readDestroyed(int *out) { *out = destroyed; }

int main() {
  int *bad, *ndestroyed;
  cudaMallocManaged(&bad, sizeof(int));
  cudaMallocManaged(&ndestroyed, sizeof(int));
  *bad = 0;
  arrays<<<4, 32>>>(bad);
  readDestroyed<<<1, 1>>>(ndestroyed);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("launch failed\n"); return 1; }
  int failures = 0;
  if (*bad) { printf("%d mismatches\n", *bad); failures++; }
  if (*ndestroyed != 4 * 32 * 3) { printf("%d destructors ran, expected %d\n", *ndestroyed, 4 * 32 * 3); failures++; }
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
