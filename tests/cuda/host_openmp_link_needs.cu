// A .cu file compiled with -Xcompiler -fopenmp and linked without it, as Makefiles that put
// -lgomp (or nothing) on the link line do: its host OpenMP code calls LLVM's libomp, and nvcc
// links libomp when an object it links calls libomp, ahead of libraries given as files.
// RUN: %nvcc -Xcompiler -fopenmp -c %S/host_openmp.cu -o %t.o
// RUN: %nvcc %t.o -o %t && env OMP_NUM_THREADS=3 %t | FileCheck %S/host_openmp.cu
// RUN: %nvcc %t.o -o %t.gomp -lgomp && env OMP_NUM_THREADS=3 %t.gomp | FileCheck %S/host_openmp.cu
// RUN: rm -f %t.a && ar rcs %t.a %t.o
// RUN: %nvcc --dryrun %t.o %t.a -o %t.lib 2>&1 | FileCheck %s --check-prefix=ORDER
// ORDER: #$ {{[^ ]*}}drawbridge-link {{[^ ]+}}.o -L{{[^ ]*}}llvm-19/lib -lomp -Wl,-rpath,{{[^ ]*}}llvm-19/lib {{[^ ]+}}.a
// An archive holding such an object needs libomp too.
// RUN: %nvcc --dryrun %t.a -o %t.lib 2>&1 | FileCheck %s --check-prefix=ARCHIVE
// ARCHIVE: #$ {{[^ ]*}}drawbridge-link -L{{[^ ]*}}llvm-19/lib -lomp -Wl,-rpath,{{[^ ]*}}llvm-19/lib {{[^ ]+}}.a
// An object that calls no OpenMP gets no libomp.
// RUN: %nvcc -c %s -o %t.plain.o
// RUN: %nvcc --dryrun %t.plain.o -o %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: -lomp
__global__ void nothing() {}
int main() {
  nothing<<<1, 1>>>();
  return cudaDeviceSynchronize() != cudaSuccess;
}
