; Divisions by a variable in a thread loop the vectoriser may widen become floating-point
; divisions (@pixel_rows: a signed quotient through double; @unsigned_remainder: an unsigned
; remainder, a - (a / b) * b; @short_quotient: 16 bits through float), which the vectoriser
; widens without a branch or an idiv per lane (VECTORISED). Where GpuIntegerDivision's guard
; surrounds the division (@guarded_quotient, @guarded_remainder), the whole guard is replaced:
; the user's divisor is divided by, a ratio past the largest signed value wraps (INT_MIN / -1)
; and an infinite or NaN ratio (a zero divisor) selects all bits set. Divisions by constants
; (@constant_divisor), 64-bit ones (@wide_divisions), those in loops kept scalar
; (@kept_scalar) and those outside thread loops (@plain_loop) stay integer divisions.
; The run before the optimisation pipeline (EARLY) leaves VersionThreadLoopQuotients the
; divisions of the thread's index by an invariant (@pixel_rows, @guarded_quotient, whose safe
; divisor it would hoist).
; RUN: %opt -passes=drawbridge-divide-through-floating-point -S %s | FileCheck %s
; RUN: %opt -passes=drawbridge-divide-through-floating-point-early -S %s \
; RUN:   | FileCheck %s --check-prefix=EARLY
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-divide-through-floating-point,loop-vectorize -S %s \
; RUN:   | FileCheck %s --check-prefix=VECTORISED

