// Where -c puts its object: -o names it; otherwise it is the input's name with .o in the
// working directory, or in -odir. Several inputs with -c and no -o get one object each.
// RUN: %expand-plan %nvcc --dryrun -c %s -o out/named.o 2>&1 | FileCheck %s --check-prefix=NAMED
// NAMED: #$ {{.*}}clang++ -x cuda {{.*}}--cuda-device-only {{.*}}dryrun_output_names.cu
// NAMED: #$ {{.*}}ld.lld -r -o out/named.o {{[^ ]+}}.host.o {{[^ ]+}}.device.o
// NAMED-NOT: #$
//
// RUN: %expand-plan %nvcc --dryrun -c %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: #$ {{.*}}ld.lld -r -o dryrun_output_names.o {{[^ ]+}}.host.o {{[^ ]+}}.device.o
// DEFAULT-NOT: #$
//
// RUN: %expand-plan %nvcc --dryrun -c %s -odir objs 2>&1 | FileCheck %s --check-prefix=ODIR
// RUN: %expand-plan %nvcc --dryrun -c %s --output-directory objs 2>&1 | FileCheck %s --check-prefix=ODIR
// ODIR: #$ {{.*}}ld.lld -r -o objs/dryrun_output_names.o {{[^ ]+}}.host.o {{[^ ]+}}.device.o
//
// A C++ source gets its object name the same way, straight from the host compiler.
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp %s -odir objs 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MULTI
// MULTI: #$ {{.*}}clang++ {{.*}}-c -o objs/host_source.o {{.*}}Inputs/host_source.cpp
// MULTI: #$ {{.*}}ld.lld -r -o objs/dryrun_output_names.o
// MULTI-NOT: #$
//
// Without -c the objects are temporaries and a.out is linked.
// RUN: %expand-plan %nvcc --dryrun %s 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ {{.*}}ld.lld -r -o [[OBJ:[^ ]+]] {{[^ ]+}}.host.o
// LINK: #$ {{.*}}drawbridge-link [[OBJ]] {{.*}}-o a.out
// LINK-NOT: #$

__global__ void kernel(int *p) { *p = 1; }
