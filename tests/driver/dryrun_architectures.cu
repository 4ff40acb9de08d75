// The CPU image is compiled once, with __CUDA_ARCH__ set to the newest architecture asked
// for and __CUDA_ARCH_LIST__ listing them all in ascending order, on both sides of the compile.
// RUN: %expand-plan %nvcc --dryrun -c %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: #$ {{.*}}-D__CUDA_ARCH_LIST__=520 {{.*}}--cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=520{{ }}
// DEFAULT: #$ {{.*}}-D__CUDA_ARCH_LIST__=520 {{.*}}--cuda-host-only
//
// RUN: %expand-plan %nvcc --dryrun -c %s -arch=sm_70 2>&1 | FileCheck %s --check-prefix=SM70
// RUN: %expand-plan %nvcc --dryrun -c %s -arch sm_70 2>&1 | FileCheck %s --check-prefix=SM70
// RUN: %expand-plan %nvcc --dryrun -c %s --gpu-architecture=compute_70 2>&1 | FileCheck %s --check-prefix=SM70
// SM70: #$ {{.*}}-D__CUDA_ARCH_LIST__=700 {{.*}}--cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=700{{ }}
// SM70: #$ {{.*}}-D__CUDA_ARCH_LIST__=700 {{.*}}--cuda-host-only
// SM70-NOT: __CUDA_ARCH__=
// SM70-SAME: -c -o
//
// RUN: %expand-plan %nvcc --dryrun -c %s -gencode arch=compute_80,code=[compute_80,sm_80] 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: %expand-plan %nvcc --dryrun -c %s -gencode=arch=compute_80,code=\"compute_80,sm_80\" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
// RUN: %expand-plan %nvcc --dryrun -c %s --generate-code arch=compute_80,code=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
// SM80: #$ {{.*}}-D__CUDA_ARCH_LIST__=800 {{.*}}--cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=800{{ }}
// SM80: #$ {{.*}}-D__CUDA_ARCH_LIST__=800 {{.*}}--cuda-host-only
//
// Several -gencode, given out of order: one device compile for the newest; the device back
// end lists them all, as nvcc's one cicc job per architecture does (CMake reads them).
// RUN: %expand-plan %nvcc --dryrun -c %s -gencode arch=compute_75,code=sm_75 \
// RUN:   -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MULTI
// MULTI: #$ {{.*}}-D__CUDA_ARCH_LIST__=750,800,900 {{.*}}--cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=900{{ }}
// MULTI-NOT: --cuda-device-only
// MULTI: #$ {{.*}}drawbridge-device {{.*}}-arch compute_75 -arch compute_80 -arch compute_90 --ld-path={{[^ ]+}}ld.lld{{$}}
// MULTI: #$ {{.*}}-D__CUDA_ARCH_LIST__=750,800,900 {{.*}}--cuda-host-only
// MULTI-NOT: --cuda-device-only
//
// The same architecture named twice is listed once.
// RUN: %expand-plan %nvcc --dryrun -c %s -arch=sm_80 -gencode arch=compute_80,code=sm_80 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM80
//
// Architectures only newer toolkits know (sm_88 is CUDA 13's) are accepted too.
// RUN: %expand-plan %nvcc --dryrun -c %s -gencode arch=compute_88,code=sm_88 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM88
// SM88: #$ {{.*}}-D__CUDA_ARCH_LIST__=880 {{.*}}--cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=880{{ }}
//
// C++ sources are not compiled for the device.
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp -arch=sm_80 2>&1 | FileCheck %s --check-prefix=CXX
// CXX-NOT: __CUDA_ARCH__=
// CXX-NOT: --cuda-device-only

__global__ void kernel(int *p) { *p = 1; }
