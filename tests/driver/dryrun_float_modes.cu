// The single-precision options: -ftz=true, and --use_fast_math unless -ftz=false follows it,
// compile device code with clang's -fgpu-flush-denormals-to-zero (which the runtime turns into
// a flushing launch); -fmad=false turns contraction off; -prec-div and -prec-sqrt change
// nothing, as CPU division and square roots are exact either way.
// RUN: %expand-plan %nvcc --dryrun -c %s -ftz=true 2>&1 | FileCheck %s --check-prefix=FTZ
// RUN: %expand-plan %nvcc --dryrun -c %s --use_fast_math 2>&1 | FileCheck %s --check-prefix=FTZ
// RUN: %expand-plan %nvcc --dryrun -c %s --use_fast_math -ftz=false 2>&1 | FileCheck %s --check-prefix=IEEE
// RUN: %expand-plan %nvcc --dryrun -c %s -ftz=false -prec-div=false -prec-sqrt=false 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IEEE
// RUN: %expand-plan %nvcc --dryrun -c %s -fmad=false 2>&1 | FileCheck %s --check-prefix=NOFMA
// FTZ: #$ {{.*}}clang++{{.*}} --cuda-device-only {{.*}}-fgpu-flush-denormals-to-zero
// FTZ-NOT: clang++{{.*}}--cuda-host-only{{.*}}-fgpu-flush-denormals-to-zero
// IEEE-NOT: -fgpu-flush-denormals-to-zero
// NOFMA: #$ {{.*}}clang++{{.*}} --cuda-device-only {{.*}}-ffp-contract=off
__global__ void kernel() {}
