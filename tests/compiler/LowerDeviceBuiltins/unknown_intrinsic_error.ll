; An NVVM intrinsic without a CPU lowering is an error naming it, never a silent miscompile.
; RUN: not %opt -passes=drawbridge-lower-device-builtins -disable-output %s 2>&1 | FileCheck %s
; CHECK: the NVVM intrinsic 'llvm.nvvm.mapa' is not supported on the CPU target yet

define ptr @k(ptr %p) {
  %s = call ptr @llvm.nvvm.mapa(ptr %p, i32 1)
  ret ptr %s
}
declare ptr @llvm.nvvm.mapa(ptr, i32)
