; A region all of whose threads go on to one site that needs no exchange the region cannot do
; itself (a barrier, or a shuffle or __syncwarp whose masks name the whole warp) runs the next
; region on the same threads itself when it was given the whole block or every thread still
; running (the block context's callCoversLiveThreads; or, when other ways out lead elsewhere, when
; a pass over the states finds every thread of the block there, or, when every branch on the way
; is marked uniform, when the first thread's state does), as a tail call; for a shuffle it swaps
; the exchange arrays first, as the runtime would. A shuffle's region finds every lane's input in
; exchange.out and reads its source's slot: at t + d for a constant distance within its segment,
; at t - b or t + b for a butterfly by a power of two b, else at the lane the thread's own input
; names (its own lane past the end of a partial warp).
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @to_barrier.region0(
; CHECK: done:
; CHECK: [[FIRST:%.*]] = icmp eq i32 %begin, 0
; CHECK: [[LAST:%.*]] = icmp eq i32 %end, %threads
; CHECK: %whole.block = and i1 [[FIRST]], [[LAST]]
; CHECK: %covers.live = load i32, ptr
; CHECK: [[COVERS:%.*]] = icmp ne i32 %covers.live, 0
; CHECK: [[GO:%.*]] = or i1 %whole.block, [[COVERS]]
; CHECK: br i1 [[GO]], label %chain, label %return
; CHECK: chain:
; CHECK-NEXT: musttail call void @to_barrier.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end)
; CHECK-NEXT: ret void
; CHECK-LABEL: define internal void @to_barrier.region1(
; CHECK-NOT: musttail
; CHECK: ret void
define void @to_barrier(ptr %out) #0 {
entry:
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
}

; CHECK-LABEL: define internal void @shuffles.region0(
; CHECK: chain:
; CHECK-NEXT: [[IN_FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 {{[0-9]+}}
; CHECK-NEXT: store ptr %exchange.out, ptr [[IN_FIELD]], align 8
; CHECK-NEXT: [[OUT_FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 {{[0-9]+}}
; CHECK-NEXT: store ptr %exchange.in, ptr [[OUT_FIELD]], align 8
; CHECK-NEXT: musttail call void @shuffles.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end)
; CHECK-LABEL: define internal void @shuffles.region1(
; CHECK: %site.out = load i64, ptr
; CHECK: [[LANE:%segment.lane.*]] = and i32 %t, 31
; CHECK: [[BELOW:%.*]] = icmp ult i32 [[LANE]], 16
; CHECK: [[NEXT:%.*]] = add i32 %t, 16
; CHECK: [[EXISTS:%.*]] = icmp ult i32 [[NEXT]], %threads
; CHECK: [[IN:%.*]] = and i1 [[BELOW]], [[EXISTS]]
; CHECK: [[INDEX:%.*]] = add i64 {{%.*}}, 16
; CHECK: [[OTHER:%.*]] = getelementptr i64, ptr %exchange.out, i64 [[INDEX]]
; CHECK: %shuffle.other = load i64, ptr [[OTHER]]
; CHECK: %shuffle = select i1 [[IN]], i64 %shuffle.other, i64 %site.out
; CHECK: musttail call void @shuffles.region2(
; CHECK-LABEL: define internal void @shuffles.region2(
; CHECK: %source.lane = trunc i64 {{%.*}} to i32
; CHECK: %warp.base = and i32 %t, -32
; CHECK: %lanes = call i32 @llvm.umin.i32(i32 32, i32 {{%.*}})
; CHECK: %shuffle = load i64, ptr
; CHECK-NOT: musttail
; CHECK: ret void
define void @shuffles(ptr %out) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %v = zext i32 %lane to i64
  call void @__drawbridge_site_store(i64 %v, i32 -1)
  br label %down
down:
  %a = call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance !1
  call void @__drawbridge_site_store(i64 %a, i32 -1)
  br label %index
index:
  %b = call i64 @__drawbridge_site(i32 4)
  %b32 = trunc i64 %b to i32
  store i32 %b32, ptr %out
  ret void
}

; A full-mask __syncwarp chains like a barrier (nothing to exchange, so no swap); one naming
; half the warp does not.
; CHECK-LABEL: define internal void @warp_syncs.region0(
; CHECK: chain:
; CHECK-NOT: exchange
; CHECK: musttail call void @warp_syncs.region1(
; CHECK-LABEL: define internal void @warp_syncs.region1(
; CHECK-NOT: musttail
; CHECK: ret void
define void @warp_syncs(ptr %out) #0 {
entry:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %whole
whole:
  %a = call i64 @__drawbridge_site(i32 3)
  call void @__drawbridge_site_store(i64 0, i32 65535)
  br label %half
half:
  %b = call i64 @__drawbridge_site(i32 3)
  store i32 1, ptr %out
  ret void
}

; Threads that may return: given the whole block, the region asks the runtime for the run of
; threads waiting at the shuffle, whole warps (the last operand), when every other thread has
; exited, and chains only then, on that run, telling the next region (callCoversLiveThreads, at
; offset 48 of the block context) that it covers every live thread. A shuffle naming half the
; warp: no chain.
; CHECK-LABEL: define internal void @counted.region0(
; CHECK: done:
; CHECK: br i1 %whole.block, label %chain.scan, label %return
; CHECK: chain.scan:
; CHECK-NEXT: %live.run = call i64 @__drawbridge_block_live_run(ptr %ctx, i32 -2147483647, i32 1)
; CHECK-NEXT: [[LOW:%.*]] = trunc i64 %live.run to i32
; CHECK-NEXT: [[HIGH:%.*]] = lshr i64 %live.run, 32
; CHECK-NEXT: [[TOP:%.*]] = trunc i64 [[HIGH]] to i32
; CHECK-NEXT: %live.run.found = icmp ne i64 %live.run, 0
; CHECK-NEXT: br i1 %live.run.found, label %chain, label %return
; CHECK: chain:
; CHECK-NEXT: %live.begin = phi i32 [ [[LOW]], %chain.scan ]
; CHECK-NEXT: %live.end = phi i32 [ [[TOP]], %chain.scan ]
; CHECK-NEXT: [[COVERS:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 48
; CHECK-NEXT: store i32 1, ptr [[COVERS]], align 4
; CHECK: musttail call void @counted.region1(ptr %args, ptr %ctx, i32 %live.begin, i32 %live.end)
; CHECK: define internal void @counted.region1(
; CHECK-NOT: musttail
; CHECK: ret void
define void @counted(ptr %out, i1 %leave) #0 {
entry:
  br i1 %leave, label %early, label %store
early:
  ret void
store:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %first
first:
  %a = call i64 @__drawbridge_site(i32 4)
  call void @__drawbridge_site_store(i64 %a, i32 65535)
  br label %second
second:
  %b = call i64 @__drawbridge_site(i32 4)
  %b32 = trunc i64 %b to i32
  store i32 %b32, ptr %out
  ret void
}

; The same with the branch marked uniform (every thread leaves, or none does): the first
; thread's state tells, and the runtime is not asked.
; CHECK-LABEL: define internal void @uniform_exit.region0(
; CHECK: done:
; CHECK: %covers.live = load i32
; CHECK: [[GO:%.*]] = or i1 %whole.block,
; CHECK-NEXT: [[AT:%.*]] = getelementptr inbounds i32, ptr %state, i32 %begin
; CHECK-NEXT: %first.state = load i32, ptr [[AT]], align 4
; CHECK-NEXT: [[HERE:%.*]] = icmp eq i32 %first.state, -2147483647
; CHECK-NEXT: %first.arrived = and i1 [[GO]], [[HERE]]
; CHECK-NEXT: br i1 %first.arrived, label %chain, label %return
; CHECK-NOT: __drawbridge_block_live_run
; CHECK: musttail call void @uniform_exit.region1(
define void @uniform_exit(ptr %out, i1 %leave) #0 {
entry:
  br i1 %leave, label %early, label %store, !drawbridge.uniform_branch !2
early:
  ret void
store:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %first
first:
  %a = call i64 @__drawbridge_site(i32 4)
  %a32 = trunc i64 %a to i32
  store i32 %a32, ptr %out
  ret void
}

; A branch that parts the threads but rejoins before any site or return (`if (tid < 8)
; out[0] = 1`) does not stop the first thread's state from telling; nor does one that only
; decides between returning and another site (a later shuffle, here) past a uniform branch away
; from the barrier, since a thread there never reaches the barrier.
; CHECK-LABEL: define internal void @rejoining.region0(
; CHECK: %first.state = load i32
; CHECK-NOT: __drawbridge_block_live_run
; CHECK: musttail call void @rejoining.region1(
define void @rejoining(ptr %out, i1 %away) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 8
  br i1 %low, label %some, label %join
some:
  store i32 1, ptr %out
  br label %join
join:
  br i1 %away, label %other, label %store, !drawbridge.uniform_branch !2
other:
  %first.warp = icmp ult i32 %t, 32
  br i1 %first.warp, label %offer, label %leave
offer:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %shuffle
shuffle:
  %s = call i64 @__drawbridge_site(i32 4)
  ret void
leave:
  ret void
store:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %a = call i64 @__drawbridge_site(i32 1)
  %a32 = trunc i64 %a to i32
  store i32 %a32, ptr %out
  ret void
}

; A branch inside the rejoining one that leaves the kernel: the runtime is asked.
; CHECK-LABEL: define internal void @leaves_inside.region0(
; CHECK-NOT: %first.state
; CHECK: %live.run = call i64 @__drawbridge_block_live_run(
define void @leaves_inside(ptr %out, i1 %stop) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %t, 8
  br i1 %low, label %some, label %join
some:
  %odd = icmp eq i32 %t, 3
  br i1 %odd, label %leave, label %join
leave:
  ret void
join:
  call void @__drawbridge_site_store(i64 0, i32 -1)
  br label %barrier
barrier:
  %a = call i64 @__drawbridge_site(i32 1)
  store i32 1, ptr %out
  ret void
}

; A butterfly by a constant power of two (4) reads slot t - 4 where t & 4 is set and t + 4
; where it is not, and its own where t ^ 4 lies past the block.
; CHECK-LABEL: define internal void @butterfly.region1(
; CHECK: %site.out = load i64, ptr
; CHECK: [[WIDE:%.*]] = zext i32 %t to i64
; CHECK: [[BIT:%.*]] = and i32 %t, 4
; CHECK: [[SET:%.*]] = icmp ne i32 [[BIT]], 0
; CHECK: [[DOWN:%.*]] = add i64 [[WIDE]], -4
; CHECK: [[DOWNAT:%.*]] = getelementptr i64, ptr %exchange.out, i64 [[DOWN]]
; CHECK: [[BELOW:%.*]] = load i64, ptr [[DOWNAT]]
; CHECK: [[UP:%.*]] = add i64 [[WIDE]], 4
; CHECK: [[UPAT:%.*]] = getelementptr i64, ptr %exchange.out, i64 [[UP]]
; CHECK: [[ABOVE:%.*]] = load i64, ptr [[UPAT]]
; CHECK: %shuffle.other = select i1 [[SET]], i64 [[BELOW]], i64 [[ABOVE]]
; CHECK: [[SOURCE:%.*]] = xor i32 %t, 4
; CHECK: [[INBLOCK:%.*]] = icmp ult i32 [[SOURCE]], %threads
; CHECK: %shuffle = select i1 [[INBLOCK]], i64 %shuffle.other, i64 %site.out
define void @butterfly(ptr %out) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %v = zext i32 %lane to i64
  call void @__drawbridge_site_store(i64 %v, i32 -1)
  br label %xor
xor:
  %a = call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_xor !3
  %a32 = trunc i64 %a to i32
  store i32 %a32, ptr %out
  ret void
}

; Down by 2 within 8-lane segments: the lanes up to 5 of each segment read slot t + 2.
; CHECK-LABEL: define internal void @narrow.region1(
; CHECK: %segment.lane = and i32 %t, 7
; CHECK: [[KEEPS:%.*]] = icmp ult i32 %segment.lane, 6
; CHECK: [[TWO_ON:%.*]] = add i32 %t, 2
; CHECK: [[EXISTS:%.*]] = icmp ult i32 [[TWO_ON]], %threads
; CHECK: [[IN:%.*]] = and i1 [[KEEPS]], [[EXISTS]]
; CHECK: [[INDEX:%.*]] = add i64 {{%.*}}, 2
; CHECK: [[OTHER:%.*]] = getelementptr i64, ptr %exchange.out, i64 [[INDEX]]
; CHECK: %shuffle.other = load i64, ptr [[OTHER]]
; CHECK: %shuffle = select i1 [[IN]], i64 %shuffle.other, i64 %site.out
define void @narrow(ptr %out) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %v = zext i32 %lane to i64
  call void @__drawbridge_site_store(i64 %v, i32 -1)
  br label %down
down:
  %a = call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance !4
  %a32 = trunc i64 %a to i32
  store i32 %a32, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
!1 = !{i32 16, i32 32}
!2 = !{}
!3 = !{i32 4, i32 32}
!4 = !{i32 2, i32 8}
