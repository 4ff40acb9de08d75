; A guarded grid-stride loop (the shape clang gives `for (i = blockIdx.x * blockDim.x +
; threadIdx.x; i < n; i += blockDim.x * gridDim.x) sum += in[i];`) becomes uniform rounds: a
; round counter from the block's base, the thread's index base + threadIdx.x tested inside,
; the running sum carried through rounds the thread skips, the guard asking whether any thread
; of the block has work, and a barrier (kind 1) at the rounds' head, which the way in and the way
; back both reach (so the region before the loop holds no copy of the first group). A stride
; loop with a second exit (break) keeps its stride site (kind 18), as does a stride loop that a
; spin-wait loop (kind 17) follows with no barrier between (apart_from_spins.ll). A body this small runs eight rounds between two
; barriers, each later one only while its counter is below the bound. A loop stepping by a constant of at least 32 (the block
; size written out) gets the same rounds, in the shape LLVM leaves it: counter widened to i64
; from threadIdx.x, the guard testing the narrow value, the latch testing the counter's current
; value against 4096 - 256; over 2048 values, eight rounds are all any thread has, so there is
; no barrier after them, and a barrier heads each round after the first (their memory is one
; stretch, read a round a region). A do-while stride loop, with no guard, runs the first round for every
; thread. A loop only some threads reach, and one stepping by a constant below 32, stay as
; they are.
; RUN: %opt -passes=drawbridge-lockstep-stride-loops -S %s | FileCheck %s

define void @sum(ptr %in, ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @sum(
; CHECK: %base = mul i32 %block, %ntid
; CHECK-NEXT: %rounds.any = icmp slt i32 %base, %n
; CHECK-NEXT: br i1 %rounds.any, label %[[PRE:.*]], label %exit
; The barrier of a stride loop's rounds is marked as such, and a grid-stride loop's as
; interleaved too, so that its blocks run interleaved.
; CHECK: rounds:
; CHECK-NEXT: %round.base = phi i32 [ %base, %[[PRE]] ], [ %rounds.base.next, %rounds.next ]
; CHECK-NEXT: %acc.round = phi float [ 0.000000e+00, %[[PRE]] ], [ %[[LAST:acc.carry.k[0-9]+]], %rounds.next ]
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1), !drawbridge.stride_rounds !{{[0-9]+}}, !drawbridge.interleaved_rounds
; CHECK-NEXT: %[[B:.*]] = sext i32 %round.base to i64
; CHECK-NEXT: %[[T:.*]] = zext i32 %tid to i64
; CHECK-NEXT: %i.thread.wide = add nsw i64 %[[B]], %[[T]]
; CHECK-NEXT: %i.thread = trunc i64 %i.thread.wide to i32
; CHECK-NEXT: %[[N:.*]] = sext i32 %n to i64
; CHECK-NEXT: %in.range = icmp slt i64 %i.thread.wide, %[[N]]
; CHECK-NEXT: br i1 %in.range, label %loop, label %rounds.latch
; A signed index is computed in 64 bits, and the body's sign extension of it is that sum
; (an unsigned one, below, stays narrow: it wraps by definition).
; CHECK: loop:
; CHECK-NEXT: %p = getelementptr float, ptr %in, i64 %i.thread.wide
; CHECK: %acc.next = fadd float %acc.round, %v
; CHECK-NEXT: br label %rounds.latch
; CHECK: rounds.latch:
; CHECK-NEXT: %acc.carry = phi float [ %acc.next, %loop ], [ %acc.round, %rounds ]
; The second of eight rounds before the barrier: j + stride, while j + stride < n (in 64 bits).
; A round past n runs for no thread and takes the first round's base (the group's base plus
; nothing), so that its masked accesses (once vectorised) point where the block reads anyway,
; not past the data; the group's base stays an addend of every round's.
; CHECK: round.next:
; CHECK: %[[LIVE:.*]] = icmp slt i64 %{{.*}}, %{{.*}}
; CHECK: %[[STEP:.*]] = select i1 %[[LIVE]], i32 %{{.*}}, i32 0
; CHECK-NEXT: %round.base.k = add i32 %round.base, %[[STEP]]
; CHECK: %[[WIDESTEP:.*]] = select i1 %[[LIVE]], i64 %{{.*}}, i64 0
; CHECK-NEXT: %[[WIDE:.*]] = add i64 %{{.*}}, %[[WIDESTEP]]
; CHECK: %i.thread.k.wide = add nsw i64 %[[WIDE]], %{{.*}}
; CHECK-NEXT: %i.thread.k = trunc i64 %i.thread.k.wide to i32
; CHECK: %[[IN:.*]] = icmp slt i64 %i.thread.k.wide, %{{.*}}
; CHECK-NEXT: %in.range.k = and i1 %[[LIVE]], %[[IN]]
; CHECK: %p.k = getelementptr float, ptr %in, i64 %i.thread.k.wide
; CHECK: %acc.next.k = fadd float %acc.carry, %v.k
; CHECK: %acc.carry.k = phi float [ %acc.next.k, %loop.k ], [ %acc.carry, %round.next ]
; CHECK: round.next61:
; CHECK: %[[LAST]] = phi float
; CHECK: rounds.next:
; CHECK: %[[GROUP:.*]] = mul i32 %stride, 8
; CHECK-NEXT: %rounds.base.next = add i32 %round.base, %[[GROUP]]
; CHECK: %rounds.more = icmp slt i64
; CHECK-NEXT: br i1 %rounds.more, label %rounds, label %exit
; CHECK: exit:
; CHECK-NEXT: %total = phi float [ 0.000000e+00, %entry ], [ %[[LAST]], %rounds.next ]
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
  %idx = sext i32 %i to i64
  %p = getelementptr float, ptr %in, i64 %idx
  %v = load float, ptr %p
  %acc.next = fadd float %acc, %v
  %next = add i32 %i, %stride
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %total = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  store float %total, ptr %out
  ret void
}

