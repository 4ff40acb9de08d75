; A phi in a thread loop that picks one of two invariant values, on paths that a branch on an
; invariant condition keeps apart (the halo rows of a 2D stencil, `threadIdx.y == 0` and
; `threadIdx.y == 7`, whose stores LLVM sank into one, after LowerSwitch's `threadIdx.y < 7`),
; becomes a select in the preheader, so the store's address is uniform plus the thread index.
; Left alone: a phi whose paths are told apart by the thread index, one whose values change
; from thread to thread, and one that picks a value to store rather than an address.
; RUN: %opt -passes=drawbridge-hoist-invariant-choices -S %s | FileCheck %s

; CHECK-LABEL: define void @halo_rows(
; CHECK:       entry:
; CHECK:         [[LOWER:%.*]] = icmp slt i32 %ty, 7
; CHECK-NEXT:    %row.choice = select i1 [[LOWER]], i64 0, i64 9
; CHECK-NEXT:    %from.choice = select i1 [[LOWER]], i32 %above, i32 %below
; CHECK-NEXT:    br label %header
; CHECK:       halo:
; CHECK-NOT:     phi
; CHECK:         %src = add i32 %from.choice, %i
; CHECK:         getelementptr inbounds [10 x [34 x float]], ptr %tile, i64 0, i64 %row.choice, i64 %wide
define void @halo_rows(ptr %in, ptr %tile, i32 %ty, i32 %above, i32 %below, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %latch ]
  %wide = zext i32 %i to i64
  %lower = icmp slt i32 %ty, 7
  br i1 %lower, label %maybe.top, label %maybe.bottom

maybe.top:
  %top = icmp eq i32 %ty, 0
  br i1 %top, label %top.row, label %latch

maybe.bottom:
  %bottom = icmp eq i32 %ty, 7
  br i1 %bottom, label %bottom.row, label %latch

top.row:
  br label %halo

bottom.row:
  br label %halo

halo:
  %row = phi i64 [ 0, %top.row ], [ 9, %bottom.row ]
  %from = phi i32 [ %above, %top.row ], [ %below, %bottom.row ]
  %src = add i32 %from, %i
  %src.wide = sext i32 %src to i64
  %src.at = getelementptr inbounds float, ptr %in, i64 %src.wide
  %v = load float, ptr %src.at, align 4, !llvm.access.group !2
  %dst = getelementptr inbounds [10 x [34 x float]], ptr %tile, i64 0, i64 %row, i64 %wide
  store float %v, ptr %dst, align 4, !llvm.access.group !2
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !0

exit:
  ret void
}

; CHECK-LABEL: define void @by_thread(
; CHECK:       join:
; CHECK-NEXT:    %slot = phi i64 [ 0, %first ], [ 1, %rest ]
define void @by_thread(ptr %out, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %join ]
  %is.first = icmp eq i32 %i, 0
  br i1 %is.first, label %first, label %rest

first:
  br label %join

rest:
  br label %join

join:
  %slot = phi i64 [ 0, %first ], [ 1, %rest ]
  %at = getelementptr inbounds i32, ptr %out, i64 %slot
  store i32 %i, ptr %at, align 4, !llvm.access.group !5
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !3

exit:
  ret void
}

; CHECK-LABEL: define void @varying_values(
; CHECK:       join:
; CHECK-NEXT:    %value = phi i32 [ %i, %yes ], [ %twice, %no ]
define void @varying_values(ptr %out, i1 %flag, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %join ]
  %twice = shl i32 %i, 1
  br i1 %flag, label %yes, label %no

yes:
  br label %join

no:
  br label %join

join:
  %value = phi i32 [ %i, %yes ], [ %twice, %no ]
  %wide = zext i32 %i to i64
  %at = getelementptr inbounds i32, ptr %out, i64 %wide
  store i32 %value, ptr %at, align 4, !llvm.access.group !8
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !6

exit:
  ret void
}

; CHECK-LABEL: define void @stored_choice(
; CHECK:       join:
; CHECK-NEXT:    %state = phi i32 [ 1, %yes ], [ 3, %no ]
define void @stored_choice(ptr %out, i1 %flag, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ 0, %entry ], [ %next, %join ]
  br i1 %flag, label %yes, label %no

yes:
  br label %join

no:
  br label %join

join:
  %state = phi i32 [ 1, %yes ], [ 3, %no ]
  %wide = zext i32 %i to i64
  %at = getelementptr inbounds i32, ptr %out, i64 %wide
  store i32 %state, ptr %at, align 4, !llvm.access.group !11
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !9

exit:
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
!3 = distinct !{!3, !4}
!4 = !{!"llvm.loop.parallel_accesses", !5}
!5 = distinct !{}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.parallel_accesses", !8}
!8 = distinct !{}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.parallel_accesses", !11}
!11 = distinct !{}
