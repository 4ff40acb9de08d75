; A thread loop reading `offsets[i / 2048]` (a scan's last pass) and `in[row * w + col]` with
; `row = j / w, col = j % w` gets a copy, entered when the loop's first and last index give
; the same quotient (the first not negative, the divisor positive, no wrap between them), in
; which the quotient is the one computed before the loop and the remainder is j - q * w.
; Divisions that reach no address, and loops that are not thread loops, are left alone.
; RUN: %opt -passes=drawbridge-version-thread-loop-quotients -S %s | FileCheck %s

; CHECK-LABEL: define void @tile_offsets(
; CHECK:       entry:
; CHECK:         [[LAST:%.*]] = add i32 %count, %base
; CHECK:         [[FIRSTOK:%.*]] = icmp sge i32 %base, 0
; CHECK:         [[NOWRAP:%.*]] = icmp sle i32 %base, [[LAST]]
; CHECK:         [[Q:%.*]] = sdiv i32 %base, 2048
; CHECK-NEXT:    [[QLAST:%.*]] = sdiv i32 [[LAST]], 2048
; CHECK-NEXT:    [[SAME:%.*]] = icmp eq i32 [[Q]], [[QLAST]]
; CHECK:         icmp ule i32 %count, 4096
; CHECK:         br i1 {{%.*}}, label %entry.split.quotient, label %entry.split
; CHECK:       body.quotient:
; CHECK-NOT:     sdiv
; CHECK:         [[W:%.*]] = sext i32 [[Q]] to i64
; CHECK-NEXT:    getelementptr inbounds i32, ptr %offsets, i64 [[W]]
; CHECK:       body:
; CHECK:         sdiv i32 %i, 2048
define void @tile_offsets(ptr %out, ptr %offsets, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %i = add i32 %base, %tid
  %q = sdiv i32 %i, 2048
  %qw = sext i32 %q to i64
  %po = getelementptr inbounds i32, ptr %offsets, i64 %qw
  %o = load i32, ptr %po, align 4, !llvm.access.group !0
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %iw
  %v = load i32, ptr %p, align 4, !llvm.access.group !0
  %sum = add i32 %v, %o
  store i32 %sum, ptr %p, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

; An unsigned row and column of a flat index: the divisor must not be zero, and the column
; becomes j - q * w.
; CHECK-LABEL: define void @row_col(
; CHECK:         [[USABLE:%.*]] = icmp ne i32 %w, 0
; CHECK:         [[SAFE:%.*]] = select i1 [[USABLE]], i32 %w, i32 1
; CHECK:         [[Q:%.*]] = udiv i32 %base, [[SAFE]]
; CHECK:       body.quotient:
; CHECK-NOT:     urem
; CHECK:         [[QW:%.*]] = mul i32 [[Q]], %w
; CHECK-NEXT:    %rem = sub i32 %j.quotient, [[QW]]
; CHECK:       body:
; CHECK:         udiv i32 %j, %w
; CHECK:         urem i32 %j, %w
define void @row_col(ptr %in, ptr %out, i32 %base, i32 %w, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %j = add i32 %base, %tid
  %row = udiv i32 %j, %w
  %col = urem i32 %j, %w
  %rw = mul i32 %row, 4096
  %k = add i32 %rw, %col
  %kw = zext i32 %k to i64
  %p = getelementptr inbounds float, ptr %in, i64 %kw
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %jw = zext i32 %j to i64
  %q = getelementptr inbounds float, ptr %out, i64 %jw
  store float %v, ptr %q, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

; A quotient that only goes into a value, and a division in a loop that is no thread loop.
; CHECK-LABEL: define void @not_an_address(
; CHECK-NOT:   .quotient
; CHECK-LABEL: define void @not_a_thread_loop(
; CHECK-NOT:   .quotient
define void @not_an_address(ptr %out, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %tid = phi i32 [ 0, %entry ], [ %tid.next, %body ]
  %i = add i32 %base, %tid
  %q = sdiv i32 %i, 64
  %iw = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %iw
  store i32 %q, ptr %p, align 4, !llvm.access.group !0
  %tid.next = add nuw nsw i32 %tid, 1
  %more = icmp ult i32 %tid, %count
  br i1 %more, label %body, label %exit, !llvm.loop !1

exit:
  ret void
}

define void @not_a_thread_loop(ptr %out, ptr %offsets, i32 %base, i32 %count) {
entry:
  br label %body

body:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %i = add i32 %base, %k
  %q = sdiv i32 %i, 2048
  %qw = sext i32 %q to i64
  %po = getelementptr inbounds i32, ptr %offsets, i64 %qw
  %o = load i32, ptr %po, align 4
  store i32 %o, ptr %out, align 4
  %k.next = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %k, %count
  br i1 %more, label %body, label %exit

exit:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !2}
!2 = !{!"llvm.loop.parallel_accesses", !0}
