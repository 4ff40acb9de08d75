// nvcc -c plans one drawbridge-cc step (plan_unit_compiler.test), which plans a device compile,
// the CPU lowering, the host compile (which embeds the fat binary the driver writes itself, and
// runs beside the other two) and their combination.
// RUN: %expand-plan %nvcc --dryrun -c %s -o out.o 2>&1 | FileCheck %s
// CHECK: #$ {{.*}}clang++ -x cuda {{.*}}-D__CUDACC__ {{.*}}-D__NVCC__ {{.*}}-D__CUDA_ARCH_LIST__=520 {{.*}}-include cuda_runtime.h {{.*}}-isystem {{[^ ]+}}/include --cuda-device-only -U__CUDA_ARCH__ -D__CUDA_ARCH__=520 {{.*}}-emit-llvm -c {{.*}}-o [[BC:[^ ]+\.device\.bc]] {{.*}}dryrun_compile.cu
// CHECK-NEXT: #$ {{.*}}drawbridge-device [[BC]] -o [[DEV:[^ ]+\.device\.o]] --image-id=cpu-{{[0-9a-f]+}} -arch compute_52
// CHECK-NEXT: #$ {{.*}}clang++ -x cuda {{.*}}--cuda-host-only -Xclang -fcuda-include-gpubinary -Xclang {{[^ ]+}}.fatbin {{.*}}-c -o [[HOST:[^ ]+\.host\.o]] {{.*}}dryrun_compile.cu
// CHECK-NEXT: #$ {{.*}}ld.lld -r -o out.o [[HOST]] [[DEV]]
// CHECK-NOT: #$
