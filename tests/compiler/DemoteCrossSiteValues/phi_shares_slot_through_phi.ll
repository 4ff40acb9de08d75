; A tree reduction's running sum (`if (tid < s) sum += sdata[tid + s]` in a barrier loop) is a
; phi of the sum after the step; it takes the sum from before the loop through the loop-header
; phi, which no site separates from its uses and so is not demoted. The sum before the loop
; still shares the step's slot (@tree), so the threads that skip the step store back the value
; they read. Where the sum before the loop is read again after the loop (@before_read_late), the
; step's stores would overwrite it: each keeps its own slot.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @tree(ptr %out, ptr %in, i32 %tid) #0 {
; CHECK-LABEL: define void @tree(
; CHECK-DAG: %stepped.across = alloca i32
; CHECK-DAG: %s.next.across = alloca i32
; CHECK-NOT: alloca
; CHECK: %before = add i32 %x, 1
; CHECK-NEXT: store i32 %before, ptr %stepped.across
; CHECK: after.site:
; CHECK-NEXT: %before.reload = load i32, ptr %stepped.across
; CHECK: loop:
; CHECK-NEXT: %s = phi i32
; CHECK-NEXT: %acc = phi i32 [ %before.reload, %after.site ], [ [[BACK:%stepped.reload[0-9]*]], %after.site{{[0-9]*}} ]
; CHECK: %stepped = phi i32 [ %sum, %step ], [ %acc, %loop ]
; CHECK-NEXT: store i32 %stepped, ptr %stepped.across
; CHECK: [[BACK]] = load i32, ptr %stepped.across
entry:
  %x = load i32, ptr %in
  %before = add i32 %x, 1
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r0 = call i64 @__drawbridge_site(i32 1)
  br label %loop
loop:
  %s = phi i32 [ 128, %entry ], [ %s.next, %step.done ]
  %acc = phi i32 [ %before, %entry ], [ %stepped, %step.done ]
  %active = icmp ult i32 %tid, %s
  br i1 %active, label %step, label %step.done
step:
  %y = load i32, ptr %in
  %sum = add i32 %acc, %y
  br label %step.done
step.done:
  %stepped = phi i32 [ %sum, %step ], [ %acc, %loop ]
  %s.next = lshr i32 %s, 1
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r1 = call i64 @__drawbridge_site(i32 1)
  %more = icmp ugt i32 %s.next, 32
  br i1 %more, label %loop, label %exit
exit:
  store i32 %stepped, ptr %out
  ret void
}

define void @before_read_late(ptr %out, ptr %in, i32 %tid) #0 {
; CHECK-LABEL: define void @before_read_late(
; CHECK-DAG: %before.across = alloca i32
; CHECK-DAG: %stepped.across = alloca i32
; CHECK: %stepped = phi i32 [ %sum, %step ], [ %acc, %loop ]
; CHECK-NEXT: store i32 %stepped, ptr %stepped.across
entry:
  %x = load i32, ptr %in
  %before = add i32 %x, 1
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r0 = call i64 @__drawbridge_site(i32 1)
  br label %loop
loop:
  %s = phi i32 [ 128, %entry ], [ %s.next, %step.done ]
  %acc = phi i32 [ %before, %entry ], [ %stepped, %step.done ]
  %active = icmp ult i32 %tid, %s
  br i1 %active, label %step, label %step.done
step:
  %y = load i32, ptr %in
  %sum = add i32 %acc, %y
  br label %step.done
step.done:
  %stepped = phi i32 [ %sum, %step ], [ %acc, %loop ]
  %s.next = lshr i32 %s, 1
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r1 = call i64 @__drawbridge_site(i32 1)
  %more = icmp ugt i32 %s.next, 32
  br i1 %more, label %loop, label %exit
exit:
  %total = add i32 %stepped, %before
  store i32 %total, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
