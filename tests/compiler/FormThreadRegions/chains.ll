; A region all of whose threads go on to one site that needs no exchange the region cannot do
; itself (a barrier, or a shuffle whose masks name the whole warp) runs the next region
; itself when it was given the whole block (or, when other ways out lead elsewhere, when it
; counted every thread of the block arriving there), as a tail call; for a shuffle it swaps the
; exchange arrays first and says that exchange.out now holds every thread's input. A shuffle's
; region reads its result from exchange.out, or, when that holds inputs, the source's slot:
; at t + d for a constant distance, else at the lane the thread's own input names (its own
; lane past the end of a partial warp).
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @to_barrier.region0(
; CHECK: done:
; CHECK: [[FIRST:%.*]] = icmp eq i32 %begin, 0
; CHECK: [[LAST:%.*]] = icmp eq i32 %end, %threads
; CHECK: %whole.block = and i1 [[FIRST]], [[LAST]]
; CHECK: br i1 %whole.block, label %chain, label %return
; CHECK: chain:
; CHECK-NEXT: musttail call void @to_barrier.region1(ptr %args, ptr %ctx, i32 0, i32 %threads)
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
; CHECK-NEXT: [[IN_FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 72
; CHECK-NEXT: store ptr %exchange.out, ptr [[IN_FIELD]], align 8
; CHECK-NEXT: [[OUT_FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 88
; CHECK-NEXT: store ptr %exchange.in, ptr [[OUT_FIELD]], align 8
; CHECK-NEXT: [[FLAG_FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 44
; CHECK-NEXT: store i32 1, ptr [[FLAG_FIELD]], align 4
; CHECK-NEXT: musttail call void @shuffles.region1(ptr %args, ptr %ctx, i32 0, i32 %threads)
; CHECK-LABEL: define internal void @shuffles.region1(
; CHECK: %exchange.out.inputs = load i32
; CHECK: [[INPUTS:%.*]] = icmp ne i32 %exchange.out.inputs, 0
; CHECK: %site.out = load i64, ptr
; CHECK: [[LANE:%lane.*]] = and i32 %t, 31
; CHECK: [[BELOW:%.*]] = icmp ult i32 [[LANE]], 16
; CHECK: [[NEXT:%.*]] = add i32 %t, 16
; CHECK: [[EXISTS:%.*]] = icmp ult i32 [[NEXT]], %threads
; CHECK: [[IN:%.*]] = and i1 [[BELOW]], [[EXISTS]]
; CHECK: [[INDEX:%.*]] = add i64 {{%.*}}, 16
; CHECK: [[OTHER:%.*]] = getelementptr i64, ptr %exchange.out, i64 [[INDEX]]
; CHECK: %shuffle.other = load i64, ptr [[OTHER]]
; CHECK: %shuffle.source = select i1 [[IN]], i64 %shuffle.other, i64 %site.out
; CHECK: %shuffle = select i1 [[INPUTS]], i64 %shuffle.source, i64 %site.out
; CHECK: musttail call void @shuffles.region2(
; CHECK-LABEL: define internal void @shuffles.region2(
; CHECK: %source.lane = trunc i64 {{%.*}} to i32
; CHECK: %warp.base = and i32 %t, -32
; CHECK: %lanes = call i32 @llvm.umin.i32(i32 32, i32 {{%.*}})
; CHECK: %shuffle.source = load i64, ptr
; CHECK: %shuffle = select i1 {{%.*}}, i64 %shuffle.source, i64 %site.out
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

; Threads that may return: the thread loop counts those that reach the shuffle, and the region
; chains only when that is every thread of the block. A shuffle naming half the warp: no chain.
; CHECK-LABEL: define internal void @counted.region0(
; CHECK: thread.latch:
; CHECK-NEXT: %came.back = phi i32 [ 1, %wait.site1 ], [ 0, %early ]
; CHECK: done:
; CHECK: %all.arrived = icmp eq i32 %back.total, %threads
; CHECK-NEXT: br i1 %all.arrived, label %chain, label %return
; CHECK: musttail call void @counted.region1(
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

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
attributes #0 = { "drawbridge-kernel" }
!1 = !{i32 16}
