; Device code that calls the device runtime's launch API (dynamic parallelism; CUB and Thrust
; do under -rdc when an algorithm is called from a kernel) is an error naming the function.
; RUN: not %opt -passes=drawbridge-lower-device-builtins -disable-output %s 2>&1 | FileCheck %s
; CHECK: 'cudaGetParameterBuffer' launches kernels from device code (CUDA dynamic parallelism), which the CPU target does not support yet

define i32 @k() {
  %b = call ptr @cudaGetParameterBuffer(i64 64, i64 16)
  ret i32 0
}
declare ptr @cudaGetParameterBuffer(i64, i64)
