; A stride loop of a kernel that spins gets uniform rounds when a block barrier stands between
; the spin-wait loop (its yield site, kind 17) and the stride loop on every path, as in CUB's
; decoupled look-back: no thread can be spinning while others go round, so the rounds' barrier
; cannot keep them waiting. Where some path leads from the spin to the loop without a barrier,
; the loop keeps its stride site (kind 18).
; RUN: %opt -passes=drawbridge-lockstep-stride-loops -S %s | FileCheck %s

define void @barrier_between(ptr %in, ptr %flag, i32 %n) #0 {
; CHECK-LABEL: define void @barrier_between(
; CHECK: rounds:
; CHECK-NOT: call i64 @__drawbridge_site(i32 18)
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %spin
spin:
  %f = load volatile i32, ptr %flag
  %wait = icmp eq i32 %f, 0
  br i1 %wait, label %yield, label %synced
yield:
  %y = call i64 @__drawbridge_site(i32 17)
  br label %spin
synced:
  %b = call i64 @__drawbridge_site(i32 1)
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %tid, %synced ], [ %next, %loop ]
  %p = getelementptr i32, ptr %in, i32 %i
  store i32 1, ptr %p
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @no_barrier_between(ptr %in, ptr %flag, i32 %n) #0 {
; CHECK-LABEL: define void @no_barrier_between(
; CHECK-NOT: rounds:
; CHECK: call i64 @__drawbridge_site(i32 18)
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %leader = icmp eq i32 %tid, 0
  br i1 %leader, label %spin, label %before
spin:
  %f = load volatile i32, ptr %flag
  %wait = icmp eq i32 %f, 0
  br i1 %wait, label %yield, label %before
yield:
  %y = call i64 @__drawbridge_site(i32 17)
  br label %spin
before:
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %tid, %before ], [ %next, %loop ]
  %p = getelementptr i32, ptr %in, i32 %i
  store i32 1, ptr %p
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
