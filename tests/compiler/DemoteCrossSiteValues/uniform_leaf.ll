; A per-thread value whose expression takes a uniform value that no expression gives (a loop's
; counter) is computed again past the site, reading the counter there: the counter crosses in a
; uniform slot, and the index past the barrier stays `k * n + threadIdx.x`. A uniform value
; made of the counter keeps a uniform slot of its own, as before.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @kernel(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @kernel(
; CHECK-NOT: %index.across
; CHECK-DAG: %k.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
; CHECK-DAG: %scaled.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
; CHECK: latch:
; CHECK-NEXT: %k.reload = load i32, ptr %k.across
; CHECK-NEXT: %offset.again = mul i32 %k.reload, %n
; CHECK-NEXT: %[[TID:.*]] = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK-NEXT: %index.again = add i32 %offset.again, %[[TID]]
; CHECK: %scaled.reload = load i32, ptr %scaled.across
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]
  %offset = mul i32 %k, %n
  %index = add i32 %offset, %tid
  %scaled = mul i32 %k, 7
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  br label %latch

latch:
  %wide = sext i32 %index to i64
  %a = getelementptr i32, ptr %out, i64 %wide
  store i32 %scaled, ptr %a
  %k.next = add i32 %k, 1
  %done = icmp eq i32 %k.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
