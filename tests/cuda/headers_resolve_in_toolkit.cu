// Every header the toolkit ships resolves inside the toolkit's include directory. A header
// missing from the toolkit would otherwise be found in a system directory: on a machine with
// NVIDIA's toolkit, /usr/local/include or /usr/local/cuda may hold NVIDIA's copy, which hides
// the gap. The first check keeps the list below complete: adding a header to include/ without
// adding it here fails.
// RUN: find %toolkit/include -name '*.h' -not -path '*/drawbridge/*' \
// RUN:   | sed 's|^%toolkit/include/||' | env LC_ALL=C sort > %t.list
// RUN: echo END >> %t.list
// RUN: FileCheck %s --check-prefix=SHIPPED --match-full-lines < %t.list
// RUN: %nvcc -M %s -o %t.d
// RUN: FileCheck %s -DINC=%toolkit/include < %t.d
// RUN: not grep -e /usr/local/include/ -e /usr/local/cuda %t.d
// And the program builds and runs against them.
// RUN: %nvcc %s -o %t && %t | FileCheck %s --check-prefix=RUNS
// RUNS: PASS
// SHIPPED: builtin_types.h
// SHIPPED-NEXT: channel_descriptor.h
// SHIPPED-NEXT: common_functions.h
// SHIPPED-NEXT: cooperative_groups.h
// SHIPPED-NEXT: cooperative_groups/details/async.h
// SHIPPED-NEXT: cooperative_groups/details/coalesced_reduce.h
// SHIPPED-NEXT: cooperative_groups/details/coalesced_scan.h
// SHIPPED-NEXT: cooperative_groups/details/functional.h
// SHIPPED-NEXT: cooperative_groups/details/reduce.h
// SHIPPED-NEXT: cooperative_groups/details/scan.h
// SHIPPED-NEXT: cooperative_groups/memcpy_async.h
// SHIPPED-NEXT: cooperative_groups/reduce.h
// SHIPPED-NEXT: cooperative_groups/scan.h
// SHIPPED-NEXT: crt/common_functions.h
// SHIPPED-NEXT: crt/device_functions.h
// SHIPPED-NEXT: crt/host_config.h
// SHIPPED-NEXT: crt/host_defines.h
// SHIPPED-NEXT: crt/math_functions.h
// SHIPPED-NEXT: cuComplex.h
// SHIPPED-NEXT: cuda.h
// SHIPPED-NEXT: cudaProfiler.h
// SHIPPED-NEXT: cuda_bf16.h
// SHIPPED-NEXT: cuda_device_runtime_api.h
// SHIPPED-NEXT: cuda_fp16.h
// SHIPPED-NEXT: cuda_fp8.h
// SHIPPED-NEXT: cuda_profiler_api.h
// SHIPPED-NEXT: cuda_runtime.h
// SHIPPED-NEXT: cuda_runtime_api.h
// SHIPPED-NEXT: device_atomic_functions.h
// SHIPPED-NEXT: device_double_functions.h
// SHIPPED-NEXT: device_functions.h
// SHIPPED-NEXT: device_launch_parameters.h
// SHIPPED-NEXT: device_types.h
// SHIPPED-NEXT: driver_functions.h
// SHIPPED-NEXT: driver_types.h
// SHIPPED-NEXT: host_config.h
// SHIPPED-NEXT: host_defines.h
// SHIPPED-NEXT: library_types.h
// SHIPPED-NEXT: math_constants.h
// SHIPPED-NEXT: math_functions.h
// SHIPPED-NEXT: sm_20_atomic_functions.h
// SHIPPED-NEXT: sm_20_intrinsics.h
// SHIPPED-NEXT: sm_30_intrinsics.h
// SHIPPED-NEXT: sm_32_atomic_functions.h
// SHIPPED-NEXT: sm_32_intrinsics.h
// SHIPPED-NEXT: sm_35_atomic_functions.h
// SHIPPED-NEXT: sm_35_intrinsics.h
// SHIPPED-NEXT: sm_60_atomic_functions.h
// SHIPPED-NEXT: sm_61_intrinsics.h
// SHIPPED-NEXT: texture_types.h
// SHIPPED-NEXT: vector_functions.h
// SHIPPED-NEXT: vector_types.h
// SHIPPED-NEXT: END
// CHECK-DAG: [[INC]]/builtin_types.h
// CHECK-DAG: [[INC]]/common_functions.h
// CHECK-DAG: [[INC]]/crt/common_functions.h
// CHECK-DAG: [[INC]]/crt/device_functions.h
// CHECK-DAG: [[INC]]/crt/host_config.h
// CHECK-DAG: [[INC]]/crt/host_defines.h
// CHECK-DAG: [[INC]]/crt/math_functions.h
// CHECK-DAG: [[INC]]/cooperative_groups.h
// CHECK-DAG: [[INC]]/cooperative_groups/details/async.h
// CHECK-DAG: [[INC]]/cooperative_groups/details/coalesced_reduce.h
// CHECK-DAG: [[INC]]/cooperative_groups/details/coalesced_scan.h
// CHECK-DAG: [[INC]]/cooperative_groups/details/functional.h
// CHECK-DAG: [[INC]]/cooperative_groups/details/reduce.h
// CHECK-DAG: [[INC]]/cooperative_groups/details/scan.h
// CHECK-DAG: [[INC]]/cooperative_groups/memcpy_async.h
// CHECK-DAG: [[INC]]/cooperative_groups/reduce.h
// CHECK-DAG: [[INC]]/cooperative_groups/scan.h
// CHECK-DAG: [[INC]]/cuComplex.h
// CHECK-DAG: [[INC]]/cuda.h
// CHECK-DAG: [[INC]]/cudaProfiler.h
// CHECK-DAG: [[INC]]/cuda_bf16.h
// CHECK-DAG: [[INC]]/cuda_bf16.hpp
// CHECK-DAG: [[INC]]/cuda_device_runtime_api.h
// CHECK-DAG: [[INC]]/cuda_fp16.h
// CHECK-DAG: [[INC]]/cuda_fp16.hpp
// CHECK-DAG: [[INC]]/cuda_fp8.h
// CHECK-DAG: [[INC]]/cuda_fp8.hpp
// CHECK-DAG: [[INC]]/cuda_profiler_api.h
// CHECK-DAG: [[INC]]/cuda_runtime.h
// CHECK-DAG: [[INC]]/cuda_runtime_api.h
// CHECK-DAG: [[INC]]/device_atomic_functions.h
// CHECK-DAG: [[INC]]/device_double_functions.h
// CHECK-DAG: [[INC]]/device_functions.h
// CHECK-DAG: [[INC]]/device_launch_parameters.h
// CHECK-DAG: [[INC]]/device_types.h
// CHECK-DAG: [[INC]]/driver_functions.h
// CHECK-DAG: [[INC]]/driver_types.h
// CHECK-DAG: [[INC]]/host_config.h
// CHECK-DAG: [[INC]]/host_defines.h
// CHECK-DAG: [[INC]]/library_types.h
// CHECK-DAG: [[INC]]/math_constants.h
// CHECK-DAG: [[INC]]/math_functions.h
// CHECK-DAG: [[INC]]/sm_20_atomic_functions.h
// CHECK-DAG: [[INC]]/sm_20_intrinsics.h
// CHECK-DAG: [[INC]]/sm_30_intrinsics.h
// CHECK-DAG: [[INC]]/sm_32_atomic_functions.h
// CHECK-DAG: [[INC]]/sm_32_intrinsics.h
// CHECK-DAG: [[INC]]/sm_35_atomic_functions.h
// CHECK-DAG: [[INC]]/sm_35_intrinsics.h
// CHECK-DAG: [[INC]]/sm_60_atomic_functions.h
// CHECK-DAG: [[INC]]/sm_61_intrinsics.h
// CHECK-DAG: [[INC]]/texture_types.h
// CHECK-DAG: [[INC]]/vector_functions.h
// CHECK-DAG: [[INC]]/vector_types.h
#include <builtin_types.h>
#include <channel_descriptor.h>
#include <common_functions.h>
#include <cooperative_groups.h>
#include <cooperative_groups/details/async.h>
#include <cooperative_groups/details/coalesced_reduce.h>
#include <cooperative_groups/details/coalesced_scan.h>
#include <cooperative_groups/details/functional.h>
#include <cooperative_groups/details/reduce.h>
#include <cooperative_groups/details/scan.h>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <crt/common_functions.h>
#include <crt/device_functions.h>
#include <crt/host_config.h>
#include <crt/host_defines.h>
#include <crt/math_functions.h>
#include <cstdio>
#include <cuComplex.h>
#include <cuda.h>
#include <cudaProfiler.h>
#include <cuda_bf16.h>
#include <cuda_bf16.hpp>
#include <cuda_device_runtime_api.h>
#include <cuda_fp16.h>
#include <cuda_fp16.hpp>
#include <cuda_fp8.h>
#include <cuda_fp8.hpp>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_atomic_functions.h>
#include <device_double_functions.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <device_types.h>
#include <driver_functions.h>
#include <driver_types.h>
#include <host_config.h>
#include <host_defines.h>
#include <library_types.h>
#include <math_constants.h>
#include <math_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_20_intrinsics.h>
#include <sm_30_intrinsics.h>
#include <sm_32_atomic_functions.h>
#include <sm_32_intrinsics.h>
#include <sm_35_atomic_functions.h>
#include <sm_35_intrinsics.h>
#include <sm_60_atomic_functions.h>
#include <sm_61_intrinsics.h>
#include <texture_types.h>
#include <vector_functions.h>
#include <vector_types.h>

int main() {
  printf("PASS\n");
  return 0;
}
