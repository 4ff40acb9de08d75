; How many rounds of a grid-stride loop run between two barriers depends on how many memory
; streams its body walks: a grid's stride and the distance between two allocations are nearly
; always multiples of 4 KiB, so each round's piece of each stream lands in the same level-1
; cache set, and a group keeps about eight such lines a step. One stream gets eight rounds (a
; load and a store of `a[i]`, two fields of a pair at constant offsets within a line, and a
; load at the same address every round, which is no stream, leave one); two streams four (a
; copy; a histogram's bytes and its shared bins; `in[i]` and `in[i + blockDim.x]`, two lines
; a round); three or four get two; five or more one, with no copies. A block-stride loop, whose
; rounds lie one after another, keeps eight whatever it walks.
; RUN: %opt -passes=drawbridge-lockstep-stride-loops -S %s | FileCheck %s

@bins = internal addrspace(3) global [256 x i32] undef

; CHECK-LABEL: define void @one_stream(
; CHECK: %[[G:.*]] = mul i32 %stride, 8
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[G]]
define void @one_stream(ptr %pairs, ptr %scale, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %base = mul i32 %block, %ntid
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %p = getelementptr [2 x float], ptr %pairs, i32 %i
  %x = load float, ptr %p
  %q = getelementptr inbounds i8, ptr %p, i64 4
  %y = load float, ptr %q
  %s = load float, ptr %scale
  %xy = fadd float %x, %y
  %scaled = fmul float %xy, %s
  store float %scaled, ptr %p
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @two_streams_one_array(
; CHECK: %[[G:.*]] = mul i32 %stride, 4
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[G]]
define void @two_streams_one_array(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %base = mul i32 %block, %ntid
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %in, i32 %i
  %v = load float, ptr %p
  %j = add i32 %i, %ntid
  %q = getelementptr float, ptr %in, i32 %j
  %w = load float, ptr %q
  %vw = fadd float %v, %w
  %acc.next = fadd float %acc, %vw
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %total = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  store float %total, ptr %out
  ret void
}

; CHECK-LABEL: define void @copy(
; CHECK: %[[G:.*]] = mul i32 %stride, 4
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[G]]
define void @copy(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %base = mul i32 %block, %ntid
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %p = getelementptr i8, ptr %in, i32 %i
  %v = load i8, ptr %p
  %q = getelementptr i8, ptr %out, i32 %i
  store i8 %v, ptr %q
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The bins are the second array: the atomic's address changes with the byte read.
; CHECK-LABEL: define void @histogram(
; CHECK: %[[G:.*]] = mul i32 %stride, 4
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[G]]
define void @histogram(ptr %data, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %base = mul i32 %block, %ntid
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %p = getelementptr i8, ptr %data, i32 %i
  %byte = load i8, ptr %p
  %bin = zext i8 %byte to i64
  %slot = getelementptr [256 x i32], ptr addrspace(3) @bins, i64 0, i64 %bin
  %old = atomicrmw add ptr addrspace(3) %slot, i32 1 monotonic
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @triad(
; CHECK: %[[G:.*]] = mul i32 %stride, 2
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[G]]
define void @triad(ptr %a, ptr %b, ptr %c, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %base = mul i32 %block, %ntid
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %pb = getelementptr float, ptr %b, i32 %i
  %vb = load float, ptr %pb
  %pc = getelementptr float, ptr %c, i32 %i
  %vc = load float, ptr %pc
  %sum = fadd float %vb, %vc
  %pa = getelementptr float, ptr %a, i32 %i
  store float %sum, ptr %pa
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @five_arrays(
; CHECK-NOT: round.next
; CHECK: %rounds.base.next = add i32 %round.base,
; CHECK-NOT: round.next
define void @five_arrays(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = mul i32 %ntid, %nctaid
  %base = mul i32 %block, %ntid
  %start = add i32 %base, %tid
  %enter = icmp slt i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %pb = getelementptr float, ptr %b, i32 %i
  %vb = load float, ptr %pb
  %pc = getelementptr float, ptr %c, i32 %i
  %vc = load float, ptr %pc
  %pd = getelementptr float, ptr %d, i32 %i
  %vd = load float, ptr %pd
  %pe = getelementptr float, ptr %e, i32 %i
  %ve = load float, ptr %pe
  %bc = fadd float %vb, %vc
  %de = fadd float %vd, %ve
  %sum = fadd float %bc, %de
  %pa = getelementptr float, ptr %a, i32 %i
  store float %sum, ptr %pa
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @block_stride_copy(
; CHECK: %[[G:.*]] = mul i32 %ntid, 8
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[G]]
define void @block_stride_copy(ptr %in, ptr %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %loop ]
  %p = getelementptr float, ptr %in, i32 %i
  %v = load float, ptr %p
  %q = getelementptr float, ptr %out, i32 %i
  store float %v, ptr %q
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
attributes #0 = { "drawbridge-kernel" }
