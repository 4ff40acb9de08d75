; The block-wide index of a row's thread, `t = row.base +nuw i`, compared with a constant
; (cooperative groups' `thread_rank() == 0`) singles out a low thread: t >= i, so t == 0 only
; where i <= 0, in whichever row. The pre-loop runs i below 1 and the main loop folds the
; branch. Without `nuw` the offset could wrap, and the singled-out thread stays high (at
; 0 - row.base). A range of the block-wide index against a constant (a reduction's tail,
; `thread_rank() < 32`) holds only where i < 32: the pre-loop runs those threads, vectorised
; like the loop (it keeps the loop's metadata), and the main loop from 32 on folds the branch.
; Signed, or past 64 threads, such a range is left alone.
; RUN: %opt -passes=drawbridge-split-thread-loops-at-threads -S %s | FileCheck %s

; CHECK-LABEL: define void @block_first(
; CHECK:         [[EMPTY:%.*]] = icmp uge i32 %start, %end
; CHECK-NEXT:    [[SHORT:%.*]] = icmp ugt i32 1, %end
; CHECK-NEXT:    [[UNSPLIT:%.*]] = or i1 [[EMPTY]], [[SHORT]]
; CHECK-NEXT:    br i1 [[UNSPLIT]], label %entry.split.unsplit, label %entry.split
; CHECK:       header:
; CHECK:         br i1 false, label %first.thread, label %latch
; CHECK:       header.preloop:
; CHECK-LABEL: define void @first_warp(
; CHECK:         [[EMPTY:%.*]] = icmp uge i32 %start, %end
; CHECK-NEXT:    [[SHORT:%.*]] = icmp ugt i32 32, %end
; CHECK-NEXT:    [[UNSPLIT:%.*]] = or i1 [[EMPTY]], [[SHORT]]
; CHECK:       header:
; CHECK:         br i1 false, label %warp, label %latch
; CHECK:         br i1 %more, label %header, label %exit.loopexit.loopexit, !llvm.loop [[MAIN:![0-9]+]]
; CHECK:       header.preloop:
; CHECK:         br i1 {{%.*}}, label %header.preloop, label %preloop.exit.selector, !llvm.loop [[MAIN]]
; CHECK-LABEL: define void @signed_rank(
; CHECK-NOT:     preloop
; CHECK-LABEL: define void @wide_rank(
; CHECK-NOT:     preloop
; CHECK-LABEL: define void @wrapping_offset(
; CHECK:         sub i32 0, %rowbase
define void @block_first(ptr %out, i32 %rowbase, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %t = add nuw nsw i32 %rowbase, %i
  %first = icmp eq i32 %t, 0
  br i1 %first, label %first.thread, label %latch

first.thread:
  store i32 -1, ptr %out, align 4, !llvm.access.group !2
  br label %latch

latch:
  %wide = zext i32 %i to i64
  %slot = add nuw nsw i64 %wide, 2
  %at = getelementptr inbounds i32, ptr %out, i64 %slot
  store i32 %i, ptr %at, align 4, !llvm.access.group !2
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !0

exit:
  ret void
}

define void @first_warp(ptr %out, i32 %rowbase, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %t = add nuw nsw i32 %rowbase, %i
  %low = icmp ult i32 %t, 32
  br i1 %low, label %warp, label %latch

warp:
  %wide.t = zext i32 %t to i64
  %in = getelementptr inbounds i32, ptr %out, i64 %wide.t
  store i32 1, ptr %in, align 4, !llvm.access.group !8
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !6

exit:
  ret void
}

define void @signed_rank(ptr %out, i32 %rowbase, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %t = add nuw nsw i32 %rowbase, %i
  %low = icmp slt i32 %t, 32
  br i1 %low, label %warp, label %latch

warp:
  %wide.t = zext i32 %t to i64
  %in = getelementptr inbounds i32, ptr %out, i64 %wide.t
  store i32 1, ptr %in, align 4, !llvm.access.group !11
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !9

exit:
  ret void
}

define void @wide_rank(ptr %out, i32 %rowbase, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %t = add nuw nsw i32 %rowbase, %i
  %low = icmp ult i32 %t, 128
  br i1 %low, label %warp, label %latch

warp:
  %wide.t = zext i32 %t to i64
  %in = getelementptr inbounds i32, ptr %out, i64 %wide.t
  store i32 1, ptr %in, align 4, !llvm.access.group !14
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !12

exit:
  ret void
}

define void @wrapping_offset(ptr %out, i32 %rowbase, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %t = add i32 %rowbase, %i
  %first = icmp eq i32 %t, 0
  br i1 %first, label %first.thread, label %latch

first.thread:
  store i32 -1, ptr %out, align 4, !llvm.access.group !5
  br label %latch

latch:
  %wide = zext i32 %i to i64
  %slot = add nuw nsw i64 %wide, 2
  %at = getelementptr inbounds i32, ptr %out, i64 %slot
  store i32 %i, ptr %at, align 4, !llvm.access.group !5
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !3

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
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.parallel_accesses", !14}
!14 = distinct !{}
