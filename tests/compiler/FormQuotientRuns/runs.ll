; A thread loop that takes a row and a lane out of the flat index (`g >> 5`, `g & 31`) becomes
; an inner loop over a run of threads with one row: the run header computes the row once from
; the run's first index, and the run's length, the threads left before the next multiple of
; 32; the lane is the run's first lane plus the thread's offset in the run, affine in the
; thread; the inner loop stops at the run's end, the run latch goes on while the old test
; holds. sdiv and srem by 16 take runs one thread long where the index is negative. A mask
; of high bits (`g & 992`, the warp's first thread within a 1024-thread block, as CUB's
; warp-striped stores compute it) keeps a quotient's bits and is the run's. A divisor below 16,
; a quotient that reaches no address, and a loop that is no thread loop are left alone.
; RUN: %opt -passes=drawbridge-form-quotient-runs -S %s | FileCheck %s

; CHECK-LABEL: define void @warp_rows(
; CHECK:       body.run:
; CHECK-NEXT:    %tid.run = phi i32 [ 0, %entry ], [ %tid.next.lcssa, %body.run.latch ]
; CHECK-NEXT:    %g.copy = add i32 %base, %tid.run
; CHECK-NEXT:    [[LOW:%.*]] = and i32 %g.copy, 31
; CHECK-NEXT:    %run.left = sub i32 32, [[LOW]]
; CHECK-NEXT:    %row.run = lshr i32 %g.copy, 5
; CHECK-NEXT:    %lane.run = and i32 %g.copy, 31
; CHECK-NEXT:    [[LAST:%.*]] = sub i32 %run.left, 1
; CHECK-NEXT:    [[END:%.*]] = add i32 %tid.run, [[LAST]]
; CHECK-NEXT:    %run.end = call i32 @llvm.umin.i32(i32 %count, i32 [[END]])
; CHECK:       body:
; CHECK-NOT:     lshr
; CHECK:         [[OFFSET:%.*]] = sub i32 %g, %g.copy
; CHECK-NEXT:    %lane.in.run = add i32 %lane.run, [[OFFSET]]
; CHECK-NEXT:    %roww = zext i32 %row.run to i64
; CHECK:         %k = add i32 %start, %lane.in.run
; CHECK:         %more = icmp ult i32 %tid, %count
; CHECK-NEXT:    %in.run = icmp ult i32 %tid, %run.end
; CHECK-NEXT:    br i1 %in.run, label %body, label %body.run.latch, !llvm.loop [[RUNLOOP:![0-9]+]]
; CHECK:       body.run.latch:
; CHECK:         br i1 %more.lcssa, label %body.run, label %exit

; CHECK-LABEL: define void @signed_groups(
; CHECK:         [[LOW:%.*]] = and i32 %g.copy, 15
; CHECK-NEXT:    %run.left = sub i32 16, [[LOW]]
; CHECK-NEXT:    [[NEG:%.*]] = icmp slt i32 %g.copy, 0
; CHECK-NEXT:    {{%.*}} = select i1 [[NEG]], i32 1, i32 %run.left
; CHECK-NEXT:    %group.run = sdiv i32 %g.copy, 16
; CHECK-NEXT:    %member.run = srem i32 %g.copy, 16
; CHECK:       body:
; CHECK-NOT:     sdiv
; CHECK-NOT:     srem
; CHECK:         %member.in.run = add i32 %member.run,
; CHECK:         %k = mul i32 %group.run, 100

; CHECK-LABEL: define void @warp_base(
; CHECK:         [[LOW:%.*]] = and i32 %g.copy, 31
; CHECK-NEXT:    %run.left = sub i32 32, [[LOW]]
; CHECK:         %first.run = and i32 %g.copy, 992
; CHECK:         %lane.run = and i32 %g.copy, 31
; CHECK:       body:
; CHECK-NOT:     and i32 %g,
; CHECK:         %lane.in.run = add i32 %lane.run,
; CHECK:         %stripe = mul i32 %first.run, 12

; CHECK-LABEL: define void @small_divisor(
; CHECK-NOT:   .run
; CHECK-LABEL: define void @not_an_address(
; CHECK-NOT:   .run
; CHECK-LABEL: define void @not_a_thread_loop(
; CHECK-NOT:   .run
; CHECK:       [[RUNLOOP]] = distinct !{[[RUNLOOP]], {{![0-9]+}}, [[LENGTH:![0-9]+]]}
; CHECK:       [[LENGTH]] = !{!"drawbridge.thread.run", i32 32}

define void @warp_rows(ptr %out, ptr %starts, ptr %in, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %g = add i32 %base, %tid
  %row = lshr i32 %g, 5
  %lane = and i32 %g, 31
  %roww = zext i32 %row to i64
  %ps = getelementptr inbounds i32, ptr %starts, i64 %roww
  %start = load i32, ptr %ps, align 4, !llvm.access.group !0
  %k = add i32 %start, %lane
  %kw = sext i32 %k to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %kw
  %v = load float, ptr %pi, align 4, !llvm.access.group !0
  %gw = zext i32 %g to i64
  %po = getelementptr inbounds float, ptr %out, i64 %gw
  store float %v, ptr %po, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @signed_groups(ptr %out, ptr %in, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %g = add i32 %base, %tid
  %group = sdiv i32 %g, 16
  %member = srem i32 %g, 16
  %k = mul i32 %group, 100
  %j = add i32 %k, %member
  %jw = sext i32 %j to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %jw
  %v = load float, ptr %pi, align 4, !llvm.access.group !0
  %gw = sext i32 %g to i64
  %po = getelementptr inbounds float, ptr %out, i64 %gw
  store float %v, ptr %po, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @warp_base(ptr %out, ptr %in, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %g = add i32 %base, %tid
  %first = and i32 %g, 992
  %lane = and i32 %g, 31
  %stripe = mul i32 %first, 12
  %k = add i32 %stripe, %lane
  %kw = zext i32 %k to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %kw
  %v = load float, ptr %pi, align 4, !llvm.access.group !0
  %gw = zext i32 %g to i64
  %po = getelementptr inbounds float, ptr %out, i64 %gw
  store float %v, ptr %po, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @small_divisor(ptr %out, ptr %in, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %g = add i32 %base, %tid
  %q = lshr i32 %g, 3
  %qw = zext i32 %q to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %qw
  %v = load float, ptr %pi, align 4, !llvm.access.group !0
  %gw = zext i32 %g to i64
  %po = getelementptr inbounds float, ptr %out, i64 %gw
  store float %v, ptr %po, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @not_an_address(ptr %out, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %g = add i32 %base, %tid
  %q = lshr i32 %g, 5
  %gw = zext i32 %g to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %gw
  store i32 %q, ptr %po, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @not_a_thread_loop(ptr %out, ptr %in, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %g = add i32 %base, %k
  %q = lshr i32 %g, 5
  %qw = zext i32 %q to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %qw
  %v = load float, ptr %pi, align 4
  store float %v, ptr %out, align 4
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k, %count
  br i1 %more, label %body, label %exit

exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
