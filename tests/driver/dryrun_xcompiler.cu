// -Xcompiler options reach the host compiles only (the host side of a .cu, C and C++
// sources), split on commas, in order; the device compile and the lowering never see them.
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler -fPIC,-Wall 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler=-fPIC -Xcompiler -Wall 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s --compiler-options -fPIC,-Wall 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s --compiler-options=-fPIC --compiler-options=-Wall 2>&1 | FileCheck %s
// CHECK: #$ {{.*}}--cuda-device-only
// CHECK-NOT: -fPIC
// CHECK-NOT: -Wall
// CHECK-SAME: {{$}}
// CHECK-NEXT: #$ {{.*}}drawbridge-device
// CHECK-NOT: -fPIC
// CHECK-NOT: -Wall
// CHECK-SAME: {{$}}
// CHECK-NEXT: #$ {{.*}}--cuda-host-only {{.*}} -fPIC -Wall {{.*}}-c -o
// CHECK-NEXT: #$ {{.*}}ld.lld -r
// CHECK-NOT: -fPIC
//
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp %S/Inputs/c_source.c \
// RUN:   -Xcompiler -fPIC,-Wall 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: #$ {{.*}}clang++ {{.*}} -fPIC -Wall {{.*}}host_source.cpp
// HOST: #$ {{.*}}clang {{.*}} -fPIC -Wall {{.*}}c_source.c
//
// A value that looks like an option is still the option's value.
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler -O1 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: #$ {{.*}}--cuda-host-only {{.*}} -O1 {{.*}}-c -o
//
// nvcc pastes the value into a shell command: white space separates arguments and quotes
// group and disappear.
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler '-O2 -Wall -DX="a b"' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WORDS
// WORDS: #$ {{.*}}--cuda-host-only {{.*}} -O2 -Wall "-DX=a b" -c -o

__global__ void kernel(int *p) { *p = 1; }
