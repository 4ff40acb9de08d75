// -I, -isystem, -D, -U and -include reach both sides of a CUDA compile and C++ compiles, in
// command-line order, with list values split on commas, before the toolkit's own headers;
// cuda_runtime.h is included before the user's -include files, as nvcc does.
// RUN: %expand-plan %nvcc --dryrun -c %s -Iinc1 -DA=1,B=2 -isystem sys1 -UC -include pre.h \
// RUN:   -I inc2,inc3 --define-macro D --undefine-macro=E --pre-include=pre2.h 2>&1 \
// RUN:   | FileCheck %s
// CHECK: #$ {{.*}}clang++ -x cuda {{.*}} -include cuda_runtime.h {{.*}}-Iinc1 -DA=1 -DB=2 -isystem sys1 -UC -include pre.h -Iinc2 -Iinc3 -DD -UE -include pre2.h -isystem {{[^ ]+}}/include {{.*}}--cuda-device-only
// CHECK: #$ {{.*}}drawbridge-device
// CHECK: #$ {{.*}}clang++ -x cuda {{.*}} -include cuda_runtime.h {{.*}}-Iinc1 -DA=1 -DB=2 -isystem sys1 -UC -include pre.h -Iinc2 -Iinc3 -DD -UE -include pre2.h -isystem {{[^ ]+}}/include {{.*}}--cuda-host-only
//
// A comma inside double quotes, or after a backslash, stays in the value (as nvcc does).
// RUN: %expand-plan %nvcc --dryrun -c %s '-DQ="a,b"' '-DR=x\,y' 2>&1 | FileCheck %s --check-prefix=QUOTED
// QUOTED: #$ {{.*}}clang++ -x cuda {{.*}} "-DQ=\"a,b\"" -DR=x,y {{.*}}--cuda-device-only
//
// C++ sources get the same options in the same order.
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp -Iinc1 -DA=1,B=2 -isystem sys1 -UC \
// RUN:   -include pre.h 2>&1 | FileCheck %s --check-prefix=CXX
// CXX: #$ {{.*}}clang++ {{.*}}-Iinc1 -DA=1 -DB=2 -isystem sys1 -UC -include pre.h {{.*}}-c -o host_source.o {{.*}}host_source.cpp

__global__ void kernel(int *p) { *p = 1; }
