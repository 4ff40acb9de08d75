// -std reaches both sides of a CUDA compile (c++17 by default); -O and -g reach only the host
// compile (the device side is always optimised and has line tables); -G compiles and lowers
// the device side at -O0 with debug information and defines __CUDACC_DEBUG__.
// RUN: %expand-plan %nvcc --dryrun -c %s 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: #$ {{.*}}clang++ -x cuda {{.*}}-std=c++17 {{.*}}--cuda-device-only {{.*}}-O3 {{.*}}-gline-tables-only
// DEFAULT: #$ {{.*}}clang++ -x cuda {{.*}}-std=c++17 {{.*}}--cuda-host-only
// DEFAULT-NOT: {{ -O[0-3s] }}
// DEFAULT-SAME: -c -o
//
// RUN: %expand-plan %nvcc --dryrun -c %s -std=c++14 2>&1 | FileCheck %s --check-prefix=STD14
// RUN: %expand-plan %nvcc --dryrun -c %s --std c++14 2>&1 | FileCheck %s --check-prefix=STD14
// STD14: #$ {{.*}}clang++ -x cuda {{.*}}-std=c++14 {{.*}}--cuda-device-only
// STD14: #$ {{.*}}clang++ -x cuda {{.*}}-std=c++14 {{.*}}--cuda-host-only
// RUN: %expand-plan %nvcc --dryrun -c %s -std=c++20 2>&1 | FileCheck %s --check-prefix=STD20
// STD20: #$ {{.*}}clang++ -x cuda {{.*}}-std=c++20 {{.*}}--cuda-device-only
// STD20: #$ {{.*}}clang++ -x cuda {{.*}}-std=c++20 {{.*}}--cuda-host-only
// RUN: %expand-plan %nvcc --dryrun -c %S/Inputs/host_source.cpp -std=c++20 2>&1 | FileCheck %s --check-prefix=STDCXX
// STDCXX: #$ {{.*}}clang++ -x c++ -std=c++20 {{.*}}host_source.cpp
//
// RUN: %expand-plan %nvcc --dryrun -c %s -O0 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %expand-plan %nvcc --dryrun -c %s -O1 2>&1 | FileCheck %s --check-prefix=O1
// RUN: %expand-plan %nvcc --dryrun -c %s -O2 2>&1 | FileCheck %s --check-prefix=O2
// RUN: %expand-plan %nvcc --dryrun -c %s -O3 2>&1 | FileCheck %s --check-prefix=O3
// RUN: %expand-plan %nvcc --dryrun -c %s --optimize 3 2>&1 | FileCheck %s --check-prefix=O3
// O0: #$ {{.*}}--cuda-device-only {{.*}}-emit-llvm -c -w -O3 -Xclang -disable-llvm-optzns
// O0-NOT: -O0
// O0: #$ {{.*}}drawbridge-device
// O0-NOT: -O0
// O0: #$ {{.*}}--cuda-host-only {{.*}} -O0 {{.*}}-c -o
// O1: --cuda-device-only {{.*}}-O3
// O1: --cuda-host-only {{.*}} -O1 {{.*}}-c -o
// O2: --cuda-device-only {{.*}}-O3
// O2: --cuda-host-only {{.*}} -O2 {{.*}}-c -o
// O3: --cuda-device-only {{.*}}-O3
// O3: --cuda-host-only {{.*}} -O3 {{.*}}-c -o
//
// RUN: %expand-plan %nvcc --dryrun -c %s -g 2>&1 | FileCheck %s --check-prefix=HOSTDEBUG
// HOSTDEBUG: #$ {{.*}}--cuda-device-only {{.*}}-O3 -Xclang -disable-llvm-optzns -gline-tables-only -o
// HOSTDEBUG: #$ {{.*}}drawbridge-device
// HOSTDEBUG-NOT: -O0
// HOSTDEBUG: #$ {{.*}}--cuda-host-only {{.*}} -g -c -o
//
// RUN: %expand-plan %nvcc --dryrun -c %s -G 2>&1 | FileCheck %s --check-prefix=DEVDEBUG
// RUN: %expand-plan %nvcc --dryrun -c %s --device-debug 2>&1 | FileCheck %s --check-prefix=DEVDEBUG
// DEVDEBUG: #$ {{.*}}-D__CUDACC_DEBUG__ {{.*}}--cuda-device-only {{.*}} -O0 -Xclang -disable-O0-optnone -g -o
// DEVDEBUG: #$ {{.*}}drawbridge-device {{.*}} -O0 -g
// DEVDEBUG: #$ {{.*}}-D__CUDACC_DEBUG__ {{.*}}--cuda-host-only
// DEVDEBUG-NOT: {{ -g }}
// DEVDEBUG-SAME: -c -o
//
// -lineinfo is accepted; the device side has line tables anyway.
// RUN: %expand-plan %nvcc --dryrun -c %s -lineinfo 2>&1 | FileCheck %s --check-prefix=LINEINFO
// RUN: %expand-plan %nvcc --dryrun -c %s --generate-line-info 2>&1 | FileCheck %s --check-prefix=LINEINFO
// LINEINFO: #$ {{.*}}--cuda-device-only {{.*}}-O3 {{.*}}-gline-tables-only
// LINEINFO: #$ {{.*}}--cuda-host-only
// LINEINFO-NOT: {{ -g }}
// LINEINFO-SAME: -c -o

__global__ void kernel(int *p) { *p = 1; }
