// -rdc=true / -dc: the device side is compiled to bitcode and embedded unlowered in the
// object's .drawbridge.device section with llvm-objcopy (marked exclude); nothing is lowered
// at compile time, and __CUDACC_RDC__ and clang's -fgpu-rdc are set on both sides.
// RUN: %expand-plan %nvcc --dryrun -dc %s 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c -rdc=true %s 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun --device-c %s 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c --relocatable-device-code true %s 2>&1 | FileCheck %s
// CHECK: #$ {{.*}}clang++ -x cuda {{.*}}-D__CUDACC_RDC__ -fgpu-rdc {{.*}}--cuda-device-only {{.*}}-emit-llvm -c {{.*}}-cuid={{[0-9a-f]+}} -o [[BC:[^ ]+\.device\.bc]] {{.*}}dryrun_rdc.cu
// CHECK-NEXT: #$ {{.*}}clang++ -x cuda {{.*}}-D__CUDACC_RDC__ -fgpu-rdc {{.*}}--cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang {{[^ ]+}}.fatbin {{.*}}-c -o [[HOST:[^ ]+\.host\.o]] {{.*}}dryrun_rdc.cu
// CHECK-NEXT: #$ {{.*}}llvm-objcopy --add-section .drawbridge.device=[[BC]] --set-section-flags .drawbridge.device=exclude [[HOST]] dryrun_rdc.o
// CHECK-NOT: #$
//
// -rdc=false and -dw give the whole-program compile; the last of -dc/-dw wins.
// RUN: %expand-plan %nvcc --dryrun -c -rdc=false %s 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: %expand-plan %nvcc --dryrun -dw %s 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: %expand-plan %nvcc --dryrun -dc -dw %s 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE-NOT: -fgpu-rdc
// WHOLE: #$ {{.*}}drawbridge-device {{[^ ]+}}.device.bc -o {{[^ ]+}}.device.o --image-id=cpu-{{[0-9a-f]+}}
// WHOLE-NOT: llvm-objcopy
// WHOLE: #$ {{.*}}ld.lld -r -o dryrun_rdc.o
//
// The device link reads the objects' sections (so they must exist, even with --dryrun) and
// lowers all of their device code together into one object.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %nvcc -dc %s -o a.o && %nvcc -dc %s -o b.o -DSECOND
// RUN: %expand-plan %nvcc --dryrun -dlink a.o b.o -o dlink.o 2>&1 | FileCheck %s --check-prefix=DLINK
// DLINK: #$ {{.*}}drawbridge-device -o dlink.o --image-id=cpu-dlink-{{[0-9a-f]+}} -arch compute_52 --linked-module=__nv_{{[0-9a-f]+}} --linked-module=__nv_{{[0-9a-f]+}} {{.*}}{{[^ ]+}}.rdc.bc {{[^ ]+}}.rdc.bc
// DLINK-NOT: #$
// RUN: %expand-plan %nvcc --dryrun -dlink a.o b.o 2>&1 | FileCheck %s --check-prefix=DLINKDEFAULT
// RUN: %expand-plan %nvcc --dryrun --device-link a.o b.o 2>&1 | FileCheck %s --check-prefix=DLINKDEFAULT
// DLINKDEFAULT: #$ {{.*}}drawbridge-device -o a_dlink.o
//
// Linking -rdc objects device-links them first and adds the result to the link.
// RUN: %expand-plan %nvcc --dryrun a.o b.o -o app 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: #$ {{.*}}drawbridge-device -o [[DLINKOBJ:[^ ]+]] --image-id=cpu-dlink-
// LINK-NEXT: #$ {{.*}}drawbridge-link a.o b.o [[DLINKOBJ]] {{.*}}-o app
//
// -lib compiles and archives with llvm-ar (a.a by default); objects are archived as given.
// RUN: %expand-plan %nvcc --dryrun -lib %s b.o -o libdev.a 2>&1 | FileCheck %s --check-prefix=LIB
// LIB: #$ {{.*}}ld.lld -r -o [[OBJ:[^ ]+\.o]] {{[^ ]+}}.host.o
// LIB-NEXT: #$ {{.*}}llvm-ar rcsD libdev.a [[OBJ]] b.o
// LIB-NOT: #$
// RUN: %expand-plan %nvcc --dryrun -lib a.o b.o 2>&1 | FileCheck %s --check-prefix=LIBDEFAULT
// RUN: %expand-plan %nvcc --dryrun --lib a.o b.o 2>&1 | FileCheck %s --check-prefix=LIBDEFAULT
// LIBDEFAULT: #$ {{.*}}llvm-ar rcsD a.a a.o b.o
// RUN: %expand-plan %nvcc --dryrun -lib -rdc=true %s -o librdc.a 2>&1 | FileCheck %s --check-prefix=LIBRDC
// LIBRDC: #$ {{.*}}llvm-objcopy --add-section .drawbridge.device={{.*}} [[OBJ:[^ ]+\.o]]{{$}}
// LIBRDC-NEXT: #$ {{.*}}llvm-ar rcsD librdc.a [[OBJ]]

#ifdef SECOND
__device__ int twice(int x) { return 2 * x; }
#else
extern __device__ int twice(int x);
__global__ void kernel(int *p) { *p = twice(*p); }
#endif
