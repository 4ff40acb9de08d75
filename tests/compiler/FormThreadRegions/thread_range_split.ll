; A region whose threads one test of their index against a constant sends to its next site, every
; other thread leaving the kernel (a reduction's `if (tid < 32) { shuffles }`), knows which run
; of threads waits there: given the whole block, it goes on with that run without asking the
; runtime to pass over the states. A test of the flat index (cooperative groups' thread_rank)
; names the run for any block; a test of threadIdx.x only for a block that is one row, and the
; runtime is asked otherwise. A suffix (`tid >= 32`) may be empty. Where some other way out
; exists, the test is in a loop, the run would split a warp before a collective, or the test
; reads another index, the runtime is asked as before.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @flat_prefix.region0(
; CHECK: br i1 %whole.block, label %chain.split, label %return
; CHECK-NOT: __drawbridge_block_live_run
; CHECK: chain.split:
; CHECK-NEXT: %split.bound = call i32 @llvm.umin.i32(i32 64, i32 %threads)
; CHECK-NEXT: br label %chain
; CHECK: chain:
; CHECK-NEXT: %live.begin = phi i32 [ 0, %chain.split ]
; CHECK-NEXT: %live.end = phi i32 [ %split.bound, %chain.split ]
; CHECK: musttail call void @flat_prefix.region1(ptr %args, ptr %ctx, i32 %live.begin, i32 %live.end)
define void @flat_prefix(ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %dx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %dy = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %zy = mul i32 %dy, %z
  %plane = add i32 %zy, %y
  %row = mul i32 %plane, %dx
  %rank = add i32 %row, %x
  %low = icmp ult i32 %rank, 64
  br i1 %low, label %go, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
leave:
  ret void
}

; The site on the branch's false side: `tid >= 32` leaves, so [0, 32) goes on.
; CHECK-LABEL: define internal void @inverted_branch.region0(
; CHECK: chain.split:
; CHECK-NEXT: %split.bound = call i32 @llvm.umin.i32(i32 32, i32 %threads)
; CHECK-NEXT: %one.row = icmp eq i32 %blockdim.x, %threads
; CHECK-NEXT: br i1 %one.row, label %chain.row, label %chain.scan
; CHECK: chain.row:
; CHECK-NEXT: br label %chain
; CHECK: chain:
; CHECK-NEXT: %live.begin = phi i32 [ {{%.*}}, %chain.scan ], [ 0, %chain.row ]
; CHECK-NEXT: %live.end = phi i32 [ {{%.*}}, %chain.scan ], [ %split.bound, %chain.row ]
define void @inverted_branch(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %high = icmp uge i32 %t, 32
  br i1 %high, label %leave, label %go
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %shuffle
shuffle:
  %s = call i64 @__drawbridge_site(i32 4)
  %s32 = trunc i64 %s to i32
  store i32 %s32, ptr %out
  ret void
leave:
  ret void
}

; A suffix: threads [min(32, threads), threads) go on, none when the block has 32 or fewer.
; CHECK-LABEL: define internal void @suffix.region0(
; CHECK: chain.split:
; CHECK-NEXT: %split.bound = call i32 @llvm.umin.i32(i32 32, i32 %threads)
; CHECK: chain.row:
; CHECK-NEXT: [[SOME:%.*]] = icmp ult i32 %split.bound, %threads
; CHECK-NEXT: br i1 [[SOME]], label %chain, label %return
; CHECK: chain:
; CHECK-NEXT: %live.begin = phi i32 [ {{%.*}}, %chain.scan ], [ %split.bound, %chain.row ]
; CHECK-NEXT: %live.end = phi i32 [ {{%.*}}, %chain.scan ], [ %threads, %chain.row ]
define void @suffix(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %high = icmp sgt i32 %t, 31
  br i1 %high, label %go, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
leave:
  ret void
}

; `tid <= 31` is the prefix [0, 32).
; CHECK-LABEL: define internal void @at_most.region0(
; CHECK: %split.bound = call i32 @llvm.umin.i32(i32 32, i32 %threads)
define void @at_most(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp sle i32 %t, 31
  br i1 %low, label %go, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %shuffle
shuffle:
  %s = call i64 @__drawbridge_site(i32 4)
  %s32 = trunc i64 %s to i32
  store i32 %s32, ptr %out
  ret void
leave:
  ret void
}

; Threads may leave before the test: the runtime is asked.
; CHECK-LABEL: define internal void @early_exit.region0(
; CHECK-NOT: chain.split
; CHECK: %live.run = call i64 @__drawbridge_block_live_run(
; CHECK-LABEL: define internal void @early_exit.region1(
define void @early_exit(ptr %out, i1 %stop) #0 {
entry:
  br i1 %stop, label %leave, label %test
test:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 32
  br i1 %low, label %go, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
leave:
  ret void
}

; Half a warp before a shuffle is no run of whole warps: the runtime is asked (and refuses).
; CHECK-LABEL: define internal void @half_warp.region0(
; CHECK-NOT: chain.split
; CHECK: %live.run = call i64 @__drawbridge_block_live_run(
; CHECK-LABEL: define internal void @half_warp.region1(
define void @half_warp(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 16
  br i1 %low, label %go, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %shuffle
shuffle:
  %s = call i64 @__drawbridge_site(i32 4)
  %s32 = trunc i64 %s to i32
  store i32 %s32, ptr %out
  ret void
leave:
  ret void
}

; A test of threadIdx.y: the runtime is asked.
; CHECK-LABEL: define internal void @other_index.region0(
; CHECK-NOT: chain.split
; CHECK: %live.run = call i64 @__drawbridge_block_live_run(
; CHECK-LABEL: define internal void @other_index.region1(
define void @other_index(ptr %out) #0 {
entry:
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %low = icmp ult i32 %y, 2
  br i1 %low, label %go, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
leave:
  ret void
}

; The test in a loop that threads past it go round: which threads reach the barrier depends on
; more than the test. The runtime is asked.
; CHECK-LABEL: define internal void @test_in_loop.region0(
; CHECK-NOT: chain.split
; CHECK: %live.run = call i64 @__drawbridge_block_live_run(
; CHECK-LABEL: define internal void @test_in_loop.region1(
define void @test_in_loop(ptr %out, i32 %n) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %low = icmp ult i32 %t, 32
  br i1 %low, label %go, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %leave
go:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
leave:
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
attributes #0 = { "drawbridge-kernel" }
