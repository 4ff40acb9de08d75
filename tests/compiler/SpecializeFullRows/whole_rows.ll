; A thread loop marked as having short rows gets copies for a whole row of 32, of 16 and of
; 8 threads, behind guards on its start and end, in which both are constants; other rows run
; the loop as it was, also when GVN left its increment as a phi of the same add on two paths
; (a thread that returned early and one that did not). Loops without the mark, and loops whose
; end is already a constant, are left alone.
; RUN: %opt -passes=drawbridge-specialize-full-rows -S %s | FileCheck %s

; CHECK-LABEL: define void @row(
; CHECK:         [[START32:%.*]] = icmp eq i64 %start, 0
; CHECK-NEXT:    [[END32:%.*]] = icmp eq i32 %end, 32
; CHECK-NEXT:    %row.of.32 = and i1 [[START32]], [[END32]]
; CHECK-NEXT:    br i1 %row.of.32, label %entry.split.row32, label %entry.split
; CHECK:       header.row32:
; CHECK-NEXT:    %i.row32 = phi i64 [ 0, %entry.split.row32 ], [ %next.row32, %header.row32 ]
; CHECK:         %more.row32 = icmp ult i32 %next.narrow.row32, 32
; CHECK:       entry.split:
; CHECK-NEXT:    [[START16:%.*]] = icmp eq i64 %start, 0
; CHECK-NEXT:    [[END16:%.*]] = icmp eq i32 %end, 16
; CHECK-NEXT:    %row.of.16 = and i1 [[START16]], [[END16]]
; CHECK-NEXT:    br i1 %row.of.16, label %entry.split.split.row16, label %entry.split.split
; CHECK:       header.row16:
; CHECK-NEXT:    %i.row16 = phi i64 [ 0, %entry.split.split.row16 ], [ %next.row16, %header.row16 ]
; CHECK:         %more.row16 = icmp ult i32 %next.narrow.row16, 16
; CHECK:       entry.split.split:
; CHECK-NEXT:    [[START8:%.*]] = icmp eq i64 %start, 0
; CHECK-NEXT:    [[END8:%.*]] = icmp eq i32 %end, 8
; CHECK-NEXT:    %row.of.8 = and i1 [[START8]], [[END8]]
; CHECK-NEXT:    br i1 %row.of.8, label %entry.split.split.split.row8, label %entry.split.split.split
; CHECK:       header.row8:
; CHECK-NEXT:    %i.row8 = phi i64 [ 0, %entry.split.split.split.row8 ], [ %next.row8, %header.row8 ]
; CHECK:         %more.row8 = icmp ult i32 %next.narrow.row8, 8
; CHECK:       header:
; CHECK-NEXT:    %i = phi i64 [ %start, %entry.split.split.split ], [ %next, %header ]
; CHECK:         %more = icmp ult i32 %next.narrow, %end
define void @row(ptr %out, i64 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i64 [ %start, %entry ], [ %next, %header ]
  %at = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 1, ptr %at, align 4, !llvm.access.group !2
  %next = add nuw nsw i64 %i, 1
  %next.narrow = trunc i64 %next to i32
  %more = icmp ult i32 %next.narrow, %end
  br i1 %more, label %header, label %exit, !llvm.loop !0

exit:
  ret void
}

; CHECK-LABEL: define void @repeated_increment(
; CHECK:         %row.of.32 = and i1
; CHECK:         %row.of.16 = and i1
; CHECK:         %row.of.8 = and i1
; CHECK:       join:
; CHECK-NEXT:    %next = add nuw nsw i32 %i, 1
define void @repeated_increment(ptr %out, i32 %start, i32 %end, i1 %early) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %join ]
  br i1 %early, label %left, label %work

work:
  %wide = zext i32 %i to i64
  %at = getelementptr inbounds i32, ptr %out, i64 %wide
  store i32 1, ptr %at, align 4, !llvm.access.group !2
  %next.work = add nuw nsw i32 %i, 1
  br label %join

left:
  %next.left = add nuw nsw i32 %i, 1
  br label %join

join:
  %next = phi i32 [ %next.work, %work ], [ %next.left, %left ]
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !10

exit:
  ret void
}

; CHECK-LABEL: define void @unmarked(
; CHECK-NOT:     row.of
; CHECK:         ret void
define void @unmarked(ptr %out, i64 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i64 [ %start, %entry ], [ %next, %header ]
  %at = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 1, ptr %at, align 4, !llvm.access.group !6
  %next = add nuw nsw i64 %i, 1
  %next.narrow = trunc i64 %next to i32
  %more = icmp ult i32 %next.narrow, %end
  br i1 %more, label %header, label %exit, !llvm.loop !4

exit:
  ret void
}

; CHECK-LABEL: define void @constant_end(
; CHECK-NOT:     row.of
; CHECK:         ret void
define void @constant_end(ptr %out, i64 %start) {
entry:
  br label %header

header:
  %i = phi i64 [ %start, %entry ], [ %next, %header ]
  %at = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 1, ptr %at, align 4, !llvm.access.group !9
  %next = add nuw nsw i64 %i, 1
  %next.narrow = trunc i64 %next to i32
  %more = icmp ult i32 %next.narrow, 64
  br i1 %more, label %header, label %exit, !llvm.loop !7

exit:
  ret void
}

!0 = distinct !{!0, !1, !3}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
!3 = !{!"drawbridge.loop.short_rows"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.parallel_accesses", !6}
!6 = distinct !{}
!7 = distinct !{!7, !8, !3}
!8 = !{!"llvm.loop.parallel_accesses", !9}
!9 = distinct !{}
!10 = distinct !{!10, !1, !3}
