; A loop whose induction variable steps by blockDim * gridDim (grid-stride) or blockDim
; (block-stride) gets a stride site (kind 18) on its back edge when it cannot run as uniform
; rounds (here: each thread starts where a load says); a loop stepping by a small constant,
; and a stride loop that already holds a barrier, do not.
; RUN: %opt -passes=drawbridge-lockstep-stride-loops -S %s | FileCheck %s

define void @grid_stride(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @grid_stride(
; CHECK: yield:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 18)
; CHECK-NEXT: br label %loop
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %mine = getelementptr i32, ptr %out, i32 %tid
  %start = load i32, ptr %mine
  br label %loop
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @constant_step(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @constant_step(
; CHECK-NOT: __drawbridge_site
; CHECK: ret void
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, 4
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @block_stride_with_barrier(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @block_stride_with_barrier(
; CHECK-NOT: i32 18
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %loop ]
  %s = call i64 @__drawbridge_site(i32 1)
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i64 @__drawbridge_site(i32)

attributes #0 = { "drawbridge-kernel" }
