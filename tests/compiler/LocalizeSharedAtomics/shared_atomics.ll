; Atomics on __shared__ variables become plain loads and stores (marked block-private, so the
; thread loop does not treat them as parallel accesses), keeping the returned old value; an
; atomic on global memory stays atomic.
; RUN: %opt -passes=drawbridge-localize-shared-atomics -S %s | FileCheck %s

@bins = internal global [256 x i32] zeroinitializer, !drawbridge.shared !0
@flag = internal global i32 0, !drawbridge.shared !0

define void @kernel(ptr %global, i32 %bin) #0 {
; CHECK-LABEL: define void @kernel(
; CHECK: [[SLOT:%.*]] = getelementptr [256 x i32], ptr @bins, i32 0, i32 %bin
; CHECK-NEXT: [[OLD:%.*]] = load i32, ptr [[SLOT]], align 4, !drawbridge.block_private
; CHECK-NEXT: [[NEW:%.*]] = add i32 [[OLD]], 1
; CHECK-NEXT: store i32 [[NEW]], ptr [[SLOT]], align 4, !drawbridge.block_private
; CHECK-NEXT: store i32 [[OLD]], ptr %global
; CHECK-NEXT: [[SEEN:%.*]] = load i32, ptr @flag, align 4, !drawbridge.block_private
; CHECK-NEXT: [[SAME:%.*]] = icmp eq i32 [[SEEN]], 0
; CHECK-NEXT: [[PUT:%.*]] = select i1 [[SAME]], i32 1, i32 [[SEEN]]
; CHECK-NEXT: store i32 [[PUT]], ptr @flag, align 4, !drawbridge.block_private
; CHECK: atomicrmw add ptr %global, i32 1 monotonic
  %slot = getelementptr [256 x i32], ptr @bins, i32 0, i32 %bin
  %old = atomicrmw add ptr %slot, i32 1 monotonic
  store i32 %old, ptr %global
  %pair = cmpxchg ptr @flag, i32 0, i32 1 monotonic monotonic
  %g = atomicrmw add ptr %global, i32 1 monotonic
  ret void
}

attributes #0 = { "drawbridge-kernel" }
!0 = !{}
