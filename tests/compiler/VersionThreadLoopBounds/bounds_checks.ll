; A thread loop with `if (base + tid < n)` gets an unchecked copy, entered when the check holds
; for the last thread and base + tid cannot wrap; an invariant check (`m > 0`) is folded into
; the same guard. Loops that are not thread loops, checks on loaded values and equality checks
; are left alone.
; RUN: %opt -passes=drawbridge-version-thread-loop-bounds -S %s | FileCheck %s

; CHECK-LABEL: define void @affine_check(
; CHECK:       entry:
; CHECK:         [[LAST:%.*]] = add i32 %count, %base
; CHECK-NEXT:    [[HOLDS:%.*]] = icmp slt i32 [[LAST]], %n
; CHECK-NEXT:    [[NOWRAP:%.*]] = icmp sle i32 %base, [[LAST]]
; CHECK-NEXT:    [[BOTH:%.*]] = and i1 [[HOLDS]], [[NOWRAP]]
; CHECK-NEXT:    [[FEW:%.*]] = icmp ule i32 %count, 4096
; CHECK-NEXT:    [[GUARD:%.*]] = and i1 [[BOTH]], [[FEW]]
; CHECK-NEXT:    br i1 [[GUARD]], label %entry.split.unchecked, label %entry.split
; CHECK:       body.unchecked:
; CHECK:         br i1 true, label %then.unchecked, label %latch.unchecked
; CHECK:       body:
; CHECK:         [[I:%.*]] = add i32 %base, %tid
; CHECK:         [[C:%.*]] = icmp slt i32 [[I]], %n
; CHECK:         br i1 [[C]], label %then, label %latch
; CHECK:       exit:
; CHECK:         phi i32 [ %tid.next, %latch ], [ %tid.next.unchecked, %latch.unchecked ]
define void @affine_check(ptr %a, i32 %base, i32 %n, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %latch ]
  %i = add i32 %base, %tid
  %c = icmp slt i32 %i, %n
  br i1 %c, label %then, label %latch

then:
  %p = getelementptr inbounds float, ptr %a, i32 %i
  store float 1.0, ptr %p, align 4, !llvm.access.group !0
  br label %latch

latch:
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  %last = phi i32 [ %tid.next, %latch ]
  ret void
}

; CHECK-LABEL: define void @invariant_check(
; CHECK:         icmp sgt i32 %m, 0
; CHECK:       body.unchecked:
; CHECK:         br i1 true, label %then.unchecked, label %latch.unchecked
define void @invariant_check(ptr %a, i32 %m, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %latch ]
  %c = icmp sgt i32 %m, 0
  br i1 %c, label %then, label %latch

then:
  %p = getelementptr inbounds float, ptr %a, i32 %tid
  store float 1.0, ptr %p, align 4, !llvm.access.group !0
  br label %latch

latch:
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

; Not a thread loop (no llvm.loop.parallel_accesses): unchanged.
; CHECK-LABEL: define void @user_loop(
; CHECK-NOT:     unchecked
; CHECK:         ret void
define void @user_loop(ptr %a, i32 %base, i32 %n, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %latch ]
  %i = add i32 %base, %tid
  %c = icmp slt i32 %i, %n
  br i1 %c, label %then, label %latch

then:
  %p = getelementptr inbounds float, ptr %a, i32 %i
  store float 1.0, ptr %p, align 4
  br label %latch

latch:
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit

exit:
  ret void
}

; A check on a value loaded in the loop, and an equality check: no copy.
; CHECK-LABEL: define void @data_checks(
; CHECK-NOT:     unchecked
; CHECK:         ret void
define void @data_checks(ptr %a, ptr %keys, i32 %n, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %latch ]
  %kp = getelementptr inbounds i32, ptr %keys, i32 %tid
  %k = load i32, ptr %kp, align 4, !llvm.access.group !0
  %c = icmp slt i32 %k, %n
  br i1 %c, label %then, label %latch

then:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %store, label %latch

store:
  %p = getelementptr inbounds float, ptr %a, i32 %tid
  store float 1.0, ptr %p, align 4, !llvm.access.group !0
  br label %latch

latch:
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
