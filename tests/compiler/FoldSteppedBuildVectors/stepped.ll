; A vector built lane by lane from t, t + 1, t + 2, t + 3 (the loop vectoriser's way with a
; 64-bit thread index it also needs as a vector) becomes a splat of t plus <0, 1, 2, 3>; its
; truncation is stepped in the narrow type, and the scalar adds go. Lanes that do not step
; evenly, or are not all set, stay as they were.
; RUN: %opt -passes=drawbridge-fold-stepped-build-vectors -S %s | FileCheck %s

; CHECK-LABEL: define <4 x i32> @lanes_of_index(
; CHECK-NEXT: [[BASE:%.*]] = add nuw nsw i64 %i, %base
; CHECK-NEXT: [[NARROW:%.*]] = trunc i64 [[BASE]] to i32
; CHECK-NEXT: [[INSERT:%.*]] = insertelement <4 x i32> poison, i32 [[NARROW]], i64 0
; CHECK-NEXT: [[SPLAT:%.*]] = shufflevector <4 x i32> [[INSERT]], <4 x i32> poison, <4 x i32> zeroinitializer
; CHECK-NEXT: %stepped = add <4 x i32> [[SPLAT]], <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT: %lane = and <4 x i32> %stepped, <i32 31, i32 31, i32 31, i32 31>
; CHECK-NEXT: ret <4 x i32> %lane
define <4 x i32> @lanes_of_index(i64 %i, i64 %base) {
  %i1 = add i64 %i, 1
  %i2 = add i64 %i, 2
  %i3 = add i64 %i, 3
  %t0 = add nuw nsw i64 %i, %base
  %t1 = add nuw nsw i64 %i1, %base
  %t2 = add nuw nsw i64 %i2, %base
  %t3 = add nuw nsw i64 %i3, %base
  %v0 = insertelement <4 x i64> poison, i64 %t0, i64 0
  %v1 = insertelement <4 x i64> %v0, i64 %t1, i64 1
  %v2 = insertelement <4 x i64> %v1, i64 %t2, i64 2
  %v3 = insertelement <4 x i64> %v2, i64 %t3, i64 3
  %narrow = trunc <4 x i64> %v3 to <4 x i32>
  %lane = and <4 x i32> %narrow, <i32 31, i32 31, i32 31, i32 31>
  ret <4 x i32> %lane
}

; A step of -2, in inserts made out of order; the vector itself is used.
; CHECK-LABEL: define <4 x i64> @backwards(
; CHECK-NEXT: [[INSERT:%.*]] = insertelement <4 x i64> poison, i64 %x, i64 0
; CHECK-NEXT: [[SPLAT:%.*]] = shufflevector <4 x i64> [[INSERT]], <4 x i64> poison, <4 x i32> zeroinitializer
; CHECK-NEXT: %stepped = add <4 x i64> [[SPLAT]], <i64 0, i64 -2, i64 -4, i64 -6>
; CHECK-NEXT: ret <4 x i64> %stepped
define <4 x i64> @backwards(i64 %x) {
  %x1 = sub i64 %x, 2
  %x2 = sub i64 %x, 4
  %x3 = sub i64 %x, 6
  %v0 = insertelement <4 x i64> poison, i64 %x3, i64 3
  %v1 = insertelement <4 x i64> %v0, i64 %x, i64 0
  %v2 = insertelement <4 x i64> %v1, i64 %x2, i64 2
  %v3 = insertelement <4 x i64> %v2, i64 %x1, i64 1
  ret <4 x i64> %v3
}

; CHECK-LABEL: define <4 x i32> @uneven(
; CHECK-NOT: stepped
; CHECK: insertelement <4 x i32> %v2, i32 %x3, i64 3
define <4 x i32> @uneven(i32 %x) {
  %x1 = add i32 %x, 1
  %x2 = add i32 %x, 2
  %x3 = add i32 %x, 4
  %v0 = insertelement <4 x i32> poison, i32 %x, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %x1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %x2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %x3, i64 3
  ret <4 x i32> %v3
}

; CHECK-LABEL: define <4 x i32> @unrelated(
; CHECK-NOT: stepped
; CHECK: insertelement <4 x i32> %v0, i32 %y, i64 1
define <4 x i32> @unrelated(i32 %x, i32 %y) {
  %v0 = insertelement <4 x i32> poison, i32 %x, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %y, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %x, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %x, i64 3
  ret <4 x i32> %v3
}

; A lane left unset (poison) is not a build vector of the steps.
; CHECK-LABEL: define <4 x i32> @partial(
; CHECK-NOT: stepped
; CHECK: insertelement <4 x i32> %v1, i32 %x2, i64 2
define <4 x i32> @partial(i32 %x) {
  %x1 = add i32 %x, 1
  %x2 = add i32 %x, 2
  %v0 = insertelement <4 x i32> poison, i32 %x, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %x1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %x2, i64 2
  ret <4 x i32> %v2
}
