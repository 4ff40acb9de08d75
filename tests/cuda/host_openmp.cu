// Host OpenMP in a .cu file, as cuda-samples' cudaOpenMP and many HPC Makefiles build it:
// -Xcompiler -fopenmp reaches the host compile and the link, and each OpenMP thread can
// launch kernels.
// RUN: %nvcc -Xcompiler -fopenmp %s -o %t && env OMP_NUM_THREADS=3 %t | FileCheck %s
// CHECK: total=93 threads=3
#include <cstdio>
#include <omp.h>

__global__ void fill(int *d) { d[threadIdx.x] = threadIdx.x; }

int main() {
  int total = 0;
#pragma omp parallel reduction(+ : total)
  {
    int *d, h[32];
    cudaMalloc(&d, sizeof h);
    fill<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    total += h[31];
  }
  printf("total=%d threads=%d\n", total, omp_get_max_threads());
  return 0;
}
