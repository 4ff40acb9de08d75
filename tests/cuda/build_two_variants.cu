// The same .cu file compiled twice with different -D into one program: each object's kernel
// runs its own CPU code (Drawbridge's image ids hash the compile options, not just the path).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -c %S/Inputs/build_two_variants_kernel.cu -DVARIANT=a -DFACTOR=2 -o a.o
// RUN: %nvcc -c %S/Inputs/build_two_variants_kernel.cu -DVARIANT=b -DFACTOR=3 -o b.o
// RUN: %nvcc %s a.o b.o -o app && ./app | FileCheck %s
// RUN: %nvcc %s b.o a.o -o app2 && ./app2 | FileCheck %s
// CHECK: a 210 b 315
// CHECK-NEXT: PASS
#include <cstdio>

int variant_run_a(int i);
int variant_run_b(int i);

int main() {
  int a = variant_run_a(5), b = variant_run_b(5);
  printf("a %d b %d\n", a, b);
  bool ok = a == 5 * 2 + 200 && b == 5 * 3 + 300;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
