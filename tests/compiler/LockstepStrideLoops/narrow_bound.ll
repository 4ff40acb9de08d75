; A block-stride loop whose counter LLVM widened while its bound stayed a narrow value (Thrust's
; copy_if scatter, `for (i = threadIdx.x; i < n; i += 128)`): the guard tests `tid <s n` in 32
; bits, the latch `i + 128 <u zext(n)` in 64, valid only once the guard has let a thread in
; (n positive). The rounds' guard keeps the narrow signed test of the first index, 0 <s n, and
; the rounds test each thread's index unsigned as the latch did. The loop's exit is the kernel's
; one return block, which other paths reach too. A guard that tests unsigned before a latch
; that tests signed (n sign-extended) would let threads in where the latch would not: left alone.
; RUN: %opt -passes=drawbridge-lockstep-stride-loops -S %s | FileCheck %s

define void @scatter(ptr %out, ptr %in, i32 %n, i1 %skip) #0 {
; CHECK-LABEL: define void @scatter(
; CHECK: %rounds.any = icmp slt i32 0, %n
; CHECK: rounds:
; CHECK: %in.range = icmp ult i64 %i.thread, %wide.n
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br i1 %skip, label %exit, label %guard
guard:
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %pre, label %exit
pre:
  %wide.tid = zext nneg i32 %tid to i64
  %wide.n = zext nneg i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ %wide.tid, %pre ], [ %next, %loop ]
  %src = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %src, align 4
  %dst = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %dst, align 4
  %next = add nuw nsw i64 %i, 128
  %more = icmp ult i64 %next, %wide.n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @unsigned_guard(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @unsigned_guard(
; CHECK-NOT: rounds:
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %enter = icmp ult i32 %tid, %n
  br i1 %enter, label %pre, label %exit
pre:
  %wide.tid = zext nneg i32 %tid to i64
  %wide.n = sext i32 %n to i64
  br label %loop
loop:
  %i = phi i64 [ %wide.tid, %pre ], [ %next, %loop ]
  %dst = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 1, ptr %dst, align 4
  %next = add nsw i64 %i, 128
  %more = icmp slt i64 %next, %wide.n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
