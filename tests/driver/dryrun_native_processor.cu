// On an AVX10.1 processor clang 19 reads -march=native as a feature combination it warns
// about, an error under -Werror, where NVIDIA's host compiler (GCC) says nothing: Drawbridge's
// clang is told not to warn of it, before the user's own options, whenever the host options
// ask for the native processor. A -ccbin compiler is the user's and is left as it is.
// RUN: %expand-plan %nvcc --dryrun -c %s -Werror all-warnings -Xcompiler -march=native 2>&1 \
// RUN:   | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler -mcpu=native 2>&1 | FileCheck %s
// CHECK: #$ {{.*}}--cuda-host-only {{.*}}-Wno-invalid-feature-combination {{.*}}-c -o
//
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp -Xcompiler -march=native 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SOURCE
// SOURCE: #$ {{.*}}clang++ {{.*}}-Wno-invalid-feature-combination -march=native {{.*}}host_source.cpp
//
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp -ccbin g++ -Xcompiler -march=native \
// RUN:   2>&1 | FileCheck %s --check-prefix=CCBIN
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler -march=x86-64-v3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CCBIN
// CCBIN-NOT: -Wno-invalid-feature-combination

__global__ void kernel(int *p) { *p = 1; }
