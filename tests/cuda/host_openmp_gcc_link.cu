// The cuda-samples way of building host OpenMP: -ccbin g++ with -Xcompiler -fopenmp on both
// the compile and the link, plus -lgomp. The host side of a .cu file is still clang's, whose
// OpenMP calls need LLVM's libomp, which nvcc links first, ahead of libgomp.
// REQUIRES: gxx
// RUN: %nvcc -ccbin g++ -Xcompiler -fopenmp -c %S/host_openmp.cu -o %t.o
// RUN: %nvcc -ccbin g++ -Xcompiler -fopenmp %t.o -o %t -lgomp
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %S/host_openmp.cu
// RUN: %nvcc --dryrun -ccbin g++ -Xcompiler -fopenmp %t.o -o %t 2>&1 | FileCheck %s
// CHECK: #$ g++ -fopenmp {{[^ ]+}}.o {{.*}}-L{{[^ ]*}}llvm-19/lib -lomp -Wl,-rpath,{{[^ ]*}}llvm-19/lib -lcudart_static
