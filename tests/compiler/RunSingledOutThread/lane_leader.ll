; A thread loop whose only effect is behind `lane == 0`, the lane being the run's first lane
; plus the iteration (a warp's run after FormQuotientRuns), runs that one iteration: the
; preheader finds it (k = -first lane, widened), enters the loop at i0 + k when k is below the
; iterations the loop makes (umax(end, i0 + 1) - i0) and skips it otherwise; the latch exits.
; `lane != 0` with the effect on the other edge, and a lane counting down, do the same; a value
; used after the loop is its last iteration's. An effect outside the guarded block, a value
; passed out that is no arithmetic on the thread (a load), a test of two lanes a step, and a
; loop that is no thread loop stay loops.
; RUN: %opt -passes=drawbridge-run-singled-out-thread -S %s | FileCheck %s

; CHECK-LABEL: define void @leader(
; CHECK:       entry:
; CHECK:         [[K:%.*]] = sub i32 0, %lane.first
; CHECK-NEXT:    %singled.out.iteration = zext i32 [[K]] to i64
; CHECK-NEXT:    [[NEXT:%.*]] = add i64 %first, 1
; CHECK-NEXT:    [[MAX:%.*]] = call i64 @llvm.umax.i64(i64 %end, i64 [[NEXT]])
; CHECK-NEXT:    %iterations = sub i64 [[MAX]], %first
; CHECK-NEXT:    %singled.out.runs = icmp ult i64 %singled.out.iteration, %iterations
; CHECK:         %singled.out.thread = add i64 %first, %singled.out.iteration
; CHECK-NEXT:    br i1 %singled.out.runs, label %body, label %exit
; CHECK:       body:
; CHECK-NEXT:    %i = phi i64 [ %singled.out.thread, %entry ]
; CHECK:       latch:
; CHECK-NEXT:    %i.next = add nuw i64 %i, 1
; CHECK-NEXT:    %more = icmp ult i64 %i.next, %end
; CHECK-NEXT:    br label %exit
define void @leader(ptr %y, ptr %in, i64 %first, i64 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i64 [ %first, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds float, ptr %in, i64 %i
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %i32 = trunc i64 %i to i32
  %f32 = trunc i64 %first to i32
  %offset = sub i32 %i32, %f32
  %lane = add i32 %lane.first, %offset
  %is.leader = icmp eq i32 %lane, 0
  br i1 %is.leader, label %store, label %latch
store:
  store float %v, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @not_leader(
; CHECK:         %singled.out.runs = icmp ult i32
; CHECK:       latch:
; CHECK:         br label %exit
define void @not_leader(ptr %y, i32 %first, i32 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %offset = sub i32 %i, %first
  %lane = add i32 %lane.first, %offset
  %other = icmp ne i32 %lane, 3
  br i1 %other, label %latch, label %store
store:
  store i32 %i, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @counting_down(
; CHECK:         %singled.out.runs = icmp ult i32
; CHECK:         br label %exit
define void @counting_down(ptr %y, i32 %first, i32 %end, i32 %last) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %left = sub i32 %last, %i
  %is.last = icmp eq i32 %left, 0
  br i1 %is.last, label %store, label %latch
store:
  store i32 %i, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @effect_outside(
; CHECK-NOT:     singled.out
; CHECK:         br i1 %more, label %body, label %exit
define void @effect_outside(ptr %y, ptr %state, i32 %first, i32 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %offset = sub i32 %i, %first
  %lane = add i32 %lane.first, %offset
  %is.leader = icmp eq i32 %lane, 0
  br i1 %is.leader, label %store, label %latch
store:
  store i32 %i, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %iw = zext i32 %i to i64
  %ps = getelementptr inbounds i32, ptr %state, i64 %iw
  store i32 -1, ptr %ps, align 4, !llvm.access.group !0
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret void
}

; What the loop passes out is its last iteration's, computed before it.
; CHECK-LABEL: define i32 @used_after(
; CHECK:         [[ONE_LESS:%.*]] = sub i32 %iterations, 1
; CHECK-NEXT:    %last = add i32 %first, [[ONE_LESS]]
; CHECK-NEXT:    %offset.copy = sub i32 %last, %first
; CHECK-NEXT:    %lane.copy = add i32 %lane.first, %offset.copy
; CHECK:       exit:
; CHECK-NEXT:    %lane.lcssa = phi i32 [ %lane.copy, %latch ], [ %lane.copy, %entry ]
define i32 @used_after(ptr %y, i32 %first, i32 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %offset = sub i32 %i, %first
  %lane = add i32 %lane.first, %offset
  %is.leader = icmp eq i32 %lane, 0
  br i1 %is.leader, label %store, label %latch
store:
  store i32 %i, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret i32 %lane
}

; CHECK-LABEL: define float @loaded_after(
; CHECK-NOT:     singled.out
; CHECK:         br i1 %more, label %body, label %exit
define float @loaded_after(ptr %y, ptr %in, i32 %first, i32 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %iw = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %in, i64 %iw
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %offset = sub i32 %i, %first
  %lane = add i32 %lane.first, %offset
  %is.leader = icmp eq i32 %lane, 0
  br i1 %is.leader, label %store, label %latch
store:
  store i32 %i, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret float %v
}

; CHECK-LABEL: define void @two_lanes_a_step(
; CHECK-NOT:     singled.out
; CHECK:         br i1 %more, label %body, label %exit
define void @two_lanes_a_step(ptr %y, i32 %first, i32 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %offset = sub i32 %i, %first
  %twice = shl i32 %offset, 1
  %lane = add i32 %lane.first, %twice
  %is.leader = icmp eq i32 %lane, 0
  br i1 %is.leader, label %store, label %latch
store:
  store i32 %i, ptr %y, align 4, !llvm.access.group !0
  br label %latch
latch:
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit, !llvm.loop !1
exit:
  ret void
}

; CHECK-LABEL: define void @not_a_thread_loop(
; CHECK-NOT:     singled.out
; CHECK:         br i1 %more, label %body, label %exit
define void @not_a_thread_loop(ptr %y, i32 %first, i32 %end, i32 %lane.first) {
entry:
  br label %body
body:
  %i = phi i32 [ %first, %entry ], [ %i.next, %latch ]
  %offset = sub i32 %i, %first
  %lane = add i32 %lane.first, %offset
  %is.leader = icmp eq i32 %lane, 0
  br i1 %is.leader, label %store, label %latch
store:
  store i32 %i, ptr %y, align 4
  br label %latch
latch:
  %i.next = add nuw i32 %i, 1
  %more = icmp ult i32 %i.next, %end
  br i1 %more, label %body, label %exit
exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
