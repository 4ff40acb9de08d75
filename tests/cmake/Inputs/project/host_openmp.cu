// Host OpenMP in a .cu file, built the way CMake 3.25 projects do (-Xcompiler=-fopenmp on the
// CUDA sources, OpenMP::OpenMP_CXX linked): each of three OpenMP threads launches a kernel
// that records the thread's number, which only the runtime that started the threads knows.
#include <cstdio>
#include <omp.h>

__global__ void record(int *slot, int thread) { *slot = thread + 1; }

int main() {
  int seen[3] = {0, 0, 0};
#pragma omp parallel num_threads(3)
  {
    int thread = omp_get_thread_num(), *slot, value = 0;
    cudaMalloc(&slot, sizeof(int));
    record<<<1, 1>>>(slot, thread);
    cudaMemcpy(&value, slot, sizeof value, cudaMemcpyDeviceToHost);
    cudaFree(slot);
    if (thread < 3)
      seen[thread] = value;
  }
  const bool pass = seen[0] == 1 && seen[1] == 2 && seen[2] == 3;
  std::printf("host OpenMP threads %d,%d,%d: %s\n", seen[0], seen[1], seen[2],
              pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
