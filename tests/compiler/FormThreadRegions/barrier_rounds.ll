; The region after the one __syncthreads of a loop leads back to that barrier: it counts the
; threads that come back to it (an add reduction over the thread loop) and, when every thread
; of the block has, runs the next round itself from its entry instead of returning to the
; scheduler. Region 0 (the entry) does not, nor does a region that ends at another barrier.
; The rounds of a grid-stride loop (their barrier marked drawbridge.interleaved_rounds) go on
; for at most eight groups per call, and their kernel's descriptor asks the runtime to
; interleave its blocks (flag 64); other kernels' descriptors do not. Barrier rounds whose
; threads leave for a shuffle go on into it themselves once none comes back.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s --check-prefix=DESC

; CHECK-LABEL: define internal void @loop_kernel.region0(
; CHECK-NOT: all.back
; CHECK-LABEL: define internal void @loop_kernel.region1(
; CHECK: thread.rows:
; CHECK: %back.rows = phi i32 [ 0, %thread.entry ], [ %back.next, %thread.rows.latch ]
; CHECK: thread.header:
; CHECK: %back = phi i32 [ %back.rows, %thread.rows ], [ %back.next, %thread.latch ]
; CHECK: thread.latch:
; CHECK-NEXT: %came.back = phi i32 [ 1, %wait.site1 ], [ 0, %{{.*}} ]
; CHECK-NEXT: %back.next = add i32 %back, %came.back
; CHECK: done:
; CHECK-NEXT: %back.total = phi i32 [ 0, %prologue ], [ %back.next, %thread.rows.latch ]
; CHECK-NEXT: %all.back = icmp eq i32 %back.total, %threads
; CHECK-NEXT: br i1 %all.back, label %thread.entry, label %return
define void @loop_kernel(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %i.next = add i32 %i.reload, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @two_barriers.region1(
; CHECK-NOT: all.back
; CHECK-LABEL: define internal void @two_barriers.region2(
; CHECK-NOT: all.back
; CHECK: ret void
define void @two_barriers(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %middle
middle:
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site2
site2:
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %i.next = add i32 %i.reload, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @grid_rounds.region1(
; CHECK: thread.entry:
; CHECK-NEXT: %group = phi i32 [ 0, %prologue ], [ %group.next, %done ]
; CHECK: done:
; CHECK-NEXT: %back.total = phi i32 [ 0, %prologue ], [ %back.next, %thread.rows.latch ]
; CHECK-NEXT: %group.done = phi i32 [ 0, %prologue ], [ %group, %thread.rows.latch ]
; CHECK-NEXT: %all.back = icmp eq i32 %back.total, %threads
; CHECK-NEXT: %group.next = add i32 %group.done, 1
; CHECK-NEXT: %group.again = icmp ult i32 %group.next, 8
; CHECK-NEXT: %[[AGAIN:.*]] = and i1 %all.back, %group.again
; CHECK-NEXT: br i1 %[[AGAIN]], label %thread.entry, label %return
define void @grid_rounds(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1), !drawbridge.interleaved_rounds !0
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %i.next = add i32 %i.reload, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Barrier rounds whose threads, once none comes back, go on to a shuffle (the first warp) or
; leave (the rest), as a reduction's tree loop and tail do: when the call ran the whole block
; and no thread came back, the region goes on with the run of threads waiting at the shuffle
; itself. The test `threadIdx.x < 32` names that run when the block is one row; otherwise the
; region asks the runtime for it (whole warps).
; CHECK-LABEL: define internal void @tree_then_warp.region1(
; CHECK: mark.done:
; CHECK: %none.back = and i1 %whole.block, {{%.*}}
; CHECK-NEXT: br i1 %none.back, label %chain.split, label %return
; CHECK: chain.scan:
; CHECK-NEXT: %live.run = call i64 @__drawbridge_block_live_run(ptr %ctx, i32 -2147483646, i32 1)
; CHECK: chain.split:
; CHECK-NEXT: %split.bound = call i32 @llvm.umin.i32(i32 32, i32 %threads)
; CHECK-NEXT: %one.row = icmp eq i32 %blockdim.x, %threads
; CHECK-NEXT: br i1 %one.row, label %chain.row, label %chain.scan
; CHECK: chain:
; CHECK-NEXT: %live.begin = phi i32 [ {{%.*}}, %chain.scan ], [ 0, %chain.row ]
; CHECK-NEXT: %live.end = phi i32 [ {{%.*}}, %chain.scan ], [ %split.bound, %chain.row ]
; CHECK: musttail call void @tree_then_warp.region2(ptr %args, ptr %ctx, i32 %live.begin, i32 %live.end)
define void @tree_then_warp(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %i.next = add i32 %i.reload, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %tail
tail:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first.warp = icmp ult i32 %t, 32
  br i1 %first.warp, label %offer, label %exit
offer:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %shuffle
shuffle:
  %s = call i64 @__drawbridge_site(i32 4)
  %s32 = trunc i64 %s to i32
  store i32 %s32, ptr %out
  br label %exit
exit:
  ret void
}

; The descriptor fields after the sites: regions, frame bytes, flags.
; DESC: @loop_kernel.desc = {{.*}}.sites, i32 2, i32 16, i32 0,
; DESC: @grid_rounds.desc = {{.*}}.sites, i32 2, i32 16, i32 64,

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
