; A thread loop loses its llvm.loop.parallel_accesses where the vectoriser's interleaved groups
; could move one thread's access past its own store to the same bytes: the parallel claim makes
; loop access analysis record no dependences, and grouping then reorders freely.
; @reload_after_swap (HeCBench's scan: swap temp[2t] and temp[2t+1], copy both out through a
; pointer alias analysis cannot separate from the tile) is unmarked; the vectoriser then checks
; the loop's dependences itself and still vectorises it behind run-time checks.
; Left marked: strided accesses of one object at distinct offsets (@distinct_fields); a
; thread's 32-byte chunk of a shared tile against the 4-byte sums after it, whose difference
; 8192 - 28t is 16 modulo 28 and so never within 4 bytes of zero, although alias analysis
; cannot tell (@residue_apart); a store to a per-thread slot against a strided parameter load
; (@slot_and_parameter); unit strides only, which are never grouped (@unit_strides).
; RUN: %opt -passes=drawbridge-protect-same-thread-order -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 \
; RUN:   -passes=drawbridge-protect-same-thread-order,loop-vectorize -S %s \
; RUN:   | FileCheck %s --check-prefix=VECTORISED

; CHECK-LABEL: define void @reload_after_swap(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[UNMARKED:![0-9]+]]
; CHECK-LABEL: define void @distinct_fields(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[FIELDS:![0-9]+]]
; CHECK-LABEL: define void @residue_apart(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[RESIDUE:![0-9]+]]
; CHECK-LABEL: define void @slot_and_parameter(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[SLOT:![0-9]+]]
; CHECK-LABEL: define void @unit_strides(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[UNIT:![0-9]+]]
; CHECK-DAG: [[UNMARKED]] = distinct !{[[UNMARKED]]}
; CHECK-DAG: [[FIELDS]] = distinct !{[[FIELDS]], [[PARALLEL:![0-9]+]]}
; CHECK-DAG: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: [[RESIDUE]] = distinct !{[[RESIDUE]], [[PARALLEL]]}
; CHECK-DAG: [[SLOT]] = distinct !{[[SLOT]], [[PARALLEL]]}
; CHECK-DAG: [[UNIT]] = distinct !{[[UNIT]], [[PARALLEL]]}

; VECTORISED-LABEL: define void @reload_after_swap(
; VECTORISED: vector.memcheck:
; VECTORISED: vector.body:

define void @reload_after_swap(ptr %temp, ptr %out, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %even = shl nuw nsw i64 %t, 1
  %odd = or disjoint i64 %even, 1
  %a.at = getelementptr inbounds i32, ptr %temp, i64 %even
  %b.at = getelementptr inbounds i32, ptr %temp, i64 %odd
  %a = load i32, ptr %a.at, align 4, !llvm.access.group !1
  %b = load i32, ptr %b.at, align 4, !llvm.access.group !1
  %sum = add i32 %a, %b
  store i32 %b, ptr %a.at, align 4, !llvm.access.group !1
  store i32 %sum, ptr %b.at, align 4, !llvm.access.group !1
  %a.again = load i32, ptr %a.at, align 4, !llvm.access.group !1
  %out.a = getelementptr inbounds i32, ptr %out, i64 %even
  store i32 %a.again, ptr %out.a, align 4, !llvm.access.group !1
  %b.again = load i32, ptr %b.at, align 4, !llvm.access.group !1
  %out.b = getelementptr inbounds i32, ptr %out, i64 %odd
  store i32 %b.again, ptr %out.b, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !2
exit:
  ret void
}

define void @distinct_fields(ptr %pairs, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %x.at = getelementptr inbounds [2 x float], ptr %pairs, i64 %t, i64 0
  %y.at = getelementptr inbounds [2 x float], ptr %pairs, i64 %t, i64 1
  %x = load float, ptr %x.at, align 4, !llvm.access.group !1
  %x2 = fmul float %x, 2.0
  store float %x2, ptr %x.at, align 4, !llvm.access.group !1
  %y = load float, ptr %y.at, align 4, !llvm.access.group !1
  %y2 = fmul float %y, 2.0
  store float %y2, ptr %y.at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !4
exit:
  ret void
}

define void @residue_apart(ptr %shared, i64 %first, i64 %threads) {
entry:
  %sums = getelementptr inbounds i8, ptr %shared, i64 8192
  br label %thread
thread:
  %t = phi i64 [ %first, %entry ], [ %t.next, %thread ]
  %chunk = shl nsw i64 %t, 5
  %mine = getelementptr inbounds i8, ptr %shared, i64 %chunk
  store i32 0, ptr %mine, align 4, !llvm.access.group !1
  %sum.at = getelementptr inbounds [256 x i32], ptr %sums, i64 0, i64 %t
  store i32 1, ptr %sum.at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !5
exit:
  ret void
}

define void @slot_and_parameter(ptr %frame.addr, ptr %params, i64 %threads) {
entry:
  %frame = load ptr, ptr %frame.addr, align 8, !drawbridge.thread_slots !6
  %in = load ptr, ptr %params, align 8
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %x.at = getelementptr inbounds [4 x float], ptr %in, i64 %t, i64 0
  %y.at = getelementptr inbounds [4 x float], ptr %in, i64 %t, i64 1
  %x = load float, ptr %x.at, align 4, !alias.scope !9, !noalias !11, !llvm.access.group !1
  %slot = getelementptr inbounds float, ptr %frame, i64 %t
  store float %x, ptr %slot, align 4, !llvm.access.group !1
  %y = load float, ptr %y.at, align 4, !alias.scope !9, !noalias !11, !llvm.access.group !1
  %slot.y = getelementptr inbounds float, ptr %slot, i64 1024
  store float %y, ptr %slot.y, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !13
exit:
  ret void
}

define void @unit_strides(ptr %in, ptr %out, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %out.at = getelementptr inbounds float, ptr %out, i64 %t
  store float 0.0, ptr %out.at, align 4, !llvm.access.group !1
  %in.at = getelementptr inbounds float, ptr %in, i64 %t
  %v = load float, ptr %in.at, align 4, !llvm.access.group !1
  store float %v, ptr %out.at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !14
exit:
  ret void
}

!1 = distinct !{}
!2 = distinct !{!2, !3}
!3 = !{!"llvm.loop.parallel_accesses", !1}
!4 = distinct !{!4, !3}
!5 = distinct !{!5, !3}
!6 = !{}
!7 = distinct !{!7, !"drawbridge.block-memory"}
!8 = distinct !{!8, !7, !"shared"}
!9 = !{!10}
!10 = distinct !{!10, !7, !"parameters"}
!11 = !{!8}
!13 = distinct !{!13, !3}
!14 = distinct !{!14, !3}