; CHECK-LABEL: define void @pixel_rows(
; CHECK: %[[A:.+]] = sitofp i32 %i to double
; CHECK-NEXT: %[[B:.+]] = sitofp i32 %width to double
; CHECK-NEXT: %[[R:.+]] = fdiv double %[[A]], %[[B]]
; CHECK-NEXT: %row = fptosi double %[[R]] to i32
; CHECK-NOT: sdiv
; CHECK-LABEL: define void @unsigned_remainder(
; CHECK: %[[A:.+]] = uitofp i32 %v to double
; CHECK-NEXT: %[[B:.+]] = uitofp i32 %n to double
; CHECK-NEXT: %[[R:.+]] = fdiv double %[[A]], %[[B]]
; CHECK-NEXT: %[[Q:.+]] = fptoui double %[[R]] to i32
; CHECK-NEXT: %[[P:.+]] = mul i32 %[[Q]], %n
; CHECK-NEXT: %bucket = sub i32 %v, %[[P]]
; CHECK-NOT: urem
; CHECK-LABEL: define void @short_quotient(
; CHECK: %[[A:.+]] = sitofp i16 %v to float
; CHECK-NEXT: %[[B:.+]] = sitofp i16 %d to float
; CHECK-NEXT: %[[R:.+]] = fdiv float %[[A]], %[[B]]
; CHECK-NEXT: %q = fptosi float %[[R]] to i16
; CHECK-LABEL: define void @guarded_quotient(
; CHECK: %[[A:.+]] = sitofp i32 %i to double
; CHECK-NEXT: %[[B:.+]] = sitofp i32 %d to double
; CHECK-NEXT: %[[R:.+]] = fdiv double %[[A]], %[[B]]
; CHECK-NEXT: %[[LT:.+]] = fcmp olt double %[[R]], 0x41DFFFFFFFC00000
; CHECK-NEXT: %[[C:.+]] = select i1 %[[LT]], double %[[R]], double 0x41DFFFFFFFC00000
; CHECK-NEXT: %[[W:.+]] = fcmp oeq double %[[R]], 0x41E0000000000000
; CHECK-NEXT: %[[Q:.+]] = fptosi double %[[C]] to i32
; CHECK-NEXT: %[[W32:.+]] = zext i1 %[[W]] to i32
; CHECK-NEXT: %[[QW:.+]] = add i32 %[[Q]], %[[W32]]
; CHECK-NEXT: %[[ABS:.+]] = call double @llvm.fabs.f64(double %[[R]])
; CHECK-NEXT: %[[Z:.+]] = fcmp ugt double %[[ABS]], 0x41F0000000000000
; CHECK-NEXT: %q = select i1 %[[Z]], i32 -1, i32 %[[QW]]
; CHECK-NOT: sdiv
; CHECK: store i32 %q
; CHECK-LABEL: define void @guarded_remainder(
; CHECK: %[[A:.+]] = uitofp i32 %v to double
; CHECK-NEXT: %[[B:.+]] = uitofp i32 %d to double
; CHECK-NEXT: %[[R:.+]] = fdiv double %[[A]], %[[B]]
; CHECK-NEXT: %[[Q:.+]] = fptoui double %[[R]] to i32
; CHECK-NEXT: %[[P:.+]] = mul i32 %[[Q]], %d
; CHECK-NEXT: %[[M:.+]] = sub i32 %v, %[[P]]
; CHECK-NEXT: %[[ABS:.+]] = call double @llvm.fabs.f64(double %[[R]])
; CHECK-NEXT: %[[Z:.+]] = fcmp ugt double %[[ABS]], 0x41F0000000000000
; CHECK-NEXT: %r = select i1 %[[Z]], i32 -1, i32 %[[M]]
; CHECK-NOT: urem
; CHECK: store i32 %r
; CHECK-LABEL: define void @not_a_guard(
; CHECK: sitofp i32 %safe to double
; CHECK: %wrapped = select i1 %is.minus.one
; CHECK-LABEL: define void @constant_divisor(
; CHECK: %row = sdiv i32 %i, 48
; CHECK-LABEL: define void @wide_divisions(
; CHECK: %row = sdiv i64 %t, %width
; CHECK-LABEL: define void @kept_scalar(
; CHECK: %row = sdiv i32 %i, %width
; CHECK-LABEL: define void @plain_loop(
; CHECK: %row = sdiv i32 %i, %width

; EARLY-LABEL: define void @pixel_rows(
; EARLY: %row = sdiv i32 %i, %width
; EARLY-LABEL: define void @unsigned_remainder(
; EARLY: fdiv double
; EARLY-LABEL: define void @guarded_quotient(
; EARLY: %div = sdiv i32 %i, %safe
; EARLY-LABEL: define void @guarded_remainder(
; EARLY: fdiv double

; VECTORISED-LABEL: define void @pixel_rows(
; VECTORISED: vector.body:
; VECTORISED: fdiv <{{[0-9]+}} x double>
; VECTORISED-NOT: sdiv
; VECTORISED-LABEL: define void @unsigned_remainder(

define void @pixel_rows(ptr %out, i32 %width, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %i = trunc i64 %t to i32
  %row = sdiv i32 %i, %width
  %at = getelementptr inbounds i32, ptr %out, i64 %t
  store i32 %row, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !0
exit:
  ret void
}

define void @unsigned_remainder(ptr %values, i32 %n, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %at = getelementptr inbounds i32, ptr %values, i64 %t
  %v = load i32, ptr %at, align 4, !llvm.access.group !1
  %bucket = urem i32 %v, %n
  store i32 %bucket, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !3
exit:
  ret void
}

define void @short_quotient(ptr %values, i16 %d, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %at = getelementptr inbounds i16, ptr %values, i64 %t
  %v = load i16, ptr %at, align 2, !llvm.access.group !1
  %q = sdiv i16 %v, %d
  store i16 %q, ptr %at, align 2, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !4
exit:
  ret void
}

define void @guarded_quotient(ptr %out, i32 %d, i64 %threads) {
entry:
  %is.zero = icmp eq i32 %d, 0
  %is.minus.one = icmp eq i32 %d, -1
  %d.plus.one = add i32 %d, 1
  %unsafe = icmp ult i32 %d.plus.one, 2
  %safe = select i1 %unsafe, i32 1, i32 %d
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %i = trunc i64 %t to i32
  %div = sdiv i32 %i, %safe
  %neg = sub i32 0, %i
  %wrapped = select i1 %is.minus.one, i32 %neg, i32 %div
  %q = select i1 %is.zero, i32 -1, i32 %wrapped
  %at = getelementptr inbounds i32, ptr %out, i64 %t
  store i32 %q, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !9
exit:
  ret void
}

define void @guarded_remainder(ptr %values, i32 %d, i64 %threads) {
entry:
  %is.zero = icmp eq i32 %d, 0
  %safe = select i1 %is.zero, i32 1, i32 %d
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %at = getelementptr inbounds i32, ptr %values, i64 %t
  %v = load i32, ptr %at, align 4, !llvm.access.group !1
  %rem = urem i32 %v, %safe
  %r = select i1 %is.zero, i32 -1, i32 %rem
  store i32 %r, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !10
exit:
  ret void
}

; A divisor picked by the program's own flag is not GpuIntegerDivision's safe divisor.
define void @not_a_guard(ptr %out, i32 %d, i1 %flag, i64 %threads) {
entry:
  %is.zero = icmp eq i32 %d, 0
  %is.minus.one = icmp eq i32 %d, -1
  %safe = select i1 %flag, i32 1, i32 %d
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %i = trunc i64 %t to i32
  %div = sdiv i32 %i, %safe
  %neg = sub i32 0, %i
  %wrapped = select i1 %is.minus.one, i32 %neg, i32 %div
  %q = select i1 %is.zero, i32 -1, i32 %wrapped
  %at = getelementptr inbounds i32, ptr %out, i64 %t
  store i32 %q, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !11
exit:
  ret void
}

define void @constant_divisor(ptr %out, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %i = trunc i64 %t to i32
  %row = sdiv i32 %i, 48
  %at = getelementptr inbounds i32, ptr %out, i64 %t
  store i32 %row, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !5
exit:
  ret void
}

define void @wide_divisions(ptr %out, i64 %width, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %row = sdiv i64 %t, %width
  %at = getelementptr inbounds i64, ptr %out, i64 %t
  store i64 %row, ptr %at, align 8, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !6
exit:
  ret void
}

define void @kept_scalar(ptr %out, i32 %width, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %i = trunc i64 %t to i32
  %row = sdiv i32 %i, %width
  %at = getelementptr inbounds i32, ptr %out, i64 %t
  store i32 %row, ptr %at, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !7
exit:
  ret void
}

define void @plain_loop(ptr %out, i32 %width, i64 %n) {
entry:
  br label %loop
loop:
  %t = phi i64 [ 0, %entry ], [ %t.next, %loop ]
  %i = trunc i64 %t to i32
  %row = sdiv i32 %i, %width
  %at = getelementptr inbounds i32, ptr %out, i64 %t
  store i32 %row, ptr %at, align 4
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

!0 = distinct !{!0, !2}
!1 = distinct !{}
!2 = !{!"llvm.loop.parallel_accesses", !1}
!3 = distinct !{!3, !2}
!4 = distinct !{!4, !2}
!5 = distinct !{!5, !2}
!6 = distinct !{!6, !2}
!7 = distinct !{!7, !2, !8}
!8 = !{!"llvm.loop.vectorize.width", i32 1}
!9 = distinct !{!9, !2}
!10 = distinct !{!10, !2}
!11 = distinct !{!11, !2}
