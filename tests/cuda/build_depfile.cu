// -MD/-MMD with -MT and -MF write a dependency rule that make and ninja accept: the target
// is the object, the prerequisites include the user's header, and a header newer than the
// object makes both tools rebuild. The sources are copied so the test can set their times.
// RUN: rm -rf %t && mkdir -p %t/src/include %t/obj %t/deps && cd %t
// RUN: cp %s src/main.cu && cp %S/Inputs/build_depfile.h src/include/
// RUN: %nvcc -c src/main.cu -Isrc/include -MD -MT obj/main.o -MF deps/main.d -o obj/main.o
// RUN: FileCheck %s --check-prefix=MD < deps/main.d
// MD: obj/main.o: {{.*}}src/main.cu
// MD-DAG: src/include/build_depfile.h
// MD-DAG: cuda_runtime.h
//
// -MMD leaves out system headers (the toolkit's are system headers) but keeps the user's.
// RUN: %nvcc -c src/main.cu -Isrc/include -MMD -MF deps/mmd.d -o obj/mmd.o
// RUN: FileCheck %s --check-prefix=MMD < deps/mmd.d
// MMD: obj/mmd.o: src/main.cu {{.*}}src/include/build_depfile.h
// MMD-NOT: cuda_runtime.h
//
// -MP adds a phony rule per header so make survives a deleted header.
// RUN: %nvcc -c src/main.cu -Isrc/include -MD -MP -MF deps/mp.d -o obj/mp.o
// RUN: FileCheck %s --check-prefix=MP < deps/mp.d
// MP: {{^}}src/include/build_depfile.h:
//
// make: up to date after the build, out of date once the header is newer than the object.
// RUN: printf 'obj/main.o: src/main.cu\n\t%%s -c src/main.cu -Isrc/include -MD -MT obj/main.o -MF deps/main.d -o obj/main.o\ninclude deps/main.d\n' %nvcc > Makefile
// RUN: make -q obj/main.o
// RUN: touch -d '2000-01-01' obj/main.o src/main.cu
// RUN: not make -q obj/main.o
// RUN: make obj/main.o
// RUN: make -q obj/main.o
//
// ninja (deps = gcc): after one build it records the header; a header newer than the object rebuilds.
// RUN: rm -rf obj/main.o deps/main.d
// RUN: printf 'rule nvcc\n  command = %nvcc -c $in -Isrc/include -MD -MT $out -MF $out.d -o $out\n  depfile = $out.d\n  deps = gcc\nbuild obj/main.o: nvcc src/main.cu\n' > build.ninja
// RUN: ninja obj/main.o
// RUN: ninja -t deps obj/main.o | FileCheck %s --check-prefix=NINJA
// NINJA: obj/main.o: #deps {{[0-9]+}}, deps mtime {{[0-9]+}} (VALID)
// NINJA: src/include/build_depfile.h
// RUN: ninja -n obj/main.o | FileCheck %s --check-prefix=NINJA-CLEAN
// NINJA-CLEAN: ninja: no work to do.
// RUN: touch -d '2000-01-01' obj/main.o src/main.cu
// RUN: ninja -n obj/main.o | FileCheck %s --check-prefix=NINJA-DIRTY
// NINJA-DIRTY: [1/1]
//
// The object still works.
// RUN: %nvcc obj/main.o -o app && ./app | FileCheck %s --check-prefix=EXEC
// EXEC: 21 PASS
#include <cstdio>
#include "build_depfile.h"

__global__ void triple(int *v) { *v *= DEPFILE_FACTOR; }

int main() {
  int *v;
  cudaMallocManaged(&v, sizeof(int));
  *v = 7;
  triple<<<1, 1>>>(v);
  cudaDeviceSynchronize();
  printf("%d %s\n", *v, *v == 21 ? "PASS" : "FAIL");
  return *v != 21;
}
