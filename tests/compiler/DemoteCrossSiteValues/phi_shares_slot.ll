; A running value around a barrier loop keeps one per-thread slot: the phi and the value it
; takes on the back edge share it, as long as neither is still to be read when the other is
; stored (@shared). Where the old value is read after the new one is stored (@old_read_late),
; or the new one after the loop comes round to the phi (@new_read_late), each keeps its own.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @shared(ptr %out, ptr %in, i32 %n) #0 {
; CHECK-LABEL: define void @shared(
; CHECK: %sum.across = alloca float
; CHECK-NOT: alloca float
; CHECK: loop:
; CHECK: %sum = phi float [ 0.000000e+00, %entry ], [ [[BACK:%next.reload[0-9]*]], %latch ]
; CHECK-NEXT: store float %sum, ptr %sum.across
; CHECK: %sum.reload = load float, ptr %sum.across
; CHECK-NEXT: %next = fadd float %sum.reload, %x
; CHECK-NEXT: store float %next, ptr %sum.across
; CHECK: latch:
; CHECK: [[BACK]] = load float, ptr %sum.across
; CHECK: exit:
; CHECK-NEXT: [[AFTER:%next.reload[0-9]*]] = load float, ptr %sum.across
; CHECK-NEXT: store float [[AFTER]], ptr %out
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %sum = phi float [ 0.0, %entry ], [ %next, %latch ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r1 = call i64 @__drawbridge_site(i32 1)
  %x = load float, ptr %in
  %next = fadd float %sum, %x
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store float %next, ptr %out
  ret void
}

define void @old_read_late(ptr %out, ptr %in, i32 %n) #0 {
; CHECK-LABEL: define void @old_read_late(
; CHECK-DAG: %sum.across = alloca float
; CHECK-DAG: %next.across = alloca float
; CHECK: %next = fadd float %sum.reload{{[0-9]*}}, %x
; CHECK-NEXT: store float %next, ptr %next.across
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %sum = phi float [ 0.0, %entry ], [ %next, %latch ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r1 = call i64 @__drawbridge_site(i32 1)
  %x = load float, ptr %in
  %next = fadd float %sum, %x
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r2 = call i64 @__drawbridge_site(i32 1)
  store float %sum, ptr %out
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; %next is computed before the loop and read again after it: the phi's stores in the loop
; would overwrite it.
define void @new_read_late(ptr %out, ptr %in, i32 %n) #0 {
; CHECK-LABEL: define void @new_read_late(
; CHECK-DAG: %sum.across = alloca float
; CHECK-DAG: %next.across = alloca float
entry:
  %x = load float, ptr %in
  %next = fadd float %x, 1.0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %sum = phi float [ 0.0, %entry ], [ %next, %latch ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r1 = call i64 @__drawbridge_site(i32 1)
  store float %sum, ptr %out
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  store float %next, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
