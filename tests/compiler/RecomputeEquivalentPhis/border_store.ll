; Both arms of a border test store to out[y * nx + x], and the store, sunk below the branch,
; takes its index from a phi of the two copies of that computation: the phi becomes one copy
; in the merge block, with the poison flags both copies carry (the border arm's add has no
; nsw), so the address is affine in the thread index again. Left alone: a phi of two different
; computations, one of two loads of the same address (memory may differ between them), one of
; copies made by different operations (u + v against (u + v) + 0), and one of equal copies that
; is a value stored, not an address.
; RUN: %opt -passes=drawbridge-recompute-equivalent-phis -S %s | FileCheck %s

; CHECK-LABEL: define void @border(
; CHECK:       store.it:
; CHECK-NEXT:    %value = phi float [ %border.value, %border ], [ %inner.value, %inner ]
; CHECK-NEXT:    [[ROW:%.*]] = mul nsw i32 %y, %nx
; CHECK-NEXT:    [[I:%.*]] = add i32 [[ROW]], %x
; CHECK-NEXT:    [[WIDE:%.*]] = sext i32 [[I]] to i64
; CHECK-NEXT:    %at = getelementptr inbounds float, ptr %out, i64 [[WIDE]]
; CHECK-NEXT:    store float %value, ptr %at
define void @border(ptr %in, ptr %out, i32 %x, i32 %y, i32 %nx, i1 %edge) {
entry:
  br i1 %edge, label %border, label %inner

border:
  %border.row = mul nsw i32 %y, %nx
  %border.i = add i32 %border.row, %x
  %border.wide = sext i32 %border.i to i64
  %border.at = getelementptr float, ptr %in, i64 %border.wide
  %border.value = load float, ptr %border.at, align 4
  br label %store.it

inner:
  %inner.row = mul nsw i32 %y, %nx
  %inner.i = add nsw i32 %inner.row, %x
  %inner.wide = sext i32 %inner.i to i64
  %inner.at = getelementptr float, ptr %in, i64 %inner.wide
  %inner.load = load float, ptr %inner.at, align 4
  %inner.value = fmul float %inner.load, 2.0
  br label %store.it

store.it:
  %wide = phi i64 [ %border.wide, %border ], [ %inner.wide, %inner ]
  %value = phi float [ %border.value, %border ], [ %inner.value, %inner ]
  %at = getelementptr inbounds float, ptr %out, i64 %wide
  store float %value, ptr %at, align 4
  ret void
}

; CHECK-LABEL: define void @left_alone(
; CHECK:       join:
; CHECK-NEXT:    %different = phi i32 [ %a.sum, %a ], [ %b.difference, %b ]
; CHECK-NEXT:    %loaded = phi i32 [ %a.load, %a ], [ %b.load, %b ]
; CHECK-NEXT:    %other.operations = phi i32 [ %a.sum, %a ], [ %b.sum.again, %b ]
; CHECK-NEXT:    %stored = phi i32 [ %a.sum, %a ], [ %b.sum, %b ]
define void @left_alone(ptr %p, i32 %u, i32 %v, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  %a.sum = add i32 %u, %v
  %a.load = load i32, ptr %p, align 4
  br label %join

b:
  %b.difference = sub i32 %u, %v
  store i32 0, ptr %p, align 4
  %b.load = load i32, ptr %p, align 4
  %b.sum = add i32 %u, %v
  %b.sum.again = add i32 %b.sum, 0
  br label %join

join:
  %different = phi i32 [ %a.sum, %a ], [ %b.difference, %b ]
  %loaded = phi i32 [ %a.load, %a ], [ %b.load, %b ]
  %other.operations = phi i32 [ %a.sum, %a ], [ %b.sum.again, %b ]
  %stored = phi i32 [ %a.sum, %a ], [ %b.sum, %b ]
  %at.different = getelementptr inbounds i32, ptr %p, i32 %different
  %at.loaded = getelementptr inbounds i32, ptr %p, i32 %loaded
  %at.other = getelementptr inbounds i32, ptr %p, i32 %other.operations
  store i32 %stored, ptr %at.different, align 4
  store i32 %stored, ptr %at.loaded, align 4
  store i32 %stored, ptr %at.other, align 4
  ret void
}
