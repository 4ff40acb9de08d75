; A loop whose bounds a struct parameter passed by value gives (CUB's grid partition:
; GridEvenShare's block_offset and block_end, read through the byval pointer) is uniform: every
; thread reads the same bytes, so it gets the lockstep barrier. A loop bounded by a value loaded
; from an ordinary pointer parameter is not (another thread may have written it), nor one whose
; bound is read through the byval pointer at a thread-dependent offset.
; RUN: %opt -passes=drawbridge-lockstep-uniform-loops -S %s | FileCheck %s

%share = type { i32, i32, i32 }

define void @byval_bounds(ptr %in, ptr %out, ptr byval(%share) %part) #0 {
; CHECK-LABEL: define void @byval_bounds(
; CHECK: lockstep.barrier:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1), !drawbridge.lockstep_loop
entry:
  %first.at = getelementptr inbounds %share, ptr %part, i32 0, i32 0
  %first = load i32, ptr %first.at
  %end.at = getelementptr inbounds %share, ptr %part, i32 0, i32 1
  %end = load i32, ptr %end.at
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %offset = phi i32 [ %first, %entry ], [ %next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %i = add i32 %offset, %tid
  %p0 = getelementptr i32, ptr %in, i32 %i
  %v0 = load i32, ptr %p0
  %i1 = add i32 %i, 256
  %p1 = getelementptr i32, ptr %in, i32 %i1
  %v1 = load i32, ptr %p1
  %i2 = add i32 %i, 512
  %p2 = getelementptr i32, ptr %in, i32 %i2
  %v2 = load i32, ptr %p2
  %w0 = sext i32 %v0 to i64
  %w1 = sext i32 %v1 to i64
  %w2 = sext i32 %v2 to i64
  %s0 = add i64 %acc, %w0
  %s1 = add i64 %s0, %w1
  %acc.next = add i64 %s1, %w2
  %next = add i32 %offset, 768
  %more = icmp slt i32 %next, %end
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr i64, ptr %out, i32 %tid
  store i64 %acc.next, ptr %o
  ret void
}

define void @pointer_bounds(ptr %in, ptr %out, ptr %part) #0 {
; CHECK-LABEL: define void @pointer_bounds(
; CHECK-NOT: lockstep.barrier
; CHECK: ret void
entry:
  %end.at = getelementptr inbounds %share, ptr %part, i32 0, i32 1
  %end = load i32, ptr %end.at
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %offset = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %i = add i32 %offset, %tid
  %p0 = getelementptr i32, ptr %in, i32 %i
  %v0 = load i32, ptr %p0
  %i1 = add i32 %i, 256
  %p1 = getelementptr i32, ptr %in, i32 %i1
  %v1 = load i32, ptr %p1
  %i2 = add i32 %i, 512
  %p2 = getelementptr i32, ptr %in, i32 %i2
  %v2 = load i32, ptr %p2
  %w0 = sext i32 %v0 to i64
  %w1 = sext i32 %v1 to i64
  %w2 = sext i32 %v2 to i64
  %s0 = add i64 %acc, %w0
  %s1 = add i64 %s0, %w1
  %acc.next = add i64 %s1, %w2
  %next = add i32 %offset, 768
  %more = icmp slt i32 %next, %end
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr i64, ptr %out, i32 %tid
  store i64 %acc.next, ptr %o
  ret void
}

define void @byval_thread_field(ptr %in, ptr %out, ptr byval([256 x i32]) %ends) #0 {
; CHECK-LABEL: define void @byval_thread_field(
; CHECK-NOT: lockstep.barrier
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %end.at = getelementptr inbounds [256 x i32], ptr %ends, i32 0, i32 %tid
  %end = load i32, ptr %end.at
  br label %loop
loop:
  %offset = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %loop ]
  %i = add i32 %offset, %tid
  %p0 = getelementptr i32, ptr %in, i32 %i
  %v0 = load i32, ptr %p0
  %i1 = add i32 %i, 256
  %p1 = getelementptr i32, ptr %in, i32 %i1
  %v1 = load i32, ptr %p1
  %i2 = add i32 %i, 512
  %p2 = getelementptr i32, ptr %in, i32 %i2
  %v2 = load i32, ptr %p2
  %w0 = sext i32 %v0 to i64
  %w1 = sext i32 %v1 to i64
  %w2 = sext i32 %v2 to i64
  %s0 = add i64 %acc, %w0
  %s1 = add i64 %s0, %w1
  %acc.next = add i64 %s1, %w2
  %next = add i32 %offset, 768
  %more = icmp slt i32 %next, %end
  br i1 %more, label %loop, label %exit
exit:
  %o = getelementptr i64, ptr %out, i32 %tid
  store i64 %acc.next, ptr %o
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
