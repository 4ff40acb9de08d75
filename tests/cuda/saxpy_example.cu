// The README's demo program, built and run as a test.
// RUN: %nvcc -O2 %S/../../examples/saxpy.cu -o %t && %t | FileCheck %s
// CHECK: saxpy on 1048576 elements: PASS
