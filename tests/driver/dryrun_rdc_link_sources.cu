// "nvcc --dryrun -rdc=true x.cu -o app" should list the device link that the real run does
// (NVIDIA's nvcc --dryrun lists nvlink). Drawbridge decides whether to device-link by
// reading the compiled objects, which --dryrun never writes, so the listing skips the
// device link and shows a link that would fail (undefined __cudaRegisterLinkedBinary...).
// RUN: %expand-plan %nvcc --dryrun -rdc=true %s -o app 2>&1 | FileCheck %s
// CHECK: #$ {{.*}}llvm-objcopy --add-section .drawbridge.device={{[^ ]+}} {{.*}} [[OBJ:[^ ]+\.o]]{{$}}
// CHECK-NEXT: #$ {{.*}}drawbridge-device -o [[DLINK:[^ ]+]] {{.*}}
// CHECK-NEXT: #$ {{.*}}drawbridge-link [[OBJ]] [[DLINK]] {{.*}}-o app
//
// The real run does device-link (-v lists the same jobs as --dryrun, and runs them).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %nvcc -v -rdc=true %s -o app 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERBOSE
// RUN: %t/app
// VERBOSE: #$ {{.*}}llvm-objcopy
// VERBOSE-NEXT: #$ {{.*}}drawbridge-device -o {{[^ ]+}} --image-id=cpu-dlink-
// VERBOSE-NEXT: #$ {{.*}}drawbridge-link {{.*}}-o app

__global__ void kernel(int *p) { *p = 1; }
int main() {
  int *p;
  cudaMallocManaged(&p, sizeof(int));
  kernel<<<1, 1>>>(p);
  return cudaDeviceSynchronize() != cudaSuccess || *p != 1;
}
