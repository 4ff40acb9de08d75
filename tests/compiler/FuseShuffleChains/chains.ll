; A warp's tree of full-mask shuffles whose results only the lanes `lane == C` picks out use
; (past the tree's block, or past a join it meets other paths at) becomes one site and, on that
; side of the branch, vectors of the warp's 32 lanes: the first shuffle's offers are read from
; the warp's slots, each shuffle is a shufflevector whose lanes with a source past the block's
; last thread keep their own value, and the arithmetic between them is lane-wise. Results
; every lane uses are handed out by lane 0 across a warp barrier (trees of three or more).
; Memory touched between the shuffles, or per-thread values mixed into the tree, leave the
; sites as they were.
; RUN: %opt -passes=drawbridge-normalize-sites,drawbridge-fuse-shuffle-chains -S %s | FileCheck %s

; CHECK-LABEL: define void @down_tree(
; CHECK-COUNT-1: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: call i64 @__drawbridge_site(
; CHECK: br i1 %first, label %lane0, label %done
; CHECK: lane0:
; CHECK-NEXT: %warp.offers = call ptr @__drawbridge_site_warp_offers(i64 %[[SITE:.*]])
; CHECK-NEXT: %warp.slots = load <32 x i64>, ptr %warp.offers, align 8
; CHECK: %warp.shuffle = shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 16, i32 17,
; CHECK-SAME: i32 31, i32 16, i32 17,
; CHECK: icmp ult <32 x i32> <i32 16, i32 17,
; CHECK: fadd <32 x float>
; CHECK: %warp.shuffle1 = shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 8, i32 9,
; CHECK: fadd <32 x float>
; CHECK: %[[SUM:.*]] = extractelement <32 x float> %{{.*}}, i32 %{{.*}}
; CHECK: store float %[[SUM]], ptr %out
define void @down_tree(ptr %out, float %v) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %lane0, label %done
lane0:
  store float %s2, ptr %out
  br label %done
done:
  ret void
}

; A butterfly on integers with a uniform operand (the kernel's argument) and an intrinsic.
; CHECK-LABEL: define void @xor_max(
; CHECK-COUNT-1: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: call i64 @__drawbridge_site(
; CHECK: shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 1, i32 0, i32 3, i32 2,
; CHECK: call <32 x i32> @llvm.smax.v32i32(
; CHECK: %[[SPLAT:.*]] = shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> zeroinitializer
; CHECK: add <32 x i32> %{{.*}}, %[[SPLAT]]
; CHECK: shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 2, i32 3, i32 0, i32 1,
; CHECK: extractelement <32 x i32>
define void @xor_max(ptr %out, i32 %v, i32 %bias) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r1 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  %m1 = call i32 @llvm.smax.i32(i32 %v, i32 %r1)
  %b1 = add i32 %m1, %bias
  %r2 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %b1, i32 2, i32 31)
  %m2 = call i32 @llvm.smax.i32(i32 %b1, i32 %r2)
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store i32 %m2, ptr %out
  br label %done
done:
  ret void
}

; The first warp's tree meets the other warps' values before the lane test: the singled-out
; side picks the tree's lane where the thread came from the chain, the phi's value elsewhere.
; CHECK-LABEL: define void @through_merge(
; CHECK-COUNT-1: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: call i64 @__drawbridge_site(
; CHECK: merge:
; CHECK-NEXT: %chain.site = phi i64 [ %{{.*}}, %tree ], [ poison, %entry ]
; CHECK-NEXT: %from.chain = phi i1 [ true, %tree ], [ false, %entry ]
; CHECK-NEXT: %sum = phi float [ poison, %tree ], [ %v, %entry ]
; CHECK: lane0:
; CHECK-NEXT: call ptr @__drawbridge_site_warp_offers(i64 %chain.site)
; CHECK: %[[OWN:.*]] = extractelement <32 x float>
; CHECK-NEXT: %[[PICKED:.*]] = select i1 %from.chain, float %[[OWN]], float %sum
; CHECK-NEXT: store float %[[PICKED]], ptr %out
define void @through_merge(ptr %out, float %v) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tid, 32
  br i1 %low, label %tree, label %merge
tree:
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  br label %merge
merge:
  %sum = phi float [ %s2, %tree ], [ %v, %entry ]
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store float %sum, ptr %out
  br label %done
done:
  ret void
}

; A double's shuffle is two, of its halves: the first site offers the whole double instead, and
; the warp's slots are read as doubles.
; CHECK-LABEL: define void @double_tree(
; CHECK: %[[BITS:.*]] = bitcast double %v to i64
; CHECK-NEXT: call void @__drawbridge_site_store(i64 %[[BITS]], i32 -1)
; CHECK-COUNT-1: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: call i64 @__drawbridge_site(
; CHECK: lane0:
; CHECK: %warp.slots = load <32 x i64>
; CHECK-NEXT: bitcast <32 x i64> %warp.slots to <32 x double>
; CHECK: fadd <32 x double>
; CHECK: extractelement <32 x double>
define void @double_tree(ptr %out, double %v) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %wide = bitcast double %v to i64
  %lo = trunc i64 %wide to i32
  %rlo = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %lo, i32 16, i32 31)
  %hi.wide = lshr i64 %wide, 32
  %hi = trunc i64 %hi.wide to i32
  %rhi = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %hi, i32 16, i32 31)
  %rhi.wide = zext i32 %rhi to i64
  %rhi.up = shl i64 %rhi.wide, 32
  %rlo.wide = zext i32 %rlo to i64
  %r.bits = or i64 %rhi.up, %rlo.wide
  %r = bitcast i64 %r.bits to double
  %s = fadd double %v, %r
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store double %s, ptr %out
  br label %done
done:
  ret void
}

; Through a join, a shared value computed in the tree's block is not there on the singled-out
; side: the sites stay.
; CHECK-LABEL: define void @merge_local_uniform(
; CHECK-COUNT-2: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: __drawbridge_site_warp_offers
; CHECK: ret void
define void @merge_local_uniform(ptr %out, float %v, float %scale) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tid, 32
  br i1 %low, label %tree, label %merge
tree:
  %twice = fmul float %scale, 2.0
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  %w1 = fmul float %s1, %twice
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %w1, i32 8, i32 31)
  %s2 = fadd float %w1, %r2
  br label %merge
merge:
  %sum = phi float [ %s2, %tree ], [ %v, %entry ]
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store float %sum, ptr %out
  br label %done
done:
  ret void
}

; Every lane uses the result of a tree of three or more: lane 0 computes the warp's vectors and
; stores each lane's value into its slot of a per-thread local, and past a full-mask warp
; barrier (a __syncwarp site) every lane loads its own.
; CHECK-LABEL: define void @every_lane(
; CHECK: %out.v.handout = alloca float, align 4, !drawbridge.per_thread
; CHECK-COUNT-1: call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_xor
; CHECK: br i1 %{{.*}}, label %chain.lane0, label %chain.handout
; CHECK: chain.lane0:
; CHECK: call ptr @__drawbridge_site_warp_offers(
; CHECK: call void @llvm.masked.store.v32f32.p0(<32 x float> %{{.*}}, ptr %out.v.handout, i32 4, <32 x i1> %lane.exists)
; CHECK: chain.handout:
; CHECK-NEXT: call void @__drawbridge_site_store(i64 0, i32 -1)
; CHECK-NEXT: call i64 @__drawbridge_site(i32 3)
; CHECK-NEXT: %out.v.own = load float, ptr %out.v.handout
; CHECK: chain.rest:
; CHECK-NEXT: store float %out.v.own, ptr %out
define void @every_lane(ptr %out, float %v) #0 {
  %r1 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  %r2 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  %r3 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %s2, i32 4, i32 31)
  %s3 = fadd float %s2, %r3
  %out.v = fmul float %s3, 2.0
  store float %out.v, ptr %out
  ret void
}

; A comparison every lane branches on is handed out as a byte (a vector of i1 is packed in
; memory).
; CHECK-LABEL: define void @every_lane_bool(
; CHECK: %top.handout = alloca i8, align 1, !drawbridge.per_thread
; CHECK: chain.lane0:
; CHECK: %[[BYTES:.*]] = zext <32 x i1> %{{.*}} to <32 x i8>
; CHECK-NEXT: call void @llvm.masked.store.v32i8.p0(<32 x i8> %[[BYTES]], ptr %top.handout
; CHECK: chain.handout:
; CHECK: %top.own = load i8, ptr %top.handout
; CHECK-NEXT: %[[TOP:.*]] = trunc i8 %top.own to i1
; CHECK: br i1 %[[TOP]], label %yes, label %no
define void @every_lane_bool(ptr %out, float %v) #0 {
entry:
  %r1 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %v, i32 16, i32 31)
  %m1 = call float @llvm.maxnum.f32(float %v, float %r1)
  %r2 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %m1, i32 8, i32 31)
  %m2 = call float @llvm.maxnum.f32(float %m1, float %r2)
  %r3 = call float @llvm.nvvm.shfl.sync.bfly.f32(i32 -1, float %m2, i32 4, i32 31)
  %m3 = call float @llvm.maxnum.f32(float %m2, float %r3)
  %top = fcmp oeq float %v, %m3
  br i1 %top, label %yes, label %no
yes:
  store float %v, ptr %out
  br label %no
no:
  ret void
}

; Every lane uses the result: the sites stay.
; CHECK-LABEL: define void @all_lanes(
; CHECK-COUNT-2: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: __drawbridge_site_warp_offers
; CHECK: ret void
define void @all_lanes(ptr %out, float %v) #0 {
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  store float %s2, ptr %out
  ret void
}

; A scan as CUB writes it in inline PTX (`shfl.sync.up.b32 r|p`, then `@p add`): the shuffles'
; pairs are taken apart where NormalizeSites builds them, and the lane-wise code takes values of
; the lane id alone (`lane >= d`, folded to `lane < d` selects), which the vectors compute again
; from the lane ids 0 to 31 (here folded to constant masks). A value computed from the thread
; index is not one of them: a warp may span rows of the block.
; CHECK-LABEL: define void @lane_scan(
; CHECK-COUNT-1: call i64 @__drawbridge_site(i32 4)
; CHECK: chain.lane0:
; CHECK: select <32 x i1> <i1 true, i1 false, i1 false,
; CHECK: select <32 x i1> <i1 true, i1 true, i1 false,
; CHECK: select <32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 false,
; CHECK: chain.handout:
; CHECK-NEXT: call void @__drawbridge_site_store(i64 0, i32 -1)
; CHECK-NEXT: call i64 @__drawbridge_site(i32 3)
; CHECK-NOT: call i64 @__drawbridge_site(i32 4)
; CHECK: ret void
define void @lane_scan(ptr %out, i32 %v) #0 {
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %p1 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %r1 = extractvalue { i32, i1 } %p1, 0
  %low1 = icmp ult i32 %lane, 1
  %a1 = select i1 %low1, i32 0, i32 %r1
  %s1 = add i32 %a1, %v
  %p2 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s1, i32 2, i32 0)
  %r2 = extractvalue { i32, i1 } %p2, 0
  %low2 = icmp ult i32 %lane, 2
  %a2 = select i1 %low2, i32 0, i32 %r2
  %s2 = add i32 %a2, %s1
  %p3 = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %s2, i32 4, i32 0)
  %r3 = extractvalue { i32, i1 } %p3, 0
  %low3 = icmp ult i32 %lane, 4
  %a3 = select i1 %low3, i32 0, i32 %r3
  %s3 = add i32 %a3, %s2
  store i32 %s3, ptr %out
  ret void
}

