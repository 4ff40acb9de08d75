; A volatile store into a __shared__ variable gets a convergence point (__syncwarp with mask 0)
; before and after it; back-to-back stores share the one between them. Volatile stores to a
; local, to a global variable or through a kernel parameter, and plain shared stores, get none.
; RUN: %opt -passes=drawbridge-lockstep-volatile-shared -S %s | FileCheck %s

@s = internal global [64 x i32] undef, !drawbridge.shared !0
@g = global i32 0

define void @tail(i64 %tid) {
; CHECK-LABEL: define void @tail(
; CHECK: %v = add i32
; CHECK-NEXT: call void @llvm.nvvm.bar.warp.sync(i32 0)
; CHECK-NEXT: store volatile i32 %v, ptr %p
; CHECK-NEXT: call void @llvm.nvvm.bar.warp.sync(i32 0)
; CHECK-NEXT: store volatile i32 %v, ptr %q
; CHECK-NEXT: call void @llvm.nvvm.bar.warp.sync(i32 0)
; CHECK-NEXT: ret void
  %p = getelementptr [64 x i32], ptr @s, i64 0, i64 %tid
  %t2 = add i64 %tid, 16
  %q = getelementptr [64 x i32], ptr @s, i64 0, i64 %t2
  %a = load volatile i32, ptr %p
  %b = load volatile i32, ptr %q
  %v = add i32 %a, %b
  store volatile i32 %v, ptr %p
  store volatile i32 %v, ptr %q
  ret void
}

define void @elsewhere(ptr %param, i32 %v) {
; CHECK-LABEL: define void @elsewhere(
; CHECK-NOT: bar.warp.sync
; CHECK: ret void
  %local = alloca i32
  store volatile i32 %v, ptr %local
  store volatile i32 %v, ptr @g
  store volatile i32 %v, ptr %param
  store i32 %v, ptr @s
  ret void
}

!0 = !{}
