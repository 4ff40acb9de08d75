; A grid-stride loop whose `int` index LLVM widened to 64 bits (a constant bound and a signed
; step): its start is sext(base + threadIdx.x), taken as sext(base) + threadIdx.x, so the loop
; runs as rounds shared by the block like any other.
; RUN: %opt -passes=drawbridge-lockstep-stride-loops -S %s | FileCheck %s

define void @sum(ptr %x, ptr %out) #0 {
; CHECK-LABEL: define void @sum(
; CHECK: %start = add i32 %base, %tid
; CHECK-NEXT: %round.start = sext i32 %base to i64
; CHECK-NEXT: %[[OFFSET:.*]] = zext i32 %tid to i64
; CHECK: rounds:
; CHECK-NEXT: %round.base = phi i64 [ %round.start, %{{.*}} ], [ %rounds.base.next, %rounds.next ]
; CHECK: %i.thread = add i64 %round.base, %[[OFFSET]]
; CHECK: %in.range = icmp slt i64 %i.thread, 100000000
entry:
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %base = mul i32 %ctaid, %ntid
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, 100000000
  br i1 %enter, label %pre, label %exit
pre:
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %wide.start = sext i32 %start to i64
  %wide.stride = sext i32 %stride to i64
  br label %loop
loop:
  %i = phi i64 [ %wide.start, %pre ], [ %next, %loop ]
  %acc = phi float [ 0.0, %pre ], [ %acc.next, %loop ]
  %p = getelementptr inbounds float, ptr %x, i64 %i
  %v = load float, ptr %p
  %acc.next = fadd float %acc, %v
  %next = add nsw i64 %i, %wide.stride
  %more = icmp slt i64 %next, 100000000
  br i1 %more, label %loop, label %exit
exit:
  %s = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %slot = getelementptr float, ptr %out, i32 %tid
  store float %s, ptr %slot
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

attributes #0 = { "drawbridge-kernel" }
