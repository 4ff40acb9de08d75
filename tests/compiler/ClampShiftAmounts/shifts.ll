; Shifts whose amount may reach the width give the GPU's results: 0 for left and unsigned
; right shifts, the sign in every bit for signed right shifts (the amount clamped to width - 1).
; Shifts by a constant below the width stay as they are.
; RUN: %opt -passes=drawbridge-clamp-shift-amounts -S %s | FileCheck %s

define i32 @left(i32 %x, i32 %n) {
; CHECK-LABEL: define i32 @left(
; CHECK-NEXT: [[IN:%.*]] = icmp ult i32 %n, 32
; CHECK-NEXT: [[S:%.*]] = shl nuw i32 %x, %n
; CHECK-NEXT: %s = select i1 [[IN]], i32 [[S]], i32 0
; CHECK-NEXT: ret i32 %s
  %s = shl nuw i32 %x, %n
  ret i32 %s
}

define i64 @unsigned_right(i64 %x, i64 %n) {
; CHECK-LABEL: define i64 @unsigned_right(
; CHECK-NEXT: [[IN:%.*]] = icmp ult i64 %n, 64
; CHECK-NEXT: [[S:%.*]] = lshr exact i64 %x, %n
; CHECK-NEXT: %s = select i1 [[IN]], i64 [[S]], i64 0
  %s = lshr exact i64 %x, %n
  ret i64 %s
}

define i32 @signed_right(i32 %x, i32 %n) {
; CHECK-LABEL: define i32 @signed_right(
; CHECK-NEXT: [[N:%.*]] = call i32 @llvm.umin.i32(i32 %n, i32 31)
; CHECK-NEXT: %s = ashr i32 %x, [[N]]
; CHECK-NEXT: ret i32 %s
  %s = ashr i32 %x, %n
  ret i32 %s
}

define i32 @constant_past_the_width(i32 %x) {
; CHECK-LABEL: define i32 @constant_past_the_width(
; CHECK-NEXT: [[S:%.*]] = shl i32 %x, 32
; CHECK-NEXT: %s = select i1 false, i32 [[S]], i32 0
  %s = shl i32 %x, 32
  ret i32 %s
}

define <4 x i32> @vector(<4 x i32> %x, <4 x i32> %n) {
; CHECK-LABEL: define <4 x i32> @vector(
; CHECK-NEXT: [[IN:%.*]] = icmp ult <4 x i32> %n, <i32 32, i32 32, i32 32, i32 32>
; CHECK-NEXT: [[S:%.*]] = lshr <4 x i32> %x, %n
; CHECK-NEXT: %s = select <4 x i1> [[IN]], <4 x i32> [[S]], <4 x i32> zeroinitializer
  %s = lshr <4 x i32> %x, %n
  ret <4 x i32> %s
}

define i16 @narrow(i16 %x, i16 %n) {
; CHECK-LABEL: define i16 @narrow(
; CHECK: icmp ult i16 %n, 16
  %s = shl i16 %x, %n
  ret i16 %s
}

define i32 @constants_below_the_width(i32 %x, <2 x i32> %v) {
; CHECK-LABEL: define i32 @constants_below_the_width(
; CHECK-NEXT: %a = shl i32 %x, 31
; CHECK-NEXT: %b = ashr i32 %x, 0
; CHECK-NEXT: %c = lshr <2 x i32> %v, <i32 1, i32 31>
; CHECK-NEXT: %d = extractelement
  %a = shl i32 %x, 31
  %b = ashr i32 %x, 0
  %c = lshr <2 x i32> %v, <i32 1, i32 31>
  %d = extractelement <2 x i32> %c, i32 0
  %e = add i32 %a, %b
  %f = add i32 %e, %d
  ret i32 %f
}
