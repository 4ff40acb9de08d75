; A thread loop whose body singles out thread 0 (low: run by a pre-loop) and thread 31 (high:
; the post-loop from it on) is split by LoopConstrainer; in the main loop between them both
; branches are folded to the side the other threads take, and the post-loop keeps the thread
; loop's metadata so that it vectorises too. The post-loop runs the threads past both limits:
; there the low candidates are decided as in the main loop, and a high range whose threshold is
; the high limit the other way; a high `== C` (true at one thread of the post-loop) and a high
; range past another high limit stay. A plain copy of the loop (".unsplit") runs when
; the row is empty or shorter than the singled-out threads. The main loop is marked to be
; vectorised with its tail masked (30 of a 32-thread row would leave a remainder), which the
; vectoriser does only for a loop none of whose values is used after it: the post-loop's start
; is computed outside the loop instead. A main loop that may run many threads (below an unknown
; bound), that has strided accesses, or that runs from the row's start up to a multiple of 16
; threads (`i < 32`: whole vectors, no remainder to mask) is not marked. Ranges (`i < 3`, `i >= hi`) split
; the same way. A loop whose branch compares the thread index with a value that changes in
; the loop is left alone.
; RUN: %opt -passes=drawbridge-split-thread-loops-at-threads -S %s | FileCheck %s
; The marks that tell the copies' candidates apart are gone afterwards.
; RUN: %opt -passes=drawbridge-split-thread-loops-at-threads -S %s | FileCheck %s --check-prefix=MARKS
; MARKS-NOT: drawbridge.split.candidate

