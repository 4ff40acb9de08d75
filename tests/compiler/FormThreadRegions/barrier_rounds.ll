; The region after the one __syncthreads of a loop leads back to that barrier: it counts the
; threads that come back to it (an add reduction over the thread loop) and, when every thread
; of the block has, runs the next round itself from its entry instead of returning to the
; scheduler. Region 0 (the entry) does not, nor does a region that ends at another barrier.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @loop_kernel.region0(
; CHECK-NOT: all.back
; CHECK-LABEL: define internal void @loop_kernel.region1(
; CHECK: thread.rows:
; CHECK: %back.rows = phi i32 [ 0, %thread.entry ], [ %back.next, %thread.rows.latch ]
; CHECK: thread.header:
; CHECK: %back = phi i32 [ %back.rows, %thread.rows ], [ %back.next, %thread.latch ]
; CHECK: thread.latch:
; CHECK-NEXT: %came.back = phi i32 [ 1, %wait.site1 ], [ 0, %{{.*}} ]
; CHECK-NEXT: %back.next = add i32 %back, %came.back
; CHECK: done:
; CHECK-NEXT: %back.total = phi i32 [ 0, %prologue ], [ %back.next, %thread.rows.latch ]
; CHECK-NEXT: %all.back = icmp eq i32 %back.total, %threads
; CHECK-NEXT: br i1 %all.back, label %thread.entry, label %return
define void @loop_kernel(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %i.next = add i32 %i.reload, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @two_barriers.region1(
; CHECK-NOT: all.back
; CHECK-LABEL: define internal void @two_barriers.region2(
; CHECK-NOT: all.back
; CHECK: ret void
define void @two_barriers(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %middle
middle:
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site2
site2:
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %i.next = add i32 %i.reload, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
