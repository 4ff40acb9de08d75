; A kernel with one barrier becomes two regions. Neither checks the thread's state (the
; runtime calls a region on threads released to it): region 0 runs threads from the entry up
; to site 1; when it ran the whole block it releases the barrier itself and tail-calls region 1,
; and only otherwise parks the call's threads waiting at site 1 (1 | 0x80000000), in a loop
; after the thread loop, which stores no state. Region 1 runs them on; every thread leaves the
; kernel from there, so when it ran the whole block it tells the runtime the block is over
; (blockFinished, at offset 52 of the block context), and only otherwise marks its threads
; exited (0xffffffff). Region 0 does not set blockFinished. The __shared__ array lives at offset
; 0 of the block's shared memory, and the descriptor records its size and the site kinds.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

@tile = internal global [32 x i32] undef, align 4, !drawbridge.shared !0

; CHECK: @kernel.sites = internal constant [2 x i32] [i32 0, i32 1]
; CHECK: @kernel.desc = internal constant {{.*}} { ptr @kernel.name, i32 1, i32 128, ptr @kernel.params, ptr @kernel.regions, ptr @kernel.sites, i32 2,

; CHECK-LABEL: define internal void @kernel.region0(
; CHECK: %tile = getelementptr inbounds i8, ptr %shared, i64 0
; CHECK: thread.check:
; CHECK-NEXT: br label %thread.start
; CHECK: wait.site1:
; CHECK-NEXT: br label %thread.latch
; CHECK: done:
; CHECK-NOT: getelementptr inbounds i8, ptr %ctx, i64 52
; CHECK: br i1 {{%.*}}, label %chain, label %return
; CHECK: chain:
; CHECK-NEXT: musttail call void @kernel.region1(
; CHECK: deferred.states:
; CHECK: [[SLOT:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -2147483647, ptr [[SLOT]]
; CHECK-NOT: getelementptr inbounds i8, ptr %ctx, i64 52
; CHECK: ret void

; CHECK-LABEL: define internal void @kernel.region1(
; CHECK: thread.check:
; CHECK-NEXT: br label %thread.start
; CHECK: %site.out = load i64, ptr
; CHECK-NOT: store i32 -1, ptr
; CHECK: done:
; CHECK: %whole.block = and i1
; CHECK: [[COVERS:%.*]] = icmp ne i32 %covers.live, 0
; CHECK-NEXT: [[ANY:%.*]] = or i1 %whole.block, [[COVERS]]
; CHECK-NEXT: [[FINISHED:%.*]] = zext i1 [[ANY]] to i32
; CHECK-NEXT: [[FIELD:%.*]] = getelementptr inbounds i8, ptr %ctx, i64 52
; CHECK-NEXT: store i32 [[FINISHED]], ptr [[FIELD]], align 4
; CHECK-NEXT: br i1 [[ANY]], label %return, label %exited
; CHECK: deferred.states:
; CHECK: [[SLOT:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -1, ptr [[SLOT]]
define void @kernel(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [32 x i32], ptr @tile, i64 0, i64 %i
  store i32 %t, ptr %p
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %after
after:
  %t2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = xor i32 %t2, 1
  %jj = zext i32 %j to i64
  %q = getelementptr [32 x i32], ptr @tile, i64 0, i64 %jj
  %v = load i32, ptr %q
  store i32 %v, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
