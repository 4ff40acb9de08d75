; Under -fgpu-rdc clang defines a file-static __constant__ as "<name>__static__<hash>" but a
; kernel may still load through an external declaration of the plain name: the uses move to
; the definition and the declaration goes. An unrelated external stays.
; RUN: %opt -passes=drawbridge-bind-externalized-statics -S %s | FileCheck %s

@_ZL1c = external addrspace(4) global [4 x i32]
@_ZL1c__static__af4f9e7261d8f9dd = addrspace(4) externally_initialized global [4 x i32] zeroinitializer
@other = external addrspace(1) global i32

; CHECK-NOT: @_ZL1c = external
; CHECK: @other = external addrspace(1) global i32

define i32 @read() {
; CHECK-LABEL: define i32 @read(
; CHECK-NEXT: load i32, ptr getelementptr inbounds ([4 x i32], ptr addrspacecast (ptr addrspace(4) @_ZL1c__static__af4f9e7261d8f9dd to ptr), i64 0, i64 1)
  %v = load i32, ptr getelementptr inbounds ([4 x i32], ptr addrspacecast (ptr addrspace(4) @_ZL1c to ptr), i64 0, i64 1)
  %w = load i32, ptr addrspace(1) @other
  %s = add i32 %v, %w
  ret i32 %s
}
