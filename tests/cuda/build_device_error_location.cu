// A compile error in device code points at the user's file and line, and nothing else is
// run after the failing compile.
// RUN: rm -rf %t && mkdir -p %t && cd %t && cp %s bad.cu
// RUN: not %nvcc -c bad.cu -o bad.o 2> err.txt
// RUN: FileCheck %s < err.txt
// RUN: not test -e bad.o
// CHECK: bad.cu:[[@LINE+16]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared_value'
//
// An error only the device side sees (a host function called from a kernel).
// RUN: not %nvcc -c bad.cu -DDEVICE_ONLY -o bad2.o 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: bad.cu:[[@LINE+14]]:{{[0-9]+}}: error: {{.*}}'host_only'
//
// With -v, the failing job is the last one listed.
// RUN: not %nvcc -v -c bad.cu -o bad3.o 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: #$ {{.*}}--cuda-device-only {{.*}}bad.cu
// VERBOSE-NOT: #$

int host_only(int x) { return x; }

__global__ void kernel(int *out) {
  int base = 1;
#ifndef DEVICE_ONLY
  *out = base + undeclared_value;
#else
  *out = host_only(base);
#endif
}
