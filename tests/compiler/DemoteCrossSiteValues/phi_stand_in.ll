; A phi the optimiser made out of one value is that value computed again after a site: under
; `if (threadIdx.x == 0)` it folded `threadIdx.x / 32` to 0 (CUB's tile-status store), and the
; phi joining the two is still `threadIdx.x / 32` on both paths. A phi whose constant the
; branch does not give (thread 0's warp would be 0, not 1), or whose branch tests another
; value, keeps a per-thread slot. So does a phi of two different expressions; a phi of the same
; expression computed in each arm of a branch is that expression.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @warp_of_thread(ptr %out) #0 {
; CHECK-LABEL: define void @warp_of_thread(
; CHECK-NOT: %warp.across
; CHECK: call i64 @__drawbridge_site(i32 1)
; CHECK: %tid.again = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: %lshr.again = lshr i32 %tid.again, 5
; CHECK: %offset.again = mul i32 %lshr.again, 384
; CHECK: getelementptr i32, ptr %out, i32 %offset.again
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lshr = lshr i32 %tid, 5
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %leader, label %join

leader:
  store i32 1, ptr %out
  br label %join

join:
  %warp = phi i32 [ 0, %leader ], [ %lshr, %entry ]
  %offset = mul i32 %warp, 384
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %p = getelementptr i32, ptr %out, i32 %offset
  store i32 2, ptr %p
  ret void
}

define void @wrong_constant(ptr %out) #0 {
; CHECK-LABEL: define void @wrong_constant(
; CHECK: %warp.across = alloca i32
; CHECK: %warp.reload = load i32, ptr %warp.across
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lshr = lshr i32 %tid, 5
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %leader, label %join

leader:
  br label %join

join:
  %warp = phi i32 [ 1, %leader ], [ %lshr, %entry ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 %warp, ptr %out
  ret void
}

define void @other_condition(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @other_condition(
; CHECK: %warp.across = alloca i32
; CHECK: %warp.reload = load i32, ptr %warp.across
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lshr = lshr i32 %tid, 5
  %none = icmp ne i32 %n, 0
  br i1 %none, label %join, label %leader

leader:
  br label %join

join:
  %warp = phi i32 [ 0, %leader ], [ %lshr, %entry ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 %warp, ptr %out
  ret void
}

define void @same_expression_each_arm(ptr %out, i32 %n, i1 %c) #0 {
; CHECK-LABEL: define void @same_expression_each_arm(
; CHECK-NOT: %index.across
; CHECK: call i64 @__drawbridge_site(i32 1)
; CHECK: %tid.again = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: %a.again = mul i32 %tid.again, %n
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %c, label %left, label %right

left:
  %a = mul i32 %tid, %n
  br label %join

right:
  %b = mul i32 %tid, %n
  br label %join

join:
  %index = phi i32 [ %a, %left ], [ %b, %right ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %p = getelementptr i32, ptr %out, i32 %index
  store i32 2, ptr %p
  ret void
}

define void @different_expression_each_arm(ptr %out, i32 %n, i1 %c) #0 {
; CHECK-LABEL: define void @different_expression_each_arm(
; CHECK: %index.across = alloca i32
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %c, label %left, label %right

left:
  %a = mul i32 %tid, %n
  br label %join

right:
  %b = add i32 %tid, %n
  br label %join

join:
  %index = phi i32 [ %a, %left ], [ %b, %right ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %p = getelementptr i32, ptr %out, i32 %index
  store i32 2, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
