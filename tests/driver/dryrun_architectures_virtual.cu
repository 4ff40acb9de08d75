// nvcc compiles device code once per *virtual* architecture: with -arch=compute_80 and
// -code=sm_80,sm_90 the code for sm_90 is assembled from compute_80 PTX, so __CUDA_ARCH__
// is 800 and __CUDA_ARCH_LIST__ (the virtual architectures) is 800. NVIDIA nvcc 13 --dryrun
// shows exactly these values. Drawbridge takes the newest -code (sm_90) instead.
// RUN: %expand-plan %nvcc --dryrun -c %s -arch=compute_80 -code=sm_80,sm_90 2>&1 | FileCheck %s
// RUN: %expand-plan %nvcc --dryrun -c %s -gencode arch=compute_80,code=[sm_80,sm_90] 2>&1 | FileCheck %s
// CHECK: #$ {{.*}}-D__CUDA_ARCH_LIST__=800 {{.*}}--cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=800{{ }}
// CHECK: #$ {{.*}}-D__CUDA_ARCH_LIST__=800 {{.*}}--cuda-host-only
//
// Architecture-specific targets define __CUDA_ARCH_FEAT_SM90_ALL (CUDA 12.0 and later).
// RUN: %expand-plan %nvcc --dryrun -c %s -arch=sm_90a 2>&1 | FileCheck %s --check-prefix=FEAT
// FEAT: #$ {{.*}}--cuda-device-only {{.*}}-D__CUDA_ARCH__=900 -D__CUDA_ARCH_FEAT_SM90_ALL{{ }}

__global__ void kernel(int *p) { *p = 1; }