; CHECK-LABEL: define void @halo(
; CHECK:         [[EMPTY:%.*]] = icmp uge i32 %start, %end
; CHECK-NEXT:    [[LOW:%.*]] = icmp ugt i32 1, %end
; CHECK-NEXT:    [[OR1:%.*]] = or i1 [[EMPTY]], [[LOW]]
; CHECK-NEXT:    [[HIGH:%.*]] = icmp ugt i32 31, %end
; CHECK-NEXT:    [[UNSPLIT:%.*]] = or i1 [[OR1]], [[HIGH]]
; CHECK-NEXT:    br i1 [[UNSPLIT]], label %entry.split.unsplit, label %entry.split
; CHECK:       header.unsplit:
; CHECK:         br i1 %first.unsplit,
; CHECK:         br i1 %last.unsplit,
; CHECK:       header:
; CHECK:         br i1 false, label %halo.low, label %body
; CHECK:       body:
; CHECK:         br i1 false, label %halo.high, label %latch
; CHECK:       latch:
; CHECK:         br i1 {{%.*}}, label %header, label %split.exit.selector, !llvm.loop [[MAIN:![0-9]+]]
; CHECK:       split.exit.selector:
; CHECK-NEXT:    icmp ult i32 %umax, %end
; CHECK:       split.pseudo.exit:
; CHECK-NEXT:    %i.copy = phi i32 [ %i.preloop.copy, %mainloop ], [ %umax, %split.exit.selector ]
; CHECK:       header.preloop:
; CHECK:         br i1 %first.preloop,
; CHECK:       header.postloop:
; CHECK:         br i1 false, label %halo.low.postloop, label %body.postloop
; CHECK:         br i1 %last.postloop,
; CHECK:         br i1 %more.postloop, label %header.postloop, label {{%.*}}, !llvm.loop [[THREADLOOP:![0-9]+]]

; Ranges: `i < 3` is low (the pre-loop ends at 3) and `i >= hi` high; in the main loop both
; are false.
; CHECK-LABEL: define void @ranges(
; CHECK:         icmp ugt i32 3, %end
; CHECK:         icmp ugt i32 {{%.*}}, %end
; CHECK:       header:
; CHECK:         br i1 false, label %low, label %body
; CHECK:       body:
; CHECK:         br i1 false, label %high, label %latch
; CHECK:       latch:
; CHECK:         br i1 {{%.*}}, label %header, label %split.exit.selector, !llvm.loop [[RANGES:![0-9]+]]
; CHECK:       header.preloop:
; CHECK:         br i1 %first.preloop,
; CHECK:       header.postloop:
; CHECK:         br i1 false, label %low.postloop, label %body.postloop
; CHECK:       body.postloop:
; CHECK:         br i1 true, label %high.postloop, label %latch.postloop

; Two high ranges: the post-loop starts at the lower of their thresholds, which is not known.
; CHECK-LABEL: define void @two_high_ranges(
; CHECK:       header.postloop:
; CHECK:         br i1 %below.100.postloop,
; CHECK:         br i1 %below.hi.postloop,

; The increment GVN left as a phi of `i + 1` on both paths to the latch is made once, so the
; loop can be analysed and split.
; CHECK-LABEL: define void @repeated_increment(
; CHECK:       header:
; CHECK:         br i1 false, label %low, label %plain
; CHECK:       join:
; CHECK-NEXT:    %next = add nuw nsw i32 %i, 1
; CHECK:       header.preloop:

; CHECK-LABEL: define void @strided_halo(
; CHECK:       latch:
; CHECK:         br i1 {{%.*}}, label %header, label %split.exit.selector, !llvm.loop [[STRIDED:![0-9]+]]

; CHECK-LABEL: define void @whole_warp(
; CHECK:       latch:
; CHECK:         br i1 {{%.*}}, label %header, label %split.exit.selector, !llvm.loop [[WHOLE:![0-9]+]]

; CHECK-LABEL: define void @moving_bound(
; CHECK-NOT:   preloop
; CHECK:       ret void
; CHECK: [[THREADLOOP]] = distinct !{[[THREADLOOP]], [[PARALLEL:![0-9]+]]}
; CHECK-NEXT: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses",
; CHECK-NEXT: [[MAIN]] = distinct !{[[MAIN]], [[PARALLEL]], [[FOLD:![0-9]+]]}
; CHECK-NEXT: [[FOLD]] = !{!"llvm.loop.vectorize.predicate.enable", i1 true}
; CHECK-DAG: [[RANGES]] = distinct !{[[RANGES]], {{![0-9]+}}}
; CHECK-DAG: [[STRIDED]] = distinct !{[[STRIDED]], {{![0-9]+}}}
; CHECK-DAG: [[WHOLE]] = distinct !{[[WHOLE]], {{![0-9]+}}}
define void @halo(ptr %out, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %first = icmp eq i32 %i, 0
  br i1 %first, label %halo.low, label %body

halo.low:
  store i32 -1, ptr %out, align 4, !llvm.access.group !2
  br label %body

body:
  %last = icmp eq i32 %i, 31
  br i1 %last, label %halo.high, label %latch

halo.high:
  %high.at = getelementptr inbounds i32, ptr %out, i64 1
  store i32 -2, ptr %high.at, align 4, !llvm.access.group !2
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

define void @ranges(ptr %out, i32 %start, i32 %end, i32 %hi) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %first = icmp ult i32 %i, 3
  br i1 %first, label %low, label %body

low:
  store i32 -1, ptr %out, align 4, !llvm.access.group !8
  br label %body

body:
  %last = icmp uge i32 %i, %hi
  br i1 %last, label %high, label %latch

high:
  %high.at = getelementptr inbounds i32, ptr %out, i64 1
  store i32 -2, ptr %high.at, align 4, !llvm.access.group !8
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !6

exit:
  ret void
}

define void @two_high_ranges(ptr %out, i32 %start, i32 %end, i32 %hi) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %below.100 = icmp ult i32 %i, 100
  br i1 %below.100, label %first, label %body

first:
  store i32 -1, ptr %out, align 4, !llvm.access.group !8
  br label %body

body:
  %below.hi = icmp ult i32 %i, %hi
  br i1 %below.hi, label %second, label %latch

second:
  %second.at = getelementptr inbounds i32, ptr %out, i64 1
  store i32 -2, ptr %second.at, align 4, !llvm.access.group !8
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !6

exit:
  ret void
}

define void @repeated_increment(ptr %out, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %join ]
  %first = icmp eq i32 %i, 0
  br i1 %first, label %low, label %plain

low:
  store i32 -1, ptr %out, align 4, !llvm.access.group !11
  %next.low = add nuw nsw i32 %i, 1
  br label %join

plain:
  %next.plain = add nuw nsw i32 %i, 1
  br label %join

join:
  %next = phi i32 [ %next.low, %low ], [ %next.plain, %plain ]
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !9

exit:
  ret void
}

define void @strided_halo(ptr %out, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %first = icmp eq i32 %i, 0
  br i1 %first, label %halo.low, label %body

halo.low:
  store i32 -1, ptr %out, align 4, !llvm.access.group !14
  br label %body

body:
  %last = icmp eq i32 %i, 31
  br i1 %last, label %halo.high, label %latch

halo.high:
  %high.at = getelementptr inbounds i32, ptr %out, i64 1
  store i32 -2, ptr %high.at, align 4, !llvm.access.group !14
  br label %latch

latch:
  %wide = zext i32 %i to i64
  %slot = mul nuw nsw i64 %wide, 8
  %at = getelementptr inbounds i32, ptr %out, i64 %slot
  store i32 %i, ptr %at, align 4, !llvm.access.group !14
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !12

exit:
  ret void
}

define void @whole_warp(ptr %out, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %in.warp = icmp ult i32 %i, 32
  br i1 %in.warp, label %warp, label %latch

warp:
  %wide = zext i32 %i to i64
  %at = getelementptr inbounds i32, ptr %out, i64 %wide
  store i32 %i, ptr %at, align 4, !llvm.access.group !17
  br label %latch

latch:
  %next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %exit, !llvm.loop !15

exit:
  ret void
}

define void @moving_bound(ptr %out, ptr %bounds, i32 %start, i32 %end) {
entry:
  br label %header

header:
  %i = phi i32 [ %start, %entry ], [ %next, %latch ]
  %bound.at = getelementptr inbounds i32, ptr %bounds, i32 %i
  %bound = load i32, ptr %bound.at, align 4, !llvm.access.group !5
  %hit = icmp eq i32 %i, %bound
  br i1 %hit, label %mark, label %latch

mark:
  store i32 1, ptr %out, align 4, !llvm.access.group !5
  br label %latch

latch:
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
!15 = distinct !{!15, !16}
!16 = !{!"llvm.loop.parallel_accesses", !17}
!17 = distinct !{}
