// nvcc --ptx writes a .cu file's device code as PTX for the one GPU the command names, from
// LLVM's NVPTX back end: kernels as .entry, shuffles, barriers and atomics as PTX instructions,
// device printf through vprintf and assert through CUDA's __assertfail. The output is -o, else
// the input's name with .ptx (in -odir). Math without a PTX form (sinf: CUDA takes it from
// libdevice) is an error at the user's line; so are GPUs newer than the back end knows, more
// than one GPU, and inputs other than .cu files.
// RUN: %nvcc --ptx -arch=sm_80 %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %nvcc -ptx -arch=sm_90a %s
// RUN: FileCheck --check-prefix=SM90A %s < %t.dir/ptx_output.ptx
// RUN: %nvcc --ptx -gencode arch=compute_75,code=sm_75 %s -odir %t.dir
// RUN: FileCheck --check-prefix=SM75 %s < %t.dir/ptx_output.ptx
// RUN: not %nvcc --ptx -arch=sm_80 %S/Inputs/ptx_math.cu -o %t.math.ptx 2>&1 \
// RUN:   | FileCheck --check-prefix=MATH %s
// RUN: not %nvcc --ptx -arch=sm_100 %s -o %t.ptx 2>&1 | FileCheck --check-prefix=NEW %s
// RUN: not %nvcc --ptx -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 \
// RUN:   %s -o %t.ptx 2>&1 | FileCheck --check-prefix=TWO %s
// RUN: echo 'int main() {}' > %t.dir/host.cpp
// RUN: not %nvcc --ptx %t.dir/host.cpp 2>&1 | FileCheck --check-prefix=HOST %s

// CHECK: .version 8.5
// CHECK: .target sm_80
// CHECK: .extern .func {{.*}}vprintf
// CHECK: .extern .func __assertfail
// CHECK: .visible .entry _Z6reducePKfPfi(
// CHECK: shfl.sync.down.b32
// CHECK: bar.sync 0
// CHECK: atom.global.add.f32
// SM90A: .target sm_90a
// SM75: .target sm_75
// MATH: ptx_math.cu:5:13: error: 'sin' in device code has no PTX form yet
// MATH-NOT: ptx_math.cu:4
// NEW: nvcc fatal   : PTX for sm_100 is not supported: {{.*}} knows GPUs up to sm_90a
// TWO: nvcc fatal   : --ptx writes PTX for one GPU architecture, and this command names 2
// TWO-SAME: (sm_80, sm_90); give one -arch
// HOST: nvcc fatal   : --ptx compiles .cu files, and '{{.*}}host.cpp' is not one
#include <cassert>
#include <cstdio>

__global__ void reduce(const float *in, float *total, int n) {
  __shared__ float warpSums[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  float v = i < n ? in[i] : 0.0f;
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0)
    warpSums[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    float sum = 0;
    for (int w = 0; w < blockDim.x / 32; ++w)
      sum += warpSums[w];
    atomicAdd(total, sum);
    if (blockIdx.x == 0)
      printf("block 0: %f\n", sum);
  }
}
