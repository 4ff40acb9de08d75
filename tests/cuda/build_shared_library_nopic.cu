// "nvcc -shared x.cu -o libx.so" without -Xcompiler -fPIC: NVIDIA's nvcc 13 links it (its
// host objects are PIE with gcc's Debian default, and its kernel stubs link into a shared
// object). Drawbridge's link fails: "relocation R_X86_64_PC32 against symbol
// `_Z30__device_stub__shared_lib_fillPiii' can not be used when making a shared object;
// recompile with -fPIC".
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -shared %S/Inputs/build_shared_library_lib.cu -o libkern_nopic.so
// RUN: %nvcc %S/build_shared_library.cu -L. -lkern_nopic -o app_nopic
// RUN: env LD_LIBRARY_PATH=%t ./app_nopic | FileCheck %S/build_shared_library.cu
