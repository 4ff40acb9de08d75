; A run loop (FormQuotientRuns: at most 32 lanes) whose lanes each run a row loop striding by
; the run's width from a row start plus the lane, with a bound the whole run shares. The row
; bounds' loads move before the lanes; a copy for runs of exactly 32 lanes counts the lanes;
; each copy becomes an init loop (every lane's first sum and whether it enters the row loop,
; stored from the latch), rounds (each lane still in the row loop runs one iteration with
; k = k0 + r * 32 and its sum from its slot; stored from the latch, whichever way the lane
; came), and the lane loop itself, which takes the sum from the slot where the row loop was.
; A stride below the run's width and a row loop that stores are left alone.
; RUN: %opt -passes=drawbridge-lockstep-run-loops -S %s | FileCheck %s

; CHECK-LABEL: define void @csr_rows(
; CHECK:         %lockstep.alive = alloca [32 x i8]
; CHECK:         %sum.slots = alloca [32 x float]
; CHECK:         %run.full = icmp eq i32 {{%.*}}, 31
; CHECK-NEXT:    br i1 %run.full, label %entry.split.full, label %entry.split
; CHECK:       latch.full:
; CHECK:         %lockstep.lane.next{{[0-9]+}} = add i32 %lockstep.lane{{[0-9]+}}, 1
; CHECK-NEXT:    [[COUNTED:%.*]] = icmp ult i32 %lockstep.lane.next{{[0-9]+}}, 32
; CHECK-NEXT:    br i1 [[COUNTED]], label %lanes.full, label %exit
; CHECK:       entry.split.split:
; CHECK-NEXT:    %start = load i32, ptr %starts
; CHECK-NEXT:    %end = load i32, ptr %pend
; CHECK-NEXT:    br label %lanes.lockstep.init
; CHECK:       lanes:
; CHECK-NEXT:    %lockstep.lane = phi i32 [ 0, %lockstep.done ], [ %lockstep.lane.next, %latch ]
; CHECK:       ph:
; CHECK-NEXT:    [[SLOT:%.*]] = zext i32 %lockstep.lane to i64
; CHECK-NEXT:    [[AT:%.*]] = getelementptr inbounds [32 x float], ptr %sum.slots, i64 0, i64 [[SLOT]]
; CHECK-NEXT:    [[SUM:%.*]] = load float, ptr [[AT]]
; CHECK-NEXT:    br label %after
; CHECK:       after:
; CHECK-NEXT:    %s = phi float [ 0.000000e+00, %lanes ], [ [[SUM]], %ph ]
; CHECK:       latch:
; CHECK:         br i1 %more, label %lanes, label %exit
; CHECK:       lockstep.round:
; CHECK-NEXT:    %lockstep.r = phi i32 [ 0, %lockstep.init.latch ], [ [[RNEXT:%.*]], %lockstep.round.latch ]
; CHECK:       lockstep.round.latch:
; CHECK-NEXT:    [[RNEXT]] = add i32 %lockstep.r, 1
; CHECK-NEXT:    br i1 %lockstep.any.next, label %lockstep.round, label %lockstep.done
; CHECK:       lockstep.init.latch:
; CHECK-NEXT:    %sum.first = phi float [ 0.000000e+00, %lockstep.init.enter ], [ poison, %lockstep.init.skip ]
; CHECK-NEXT:    %lockstep.alive.first = phi i8 [ 1, %lockstep.init.enter ], [ 0, %lockstep.init.skip ]
; CHECK:         store i8 %lockstep.alive.first
; CHECK:         store float %sum.first
; CHECK:         br i1 %more.copy, label %lanes.lockstep.init, label %lockstep.round
; CHECK:       lanes.lockstep.rounds:
; CHECK:         [[ALIVE:%.*]] = load i8, ptr
; CHECK:         [[BEFORE:%.*]] = load float, ptr
; CHECK:       lockstep.rounds.enter:
; CHECK-NEXT:    [[ISALIVE:%.*]] = icmp ne i8 [[ALIVE]], 0
; CHECK-NEXT:    br i1 [[ISALIVE]], label %lockstep.rounds.step, label %lockstep.rounds.skip
; CHECK:       lockstep.rounds.latch:
; CHECK-NEXT:    %sum.next{{[0-9]+}} = phi float [ %sum.next{{[0-9]+}}, %lockstep.rounds.step ], [ [[BEFORE]], %lockstep.rounds.skip ]
; CHECK-NEXT:    %lockstep.stays = phi i8 [ [[STAYS:%.*]], %lockstep.rounds.step ], [ 0, %lockstep.rounds.skip ]
; CHECK:         store i8 %lockstep.stays
; CHECK:         store float %sum.next
; CHECK:         %lockstep.any.next = or i1 %lockstep.any,
; CHECK:       lockstep.rounds.step:
; CHECK-NEXT:    [[RK:%.*]] = mul i32 %lockstep.r, 32
; CHECK-NEXT:    %lockstep.k = add i32 %k0.lockstep.rounds, [[RK]]
; CHECK-NEXT:    %kw{{[0-9]+}} = sext i32 %lockstep.k to i64
; CHECK:         fadd float [[BEFORE]],
; CHECK:         [[AGAIN:%.*]] = icmp slt i32 %k.next{{[0-9]+}}, %end
; CHECK-NEXT:    [[STAYS]] = zext i1 [[AGAIN]] to i8

; A thread loop that is no run loop gets the rewrite in a copy for rows of exactly 32 threads
; (a 2D block of warp-wide rows); the loop for other rows stays as it was.
; CHECK-LABEL: define void @block_rows(
; CHECK:         %run.full = icmp eq i32 {{%.*}}, 31
; CHECK:       lanes:
; CHECK-NOT:   {{^[a-z.0-9]+:}}
; CHECK:         br i1 %enter, label %ph, label %after
; CHECK:       ph:
; CHECK-NEXT:    br label %inner
; CHECK:       inner:
; CHECK:         br i1 %again, label %inner, label %after
; CHECK:       lanes.full.lockstep.rounds:

; CHECK-LABEL: define void @short_stride(
; CHECK-NOT:   lockstep
; CHECK-LABEL: define void @inner_stores(
; CHECK-NOT:   lockstep

define void @csr_rows(ptr %y, ptr %starts, ptr %vals, i32 %first, i32 %count) {
entry:
  %pend = getelementptr inbounds i32, ptr %starts, i64 1
  br label %lanes

lanes:
  %tid = phi i32 [ %first, %entry ], [ %tid.next, %latch ]
  %lane = sub i32 %tid, %first
  %start = load i32, ptr %starts, align 4, !llvm.access.group !0
  %end = load i32, ptr %pend, align 4, !llvm.access.group !0
  %k0 = add nsw i32 %start, %lane
  %enter = icmp slt i32 %k0, %end
  br i1 %enter, label %ph, label %after

ph:
  br label %inner

inner:
  %k = phi i32 [ %k0, %ph ], [ %k.next, %inner ]
  %sum = phi float [ 0.0, %ph ], [ %sum.next, %inner ]
  %kw = sext i32 %k to i64
  %p = getelementptr inbounds float, ptr %vals, i64 %kw
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %sum.next = fadd float %sum, %v
  %k.next = add nsw i32 %k, 32
  %again = icmp slt i32 %k.next, %end
  br i1 %again, label %inner, label %after

after:
  %s = phi float [ 0.0, %lanes ], [ %sum.next, %inner ]
  %tw = zext i32 %tid to i64
  %py = getelementptr inbounds float, ptr %y, i64 %tw
  store float %s, ptr %py, align 4, !llvm.access.group !0
  br label %latch

latch:
  %tid.next = add nuw i32 %tid, 1
  %more = icmp ult i32 %tid.next, %count
  br i1 %more, label %lanes, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @block_rows(ptr %y, ptr %starts, ptr %vals, i32 %first, i32 %count) {
entry:
  %pend = getelementptr inbounds i32, ptr %starts, i64 1
  br label %lanes

lanes:
  %tid = phi i32 [ %first, %entry ], [ %tid.next, %latch ]
  %lane = sub i32 %tid, %first
  %start = load i32, ptr %starts, align 4, !llvm.access.group !0
  %end = load i32, ptr %pend, align 4, !llvm.access.group !0
  %k0 = add nsw i32 %start, %lane
  %enter = icmp slt i32 %k0, %end
  br i1 %enter, label %ph, label %after

ph:
  br label %inner

inner:
  %k = phi i32 [ %k0, %ph ], [ %k.next, %inner ]
  %sum = phi float [ 0.0, %ph ], [ %sum.next, %inner ]
  %kw = sext i32 %k to i64
  %p = getelementptr inbounds float, ptr %vals, i64 %kw
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %sum.next = fadd float %sum, %v
  %k.next = add nsw i32 %k, 32
  %again = icmp slt i32 %k.next, %end
  br i1 %again, label %inner, label %after

after:
  %s = phi float [ 0.0, %lanes ], [ %sum.next, %inner ]
  %tw = zext i32 %tid to i64
  %py = getelementptr inbounds float, ptr %y, i64 %tw
  store float %s, ptr %py, align 4, !llvm.access.group !0
  br label %latch

latch:
  %tid.next = add nuw i32 %tid, 1
  %more = icmp ult i32 %tid.next, %count
  br i1 %more, label %lanes, label %exit, !llvm.loop !6

exit:
  ret void
}

define void @short_stride(ptr %y, ptr %starts, ptr %vals, i32 %first, i32 %count) {
entry:
  %pend = getelementptr inbounds i32, ptr %starts, i64 1
  br label %lanes

lanes:
  %tid = phi i32 [ %first, %entry ], [ %tid.next, %latch ]
  %lane = sub i32 %tid, %first
  %start = load i32, ptr %starts, align 4, !llvm.access.group !0
  %end = load i32, ptr %pend, align 4, !llvm.access.group !0
  %k0 = add nsw i32 %start, %lane
  %enter = icmp slt i32 %k0, %end
  br i1 %enter, label %ph, label %after

ph:
  br label %inner

inner:
  %k = phi i32 [ %k0, %ph ], [ %k.next, %inner ]
  %sum = phi float [ 0.0, %ph ], [ %sum.next, %inner ]
  %kw = sext i32 %k to i64
  %p = getelementptr inbounds float, ptr %vals, i64 %kw
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %sum.next = fadd float %sum, %v
  %k.next = add nsw i32 %k, 8
  %again = icmp slt i32 %k.next, %end
  br i1 %again, label %inner, label %after

after:
  %s = phi float [ 0.0, %lanes ], [ %sum.next, %inner ]
  %tw = zext i32 %tid to i64
  %py = getelementptr inbounds float, ptr %y, i64 %tw
  store float %s, ptr %py, align 4, !llvm.access.group !0
  br label %latch

latch:
  %tid.next = add nuw i32 %tid, 1
  %more = icmp ult i32 %tid.next, %count
  br i1 %more, label %lanes, label %exit, !llvm.loop !4

exit:
  ret void
}

define void @inner_stores(ptr %y, ptr %starts, ptr %vals, i32 %first, i32 %count) {
entry:
  %pend = getelementptr inbounds i32, ptr %starts, i64 1
  br label %lanes

lanes:
  %tid = phi i32 [ %first, %entry ], [ %tid.next, %latch ]
  %lane = sub i32 %tid, %first
  %start = load i32, ptr %starts, align 4, !llvm.access.group !0
  %end = load i32, ptr %pend, align 4, !llvm.access.group !0
  %k0 = add nsw i32 %start, %lane
  %enter = icmp slt i32 %k0, %end
  br i1 %enter, label %ph, label %latch

ph:
  br label %inner

inner:
  %k = phi i32 [ %k0, %ph ], [ %k.next, %inner ]
  %kw = sext i32 %k to i64
  %p = getelementptr inbounds float, ptr %vals, i64 %kw
  store float 0.0, ptr %p, align 4, !llvm.access.group !0
  %k.next = add nsw i32 %k, 32
  %again = icmp slt i32 %k.next, %end
  br i1 %again, label %inner, label %latch

latch:
  %tid.next = add nuw i32 %tid, 1
  %more = icmp ult i32 %tid.next, %count
  br i1 %more, label %lanes, label %exit, !llvm.loop !5

exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2, !3}
!2 = !{!"llvm.loop.parallel_accesses", !0}
!3 = !{!"drawbridge.thread.run", i32 32}
!4 = distinct !{!4, !2, !3}
!5 = distinct !{!5, !2, !3}
!6 = distinct !{!6, !2}
