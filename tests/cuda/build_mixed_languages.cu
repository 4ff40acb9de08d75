// A program from .cu, .cpp and .c sources: the C++ main calls a host wrapper defined here
// that launches a kernel, and a C function. Built in one nvcc command, from separately
// compiled objects, with C/C++ objects from the host compilers linked by nvcc, and with
// the CUDA code in a .cpp file compiled with -x cu.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc %s %S/Inputs/build_mixed_languages_main.cpp %S/Inputs/build_mixed_languages_c.c \
// RUN:   -o app1
// RUN: ./app1 | FileCheck %s
// RUN: %nvcc -c %s %S/Inputs/build_mixed_languages_main.cpp %S/Inputs/build_mixed_languages_c.c
// RUN: %nvcc build_mixed_languages_main.o build_mixed_languages.o build_mixed_languages_c.o -o app2
// RUN: ./app2 | FileCheck %s
// RUN: clang -c %S/Inputs/build_mixed_languages_c.c -o c_by_cc.o
// RUN: clang++ -c %S/Inputs/build_mixed_languages_main.cpp -o main_by_cxx.o
// RUN: %nvcc main_by_cxx.o %s c_by_cc.o -o app3
// RUN: ./app3 | FileCheck %s
// RUN: %nvcc -O2 -std=c++14 %S/Inputs/build_mixed_languages_main.cpp %s \
// RUN:   %S/Inputs/build_mixed_languages_c.c -o app4
// RUN: ./app4 | FileCheck %s
// -x cu compiles CUDA code kept in a .cpp file.
// RUN: cp %s kernels.cpp && %nvcc -x cu -c kernels.cpp -o kernels.o
// RUN: %nvcc kernels.o %S/Inputs/build_mixed_languages_main.cpp %S/Inputs/build_mixed_languages_c.c \
// RUN:   -o app5
// RUN: ./app5 | FileCheck %s
// CHECK: PASS

__global__ void square(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= v[i];
}

int mixed_square_on_device(int *values, int n) {
  int *device;
  if (cudaMalloc(&device, n * sizeof(int)) != cudaSuccess)
    return 1;
  cudaMemcpy(device, values, n * sizeof(int), cudaMemcpyHostToDevice);
  square<<<(n + 127) / 128, 128>>>(device, n);
  cudaMemcpy(values, device, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaFree(device);
  return cudaGetLastError();
}
