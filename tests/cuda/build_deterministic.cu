// Compiling the same file twice with the same command gives byte-identical outputs (ccache,
// reproducible builds, make's "nothing changed" checks): objects from -c, -dc, -G, -O3 -g,
// the device link, libraries from -lib, and programs.
// RUN: rm -rf %t && mkdir -p %t/one %t/two && cd %t
// RUN: %nvcc -c %s -o one/c.o && %nvcc -c %s -o two/c.o && cmp one/c.o two/c.o
// RUN: %nvcc -dc %s -o one/dc.o && %nvcc -dc %s -o two/dc.o && cmp one/dc.o two/dc.o
// RUN: %nvcc -c -G %s -o one/g.o && %nvcc -c -G %s -o two/g.o && cmp one/g.o two/g.o
// RUN: %nvcc -c -O3 -g -arch=sm_80 %s -o one/o3.o && %nvcc -c -O3 -g -arch=sm_80 %s -o two/o3.o
// RUN: cmp one/o3.o two/o3.o
// RUN: %nvcc -c -rdc=true %s -o one/rdc.o && cmp one/dc.o one/rdc.o
//
// Same object name, different directory: compared after moving, since -o names may be hashed.
// RUN: %nvcc -dlink one/dc.o -o dlink.o && mv dlink.o one/dlink.o
// RUN: %nvcc -dlink one/dc.o -o dlink.o && cmp one/dlink.o dlink.o
// RUN: %nvcc -lib %s -o lib.a && mv lib.a one/lib.a
// RUN: %nvcc -lib %s -o lib.a && cmp one/lib.a lib.a
//
// Programs, linked from the object or built straight from the source (temporaries live in a
// fresh directory each time; their names must not reach the output).
// RUN: %nvcc one/c.o -o app && mv app one/app && %nvcc one/c.o -o app && cmp one/app app
// RUN: %nvcc %s -o app && mv app one/app && %nvcc %s -o app && cmp one/app app
//
// A different -D gives a different object.
// RUN: %nvcc -c %s -DOTHER -o other.o && not cmp -s one/c.o other.o
//
// And the objects work.
// RUN: %nvcc one/c.o -o app && ./app | FileCheck %s
// CHECK: PASS
#include <cstdio>

#ifdef OTHER
#define STEP 2
#else
#define STEP 1
#endif

__global__ void iota(int *out) { out[threadIdx.x] = threadIdx.x * STEP; }

int main() {
  int *out;
  cudaMallocManaged(&out, 64 * sizeof(int));
  iota<<<1, 64>>>(out);
  int bad = cudaDeviceSynchronize() != cudaSuccess;
  for (int i = 0; i < 64; ++i)
    bad += out[i] != i * STEP;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
