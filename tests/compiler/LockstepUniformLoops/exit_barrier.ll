; A lockstepped loop whose exit leads, before any site, into a loop of its own (CUB's even-share
; reduction: full tiles in lockstep, then the ragged last tile, `for (i = tid; i < valid; i +=
; 256)`) also gets a barrier on its exit edge, unmarked, so that the iterations' region keeps its
; thread loop innermost. Not when the exit reaches a site first, nor when it runs straight to
; the end; an exit that goes round an enclosing loop back into the loop counts as a loop.
; RUN: %opt -passes=drawbridge-lockstep-uniform-loops -S %s | FileCheck %s

define void @ragged_tail(ptr %in, ptr %out, i32 %full, i32 %valid) #0 {
; CHECK-LABEL: define void @ragged_tail(
; CHECK: lockstep.barrier:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1), !drawbridge.lockstep_loop
; CHECK: lockstep.exit:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1){{$}}
; CHECK-NEXT: br label %tail.check
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %tiles
tiles:
  %offset = phi i32 [ 0, %entry ], [ %next, %tiles ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %tiles ]
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
  %more = icmp slt i32 %next, %full
  br i1 %more, label %tiles, label %tail.check
tail.check:
  %any = icmp slt i32 %tid, %valid
  br i1 %any, label %tail, label %exit
tail:
  %j = phi i32 [ %tid, %tail.check ], [ %j.next, %tail ]
  %t = phi i64 [ %acc.next, %tail.check ], [ %t.next, %tail ]
  %k = add i32 %next, %j
  %q = getelementptr i32, ptr %in, i32 %k
  %u = load i32, ptr %q
  %uw = sext i32 %u to i64
  %t.next = add i64 %t, %uw
  %j.next = add i32 %j, 256
  %again = icmp slt i32 %j.next, %valid
  br i1 %again, label %tail, label %exit
exit:
  %r = phi i64 [ %acc.next, %tail.check ], [ %t.next, %tail ]
  %o = getelementptr i64, ptr %out, i32 %tid
  store i64 %r, ptr %o
  ret void
}

define void @site_first(ptr %in, ptr %out, i32 %full, i32 %valid) #0 {
; CHECK-LABEL: define void @site_first(
; CHECK: lockstep.barrier:
; CHECK-NOT: lockstep.exit
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %tiles
tiles:
  %offset = phi i32 [ 0, %entry ], [ %next, %tiles ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %tiles ]
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
  %more = icmp slt i32 %next, %full
  br i1 %more, label %tiles, label %sync
sync:
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %s = call i64 @__drawbridge_site(i32 1)
  br label %tail
tail:
  %j = phi i32 [ %tid, %site ], [ %j.next, %tail ]
  %j.next = add i32 %j, 256
  %again = icmp slt i32 %j.next, %valid
  br i1 %again, label %tail, label %exit
exit:
  %o = getelementptr i64, ptr %out, i32 %tid
  store i64 %acc.next, ptr %o
  ret void
}

define void @enclosing_loop(ptr %in, ptr %out, i32 %full, i32 %rounds) #0 {
; CHECK-LABEL: define void @enclosing_loop(
; CHECK: lockstep.barrier:
; CHECK: lockstep.exit:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1){{$}}
; CHECK-NEXT: br label %outer.latch
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %outer
outer:
  %round = phi i32 [ 0, %entry ], [ %round.next, %outer.latch ]
  br label %tiles
tiles:
  %offset = phi i32 [ 0, %outer ], [ %next, %tiles ]
  %acc = phi i64 [ 0, %outer ], [ %acc.next, %tiles ]
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
  %more = icmp slt i32 %next, %full
  br i1 %more, label %tiles, label %outer.latch
outer.latch:
  %o = getelementptr i64, ptr %out, i32 %round
  store i64 %acc.next, ptr %o
  %round.next = add i32 %round, 1
  %again = icmp slt i32 %round.next, %rounds
  br i1 %again, label %outer, label %exit
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
