; Values computed from the thread's coordinates, kernel parameters and constants are computed
; again after a site instead of taking a per-thread slot: the region after the barrier gets its
; own copy of `blockIdx.x * 32 + threadIdx.x` and of the address derived from it. A value that
; reads memory, a phi, and an expression larger than the budget are demoted as before.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @kernel(ptr %out, ptr %in, i32 %n) #0 {
; CHECK-LABEL: define void @kernel(
; CHECK-NOT: %index.across
; CHECK-NOT: %address.across
; CHECK-DAG: %loaded.across = alloca float
; CHECK-DAG: %deep.across = alloca i32
; CHECK: call i64 @__drawbridge_site(i32 1)
; CHECK-DAG: %block.again = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
; CHECK-DAG: %base.again = shl i32 %block.again, 5
; CHECK-DAG: %tid.again = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: %index.again = add i32 %base.again, %tid.again
; CHECK: %wide.again = sext i32 %index.again to i64
; CHECK: %address.again = getelementptr float, ptr %out, i64 %wide.again
; CHECK: %loaded.reload = load float, ptr %loaded.across
; CHECK: store float %loaded.reload, ptr %address.again
; CHECK: %deep.reload = load i32, ptr %deep.across
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = shl i32 %block, 5
  %index = add i32 %base, %tid
  %wide = sext i32 %index to i64
  %address = getelementptr float, ptr %out, i64 %wide
  %source = getelementptr float, ptr %in, i64 %wide
  %loaded = load float, ptr %source
  %d1 = udiv i32 %index, %n
  %d2 = udiv i32 %d1, %n
  %d3 = udiv i32 %d2, %n
  %d4 = udiv i32 %d3, %n
  %d5 = udiv i32 %d4, %n
  %d6 = udiv i32 %d5, %n
  %d7 = udiv i32 %d6, %n
  %deep = udiv i32 %d7, %n
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  store float %loaded, ptr %address
  store i32 %deep, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