; CHECK-LABEL: define void @thread_index_scan(
; CHECK-COUNT-3: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: __drawbridge_site_warp_offers
; CHECK: ret void
define void @thread_index_scan(ptr %out, i32 %v) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %tid, 31
  %r1 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 1, i32 0)
  %low1 = icmp ult i32 %lane, 1
  %a1 = select i1 %low1, i32 0, i32 %r1
  %s1 = add i32 %a1, %v
  %r2 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s1, i32 2, i32 0)
  %low2 = icmp ult i32 %lane, 2
  %a2 = select i1 %low2, i32 0, i32 %r2
  %s2 = add i32 %a2, %s1
  %r3 = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %s2, i32 4, i32 0)
  %low3 = icmp ult i32 %lane, 4
  %a3 = select i1 %low3, i32 0, i32 %r3
  %s3 = add i32 %a3, %s2
  store i32 %s3, ptr %out
  ret void
}

; A store between the shuffles would run before the other lanes' second shuffle.
; CHECK-LABEL: define void @store_between(
; CHECK-COUNT-2: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: __drawbridge_site_warp_offers
; CHECK: ret void
define void @store_between(ptr %out, ptr %log, float %v) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  store float %s1, ptr %log
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store float %s2, ptr %out
  br label %done
done:
  ret void
}

