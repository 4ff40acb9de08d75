// cuda_runtime.h brings library_types.h, as NVIDIA's does: library headers (curand.h,
// cufft.h, ...) name cudaDataType and libraryPropertyType without including it themselves,
// and a .cu file or a C++ file that includes cuda_runtime.h sees them.
// RUN: %nvcc %s -o %t && %t | FileCheck %s
// RUN: %nvcc -x c++ %s -o %t.host && %t.host | FileCheck %s
// CHECK: PASS
#include <cstdio>
#include <cuda_runtime.h>

int main() {
  libraryPropertyType part = MINOR_VERSION;
  cudaDataType type = CUDA_R_32F;
  cudaDataType_t complexType = CUDA_C_64F;
  std::printf("%s\n", part == 1 && type == 0 && complexType == 5 ? "PASS" : "FAIL");
  return 0;
}
