// Device code runs on the host's processor: a host -march (or -mcpu) given with -Xcompiler
// also chooses the processor the device code is compiled for (the last one wins), as for a
// portable build; without one the device code is tuned for the build machine (-cpu=native,
// drawbridge-device's default, so no option is passed).
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler -march=x86-64-v2 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s -Xcompiler -mcpu=znver1,-march=x86-64-v2 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s -rdc=true -Xcompiler -march=x86-64-v2 -o %t.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RDC
// RUN: %expand-plan %nvcc --dryrun -c %s 2>&1 | FileCheck %s --check-prefix=NATIVE
// CHECK: #$ {{.*}}drawbridge-device {{.*}}-arch compute_52 -cpu=x86-64-v2 --ld-path={{[^ ]+}}ld.lld{{$}}
// RDC-NOT: -cpu=
// NATIVE: #$ {{.*}}drawbridge-device
// NATIVE-NOT: -cpu=
__global__ void kernel() {}
