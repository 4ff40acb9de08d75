; A barrier inside a loop: the loop counter is live across the barrier (the region after it
; loops back), so it is demoted; its phi reads the reloaded value on the back edge.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @kernel(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @kernel(
; CHECK: %i.across = alloca i32
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %next, %latch ]
; CHECK-NEXT: store i32 %i, ptr %i.across
; CHECK: latch:
; CHECK: %i.reload = load i32, ptr %i.across
; CHECK-NEXT: %next = add i32 %i.reload, 1
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %next = add i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
