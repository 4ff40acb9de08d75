; A uniform loop with a barrier: its per-thread induction variables (an index stepped by
; `+ stride` and by `- stride`, a pointer stepped by a GEP) become start + trips * step on a new
; trip counter, marked for the prefetcher, 32 bits wide where the loop's 32-bit bound limits
; its trips and 64 where a 64-bit one does. The uniform counter and a running sum stay phis.
; RUN: %opt -passes=drawbridge-rebase-site-loop-inductions -S %s | FileCheck %s

define void @marching(ptr %out, ptr %in, i64 %stride, i32 %n) #0 {
; CHECK-LABEL: define void @marching(
; CHECK: loop:
; CHECK-NEXT: %trips = phi i32 [ 0, %entry ], [ %trips.next, %loop ], !drawbridge.site_loop_trips
; CHECK-NEXT: %i = phi i32
; CHECK-NEXT: %sum = phi float
; CHECK-NEXT: %[[K1:.*]] = zext i32 %trips to i64
; CHECK-NEXT: %idx.offset = mul i64 %[[K1]], %stride
; CHECK-NEXT: %idx = add i64 %start, %idx.offset
; CHECK-NEXT: %[[K2:.*]] = zext i32 %trips to i64
; CHECK-NEXT: %down.offset = mul i64 %[[K2]], %stride
; CHECK-NEXT: %down = sub i64 %start, %down.offset
; CHECK-NEXT: %[[K3:.*]] = zext i32 %trips to i64
; CHECK-NEXT: %p.offset = mul i64 %[[K3]], %stride
; CHECK-NEXT: %p = getelementptr float, ptr %p0, i64 %p.offset
; CHECK: %idx.next = add i64 %idx, %stride
; CHECK: %trips.next = add i32 %trips, 1
; CHECK-NEXT: br i1 %done
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = zext i32 %tid to i64
  %p0 = getelementptr float, ptr %in, i64 %start
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = phi i64 [ %start, %entry ], [ %idx.next, %loop ]
  %down = phi i64 [ %start, %entry ], [ %down.next, %loop ]
  %p = phi ptr [ %p0, %entry ], [ %p.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %v = load float, ptr %p
  %sum.next = fadd float %sum, %v
  %a = getelementptr float, ptr %out, i64 %idx
  store float %sum.next, ptr %a
  %b = getelementptr float, ptr %out, i64 %down
  store float %v, ptr %b
  %idx.next = add i64 %idx, %stride
  %down.next = sub i64 %down, %stride
  %p.next = getelementptr inbounds float, ptr %p, i64 %stride
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @wide_bound(ptr %out, i64 %stride, i64 %n) #0 {
; CHECK-LABEL: define void @wide_bound(
; CHECK: %trips = phi i64 [ 0, %entry ], [ %trips.next, %loop ]
; CHECK: %idx.offset = mul i64 %trips, %stride
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = zext i32 %tid to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %idx = phi i64 [ %start, %entry ], [ %idx.next, %loop ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %a = getelementptr float, ptr %out, i64 %idx
  store float 1.0, ptr %a
  %idx.next = add i64 %idx, %stride
  %i.next = add i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A pointer stepped by a 32-bit index: the GEP widens it at each step, so the rebased offset is
; the trip count times the widened index, which k * index in 32 bits could wrap.
define void @narrow_index(ptr %in, i32 %step, i32 %n) #0 {
; CHECK-LABEL: define void @narrow_index(
; CHECK: %[[WIDE:.*]] = sext i32 %step to i64
; CHECK: %[[K:.*]] = zext i32 %trips to i64
; CHECK: %p.offset = mul i64 %[[K]], %[[WIDE]]
; CHECK: %p = getelementptr float, ptr %p0, i64 %p.offset
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %p0 = getelementptr float, ptr %in, i32 %tid
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %p = phi ptr [ %p0, %entry ], [ %p.next, %loop ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  store float 1.0, ptr %p
  %p.next = getelementptr inbounds float, ptr %p, i32 %step
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Threads leave after different numbers of trips: no counter is uniform.
define void @divergent_exit(ptr %out, i64 %stride) #0 {
; CHECK-LABEL: define void @divergent_exit(
; CHECK-NOT: %trips
; CHECK: %idx = phi i64
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = zext i32 %tid to i64
  br label %loop

loop:
  %idx = phi i64 [ %start, %entry ], [ %idx.next, %loop ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %a = getelementptr float, ptr %out, i64 %idx
  store float 1.0, ptr %a
  %idx.next = add i64 %idx, %stride
  %done = icmp ugt i64 %idx.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; No site in the loop: its values never leave their region.
define void @no_site(ptr %out, i64 %stride, i32 %n) #0 {
; CHECK-LABEL: define void @no_site(
; CHECK-NOT: %trips
; CHECK: %idx = phi i64
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = zext i32 %tid to i64
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = phi i64 [ %start, %entry ], [ %idx.next, %loop ]
  %a = getelementptr float, ptr %out, i64 %idx
  store float 1.0, ptr %a
  %idx.next = add i64 %idx, %stride
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; A stride loop's rounds keep the form UniformStrideRounds gave them.
define void @stride_rounds(ptr %out, i64 %stride, i32 %n) #0 {
; CHECK-LABEL: define void @stride_rounds(
; CHECK-NOT: %trips
; CHECK: %idx = phi i64
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = zext i32 %tid to i64
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %idx = phi i64 [ %start, %entry ], [ %idx.next, %loop ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1), !drawbridge.stride_rounds !0
  %a = getelementptr float, ptr %out, i64 %idx
  store float 1.0, ptr %a
  %idx.next = add i64 %idx, %stride
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