define void @early_exit(ptr %in, i32 %n) #0 {
; CHECK-LABEL: define void @early_exit(
; CHECK: call i64 @__drawbridge_site(i32 18)
; CHECK-NOT: __drawbridge_site(i32 1)
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %latch ]
  %p = getelementptr i32, ptr %in, i32 %i
  %v = load i32, ptr %p
  %stop = icmp eq i32 %v, 0
  br i1 %stop, label %exit, label %latch
latch:
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @spins(ptr %in, ptr %flag, i32 %n) #0 {
; CHECK-LABEL: define void @spins(
; CHECK: call i64 @__drawbridge_site(i32 18)
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %spin
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %loop ]
  %p = getelementptr i32, ptr %in, i32 %i
  store i32 1, ptr %p
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %spin
spin:
  %f = load volatile i32, ptr %flag
  %wait = icmp eq i32 %f, 0
  br i1 %wait, label %yield, label %exit
yield:
  %y = call i64 @__drawbridge_site(i32 17)
  br label %spin
exit:
  ret void
}

define void @constant_block_stride(ptr %in, ptr %items, i32 %n) #0 {
; CHECK-LABEL: define void @constant_block_stride(
; CHECK: br i1 true, label %pre, label %exit
; A block-stride loop's barrier is not marked interleaved: its rounds read the block's own
; stretch of memory.
; CHECK: rounds:
; CHECK-NEXT: %round.base = phi i64 [ 0, %pre ], [ %rounds.base.next, %rounds.next ]
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1), !drawbridge.stride_rounds !{{[0-9]+}}{{$}}
; CHECK-NEXT: %k.thread = add i64 %round.base, %wide
; CHECK-NEXT: %in.range = icmp slt i64 %k.thread, 4096
; CHECK: %[[K1:.*]] = add i64 %round.base, 256
; CHECK-NEXT: %[[L1:.*]] = icmp slt i64 %[[K1]], 4096
; CHECK-NEXT: %[[D1:.*]] = select i1 %[[L1]], i64 256, i64 0
; CHECK-NEXT: %round.base.k = add i64 %round.base, %[[D1]]
; CHECK: %[[D2:.*]] = select i1 %{{.*}}, i64 512, i64 0
; CHECK-NEXT: %round.base.k3 = add i64 %round.base, %[[D2]]
; CHECK: %[[D7:.*]] = select i1 %{{.*}}, i64 1792, i64 0
; CHECK-NEXT: %round.base.k53 = add i64 %round.base, %[[D7]]
; CHECK: %rounds.base.next = add i64 %round.base, 2048
; CHECK: %rounds.more = icmp slt i64 %{{.*}}, 4096
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %enter = icmp slt i32 %tid, 4096
  br i1 %enter, label %pre, label %exit
pre:
  %wide = sext i32 %tid to i64
  br label %loop
