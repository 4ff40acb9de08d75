; Divisions by a value that may be zero (or -1, when signed) divide by a safe divisor and
; select the GPU's results; divisions by other constants stay as they are.
; RUN: %opt -passes=drawbridge-gpu-integer-division -S %s | FileCheck %s

define i32 @unsigned_quotient(i32 %a, i32 %d) {
; CHECK-LABEL: define i32 @unsigned_quotient(
; CHECK-NEXT: [[ZERO:%.*]] = icmp eq i32 %d, 0
; CHECK-NEXT: [[SAFE:%.*]] = select i1 [[ZERO]], i32 1, i32 %d
; CHECK-NEXT: [[Q:%.*]] = udiv i32 %a, [[SAFE]]
; CHECK-NEXT: %q = select i1 [[ZERO]], i32 -1, i32 [[Q]]
; CHECK-NEXT: ret i32 %q
  %q = udiv i32 %a, %d
  ret i32 %q
}

define i64 @signed_remainder(i64 %a, i64 %d) {
; CHECK-LABEL: define i64 @signed_remainder(
; CHECK-NEXT: [[ZERO:%.*]] = icmp eq i64 %d, 0
; CHECK-NEXT: [[M1:%.*]] = icmp eq i64 %d, -1
; CHECK-NEXT: [[UNSAFE:%.*]] = or i1 [[ZERO]], [[M1]]
; CHECK-NEXT: [[SAFE:%.*]] = select i1 [[UNSAFE]], i64 1, i64 %d
; CHECK-NEXT: [[R:%.*]] = srem i64 %a, [[SAFE]]
; CHECK-NEXT: [[R2:%.*]] = select i1 [[M1]], i64 0, i64 [[R]]
; CHECK-NEXT: %r = select i1 [[ZERO]], i64 -1, i64 [[R2]]
  %r = srem i64 %a, %d
  ret i64 %r
}

define i32 @signed_quotient_by_minus_one(i32 %a) {
; CHECK-LABEL: define i32 @signed_quotient_by_minus_one(
; CHECK: [[NEG:%.*]] = sub i32 0, %a
; CHECK: select i1 {{.*}}, i32 [[NEG]],
  %q = sdiv i32 %a, -1
  ret i32 %q
}

define i32 @by_constant(i32 %a) {
; CHECK-LABEL: define i32 @by_constant(
; CHECK-NEXT: %q = sdiv i32 %a, 7
; CHECK-NEXT: %r = urem i32 %a, 16
  %q = sdiv i32 %a, 7
  %r = urem i32 %a, 16
  %s = add i32 %q, %r
  ret i32 %s
}
