// Host OpenMP in a .cu file, as cuda-samples' cudaOpenMP and many HPC Makefiles build it:
// -Xcompiler -fopenmp reaches the host compile and the link, and each OpenMP thread can
// launch kernels. The host side is clang's, so its OpenMP calls go to LLVM's libomp; nvcc
// links libomp ahead of the user's libraries, so that a -lgomp on the command line does not
// answer omp_get_thread_num() for libomp's threads (which would say 0 for all of them).
// RUN: %nvcc -Xcompiler -fopenmp %s -o %t && env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: %nvcc -Xcompiler -fopenmp %s -o %t.gomp -lgomp && env OMP_NUM_THREADS=3 %t.gomp \
// RUN:   | FileCheck %s
// CHECK: total=93 threads=3 ranks=1,2,3
#include <cstdio>
#include <omp.h>

__global__ void fill(int *d, int rank) {
  d[threadIdx.x] = threadIdx.x;
  if (threadIdx.x == 0)
    d[32] = rank + 1;
}

int main() {
  int total = 0, ranks[3] = {0, 0, 0};
#pragma omp parallel reduction(+ : total)
  {
    int *d, h[33];
    cudaMalloc(&d, sizeof h);
    fill<<<1, 32>>>(d, omp_get_thread_num());
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    total += h[31];
    if (omp_get_thread_num() < 3)
      ranks[omp_get_thread_num()] = h[32];
  }
  printf("total=%d threads=%d ranks=%d,%d,%d\n", total, omp_get_max_threads(), ranks[0], ranks[1],
         ranks[2]);
  return 0;
}
