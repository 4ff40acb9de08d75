// drawbridge-device runs its pipelines with LLVM's standard pass instrumentation, so the
// debugging options opt has reach the whole lowering: -print-after=/-print-before= name the
// lowering passes by their opt names and LLVM's by theirs, -filter-print-funcs= picks one
// region function, and -time-passes reports the lowering passes beside LLVM's own.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %nvcc -arch=sm_80 -O3 -c %s -o %t/scale.o --keep --keep-dir %t
// RUN: %device %t/pass_instrumentation.0.device.bc -o %t/device.o --image-id=x -arch compute_80 \
// RUN:   -print-after=drawbridge-form-thread-regions 2>&1 | FileCheck %s --check-prefix=REGIONS
// REGIONS: IR Dump After drawbridge::cpu::FormThreadRegionsPass on [module]
// REGIONS: define {{.*}} @_Z5scalePffi.region0(
// RUN: %device %t/pass_instrumentation.0.device.bc -o %t/device.o --image-id=x -arch compute_80 \
// RUN:   -print-before=drawbridge-version-thread-loop-bounds -print-after=loop-vectorize \
// RUN:   -filter-print-funcs=_Z5scalePffi.region0 2>&1 | FileCheck %s --check-prefix=FILTERED
// FILTERED: IR Dump Before drawbridge::cpu::VersionThreadLoopBoundsPass on _Z5scalePffi.region0
// FILTERED: IR Dump After LoopVectorizePass on _Z5scalePffi.region0
// FILTERED: vector.body:
// RUN: %device %t/pass_instrumentation.0.device.bc -o %t/device.o --image-id=x -arch compute_80 -time-passes \
// RUN:   2>&1 | FileCheck %s --check-prefix=TIMES
// TIMES-DAG: drawbridge::cpu::FormThreadRegionsPass
// TIMES-DAG: LoopVectorizePass
// TIMES-DAG: X86 DAG->DAG Instruction Selection
__global__ void scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}
