// Options that become macros or clang flags on both sides of a CUDA compile.
// RUN: %expand-plan %nvcc --dryrun -c %s -w 2>&1 | FileCheck %s --check-prefix=W
// RUN: %expand-plan %nvcc --dryrun -c %s --disable-warnings 2>&1 | FileCheck %s --check-prefix=W
// W: #$ {{.*}}/include -w --cuda-device-only
// W: #$ {{.*}}/include -w --cuda-host-only {{.*}} -w -c -o
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp -w 2>&1 | FileCheck %s --check-prefix=WCXX
// WCXX: #$ {{.*}}clang++ {{.*}} -w -c -o host_source.o
//
// RUN: %expand-plan %nvcc --dryrun -c %s --use_fast_math 2>&1 | FileCheck %s --check-prefix=FAST
// RUN: %expand-plan %nvcc --dryrun -c %s -use_fast_math 2>&1 | FileCheck %s --check-prefix=FAST
// FAST: #$ {{.*}}-D__USE_FAST_MATH__ {{.*}}--cuda-device-only
// FAST: #$ {{.*}}-D__USE_FAST_MATH__ {{.*}}--cuda-host-only
//
// RUN: %expand-plan %nvcc --dryrun -c %s --expt-relaxed-constexpr 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
// RUN: %expand-plan %nvcc --dryrun -c %s -expt-relaxed-constexpr 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
// CONSTEXPR: #$ {{.*}}-D__CUDACC_RELAXED_CONSTEXPR__ {{.*}}--cuda-device-only
// CONSTEXPR: #$ {{.*}}-D__CUDACC_RELAXED_CONSTEXPR__ {{.*}}--cuda-host-only
//
// RUN: %expand-plan %nvcc --dryrun -c %s --extended-lambda 2>&1 | FileCheck %s --check-prefix=LAMBDA
// RUN: %expand-plan %nvcc --dryrun -c %s --expt-extended-lambda 2>&1 | FileCheck %s --check-prefix=LAMBDA
// LAMBDA: #$ {{.*}}-D__CUDACC_EXTENDED_LAMBDA__ {{.*}}--cuda-device-only
// LAMBDA: #$ {{.*}}-D__CUDACC_EXTENDED_LAMBDA__ {{.*}}--cuda-host-only
//
// RUN: %expand-plan %nvcc --dryrun -c %s --default-stream per-thread 2>&1 | FileCheck %s --check-prefix=PTDS
// RUN: %expand-plan %nvcc --dryrun -c %s -default-stream=per-thread 2>&1 | FileCheck %s --check-prefix=PTDS
// PTDS: #$ {{.*}}-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 -Xclang -fgpu-default-stream=per-thread {{.*}}--cuda-device-only
// PTDS: #$ {{.*}}-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 -Xclang -fgpu-default-stream=per-thread {{.*}}--cuda-host-only
// RUN: %expand-plan %nvcc --dryrun -c %s --default-stream legacy 2>&1 | FileCheck %s --check-prefix=LEGACY
// RUN: %expand-plan %nvcc --dryrun -c %s 2>&1 | FileCheck %s --check-prefix=LEGACY
// LEGACY-NOT: PER_THREAD
// LEGACY-NOT: per-thread
//
// None of these are set by default.
// RUN: %expand-plan %nvcc --dryrun -c %s 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: __USE_FAST_MATH__
// NONE-NOT: __CUDACC_RELAXED_CONSTEXPR__
// NONE-NOT: __CUDACC_EXTENDED_LAMBDA__
// NONE: #$ {{.*}}--cuda-host-only
// NONE-NOT: {{ -w }}
// NONE-SAME: -c -o
// NONE-NOT: __USE_FAST_MATH__

__global__ void kernel(int *p) { *p = 1; }
