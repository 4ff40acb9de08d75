; An NVVM intrinsic without a CPU lowering is an error naming it, never a silent miscompile.
; RUN: not %opt -passes=drawbridge-lower-device-builtins -disable-output %s 2>&1 | FileCheck %s
; CHECK: the NVVM intrinsic 'llvm.nvvm.isspacep.shared' is not supported on the CPU target yet

define i1 @k(ptr %p) {
  %s = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  ret i1 %s
}
declare i1 @llvm.nvvm.isspacep.shared(ptr)
