// -ccbin names the host compiler used for C/C++ sources and the link. NVIDIA's nvcc accepts a
// compiler name found on PATH (-ccbin g++, -ccbin clang++: common in Makefiles as
// -ccbin $(CXX)) and compiles .c files as C even with a C++ compiler (it adds -x c).
// Drawbridge runs the name without a PATH search ("nvcc fatal   : could not run 'clang++':
// No such file or directory") and with a full path compiles the .c file as C++.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -ccbin clang++ %s %S/Inputs/build_mixed_languages_main.cpp -o by_name
// RUN: ./by_name | FileCheck %s
// RUN: %nvcc -ccbin "$(command -v clang++)" %s %S/Inputs/build_mixed_languages_main.cpp \
// RUN:   %S/Inputs/build_mixed_languages_c.c -o by_path
// RUN: ./by_path | FileCheck %s
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

// by_name links without the C source; this weak definition stands in for it.
extern "C" __attribute__((weak)) int mixed_c_offset(int x) { return x + 1; }