; A load between the shuffles would see what the threads before it stored past the tree.
; CHECK-LABEL: define void @load_between(
; CHECK-COUNT-2: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: __drawbridge_site_warp_offers
; CHECK: ret void
define void @load_between(ptr %out, ptr %shared, float %v) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fadd float %v, %r1
  %seen = load float, ptr %shared
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  store float %s2, ptr %shared
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store float %seen, ptr %out
  br label %done
done:
  ret void
}

; A per-thread value (a load) mixed into the tree is not the warp's to compute.
; CHECK-LABEL: define void @per_thread_operand(
; CHECK-COUNT-2: call i64 @__drawbridge_site(i32 4)
; CHECK-NOT: __drawbridge_site_warp_offers
; CHECK: ret void
define void @per_thread_operand(ptr %out, ptr %in, float %v) #0 {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %w = load float, ptr %in
  %r1 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %v, i32 16, i32 31)
  %s1 = fmul float %w, %r1
  %r2 = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %s1, i32 8, i32 31)
  %s2 = fadd float %s1, %r2
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %lane0, label %done
lane0:
  store float %s2, ptr %out
  br label %done
done:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.bfly.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.smax.i32(i32, i32)
declare float @llvm.maxnum.f32(float, float)
attributes #0 = { "drawbridge-kernel" }
