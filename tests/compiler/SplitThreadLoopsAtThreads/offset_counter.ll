; The block-wide index of a row's thread, `t = row.base +nuw i`, compared with a constant
; (cooperative groups' `thread_rank() == 0`) singles out a low thread: t >= i, so t == 0 only
; where i <= 0, in whichever row. The pre-loop runs i below 1 and the main loop folds the
; branch. Without `nuw` the offset could wrap, and the singled-out thread stays high (at
; 0 - row.base).
; RUN: %opt -passes=drawbridge-split-thread-loops-at-threads -S %s | FileCheck %s

; CHECK-LABEL: define void @block_first(
; CHECK:         [[EMPTY:%.*]] = icmp uge i32 %start, %end
; CHECK-NEXT:    [[SHORT:%.*]] = icmp ugt i32 1, %end
; CHECK-NEXT:    [[UNSPLIT:%.*]] = or i1 [[EMPTY]], [[SHORT]]
; CHECK-NEXT:    br i1 [[UNSPLIT]], label %entry.split.unsplit, label %entry.split
; CHECK:       header:
; CHECK:         br i1 false, label %first.thread, label %latch
; CHECK:       header.preloop:
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