loop:
  %k = phi i64 [ %wide, %pre ], [ %next, %loop ]
  %p = getelementptr i32, ptr %in, i64 %k
  %v = load i32, ptr %p
  %q = getelementptr i32, ptr %items, i64 %k
  store i32 %v, ptr %q
  %next = add nsw i64 %k, 256
  %more = icmp slt i64 %k, 3840
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The same loop over 2048 values: its eight rounds are every round any thread has, so it runs
; them once, with no barrier after them and no way back. They lie one after another in memory,
; so a barrier heads each round after the first: a region then reads or writes a round for the
; whole block, and the tile as one stream.
define void @one_group_block_stride(ptr %in, ptr %items, i32 %n) #0 {
; CHECK-LABEL: define void @one_group_block_stride(
; CHECK: rounds:
; CHECK-NEXT: %k.thread = add i64 0, %wide
; CHECK-NOT: __drawbridge_site
; CHECK: round.next:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1)
; CHECK: %round.base.k = add i64 0, %{{.*}}
; CHECK-COUNT-6: call i64 @__drawbridge_site(i32 1)
; CHECK-NOT: __drawbridge_site
; CHECK: %round.base.k53 = add i64 0, %{{.*}}
; CHECK-NOT: __drawbridge_site
; CHECK: rounds.next:
; CHECK-NEXT: br label %exit
; CHECK-NOT: __drawbridge_site
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %enter = icmp slt i32 %tid, 2048
  br i1 %enter, label %pre, label %exit
pre:
  %wide = sext i32 %tid to i64
  br label %loop
loop:
  %k = phi i64 [ %wide, %pre ], [ %next, %loop ]
  %p = getelementptr i32, ptr %in, i64 %k
  %v = load i32, ptr %p
  %q = getelementptr i32, ptr %items, i64 %k
  store i32 %v, ptr %q
  %next = add nsw i64 %k, 256
  %more = icmp slt i64 %k, 1792
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A tile loop whose first iteration LLVM proved (no guard) and whose running sum is used after
; it with no exit phi (LLVM keeps none where only the latch exits): the pass gives it one, and
; the sum leaves the last round through it.
define void @tile_sum(ptr %in, ptr %out) #0 {
; CHECK-LABEL: define void @tile_sum(
; CHECK: rounds:
; CHECK: round.next:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1)
; CHECK: rounds.next:
; CHECK-NEXT: br label %exit
; CHECK: exit:
; CHECK-NEXT: %[[SUM:.*]] = phi i32 [ %acc.carry.k{{[0-9]*}}, %rounds.next ]
; CHECK-NEXT: store i32 %[[SUM]], ptr %out
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %wide = zext i32 %tid to i64
  br label %loop
loop:
  %k = phi i64 [ %wide, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr i32, ptr %in, i64 %k
  %v = load i32, ptr %p
  %acc.next = add i32 %acc, %v
  %next = add nuw nsw i64 %k, 256
  %more = icmp ult i64 %k, 1792
  br i1 %more, label %loop, label %exit
exit:
  store i32 %acc.next, ptr %out
  ret void
}

define void @do_while(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @do_while(
; CHECK: rounds:
; CHECK: call i64 @__drawbridge_site(i32 1)
; CHECK: %i.thread = trunc i64 %i.thread.wide to i32
; CHECK: %in.range = icmp slt i64 %i.thread.wide, %{{.*}}
; CHECK-NEXT: %round.first = icmp eq i32 %round.base, 0
; CHECK-NEXT: %round.runs = or i1 %round.first, %in.range
; CHECK-NEXT: br i1 %round.runs, label %loop, label %rounds.latch
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %loop ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @some_threads(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @some_threads(
; CHECK-NOT: __drawbridge_site(i32 1)
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %few = icmp ult i32 %tid, 64
  br i1 %few, label %guard, label %exit
guard:
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %tid, %guard ], [ %next, %loop ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, 256
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @small_constant_step(ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @small_constant_step(
; CHECK-NOT: __drawbridge_site
; CHECK: ret void
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %enter = icmp slt i32 %tid, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %loop ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, 16
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; A start InstCombine wrote as an or, since the block's base (blockIdx.x * 1024) and
; threadIdx.x (below 1024) share no bit, as in cuda-samples' reduce6 at 512 threads a block:
; the same rounds, where it used to fall back to a stride site.
define void @disjoint_start(ptr %in, ptr %out, i32 %n) #0 {
; CHECK-LABEL: define void @disjoint_start(
; CHECK: rounds:
; CHECK: call i64 @__drawbridge_site(i32 1), !drawbridge.stride_rounds !{{[0-9]+}}, !drawbridge.interleaved_rounds
; CHECK: %i.thread = add i32 %round.base, %tid
; CHECK-NEXT: %in.range = icmp ult i32 %i.thread, %n
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %nctaid = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %stride = shl i32 %nctaid, 10
  %base = shl i32 %block, 10
  %start = or disjoint i32 %base, %tid
  %enter = icmp ult i32 %start, %n
  br i1 %enter, label %loop, label %exit
loop:
  %i = phi i32 [ %start, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr i32, ptr %in, i32 %i
  %v = load i32, ptr %p
  %acc.next = add i32 %acc, %v
  %next = add i32 %i, %stride
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %total = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  store i32 %total, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
