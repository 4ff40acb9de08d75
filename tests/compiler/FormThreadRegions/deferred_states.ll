; A region all of whose threads go on to one barrier or full-mask shuffle that it releases
; itself when it ran every thread still running, or from which every thread exits, stores no
; per-thread state (nor, before a shuffle, member mask) in its thread loop: when the call goes
; on or ends the block nobody reads them, and when it returns to the runtime a loop after the
; thread loop stores the one state (and mask) all of its threads left with. Where something
; else reads the states, each thread stores its own as before: the region after a barrier that
; leads back to itself (it reads the state each thread was released with), kernels with a
; yield site (the general scheduler reads the states after every call) and kernels that may
; fail an assert (the runtime resumes the block from the states mid-call).
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s --check-prefix=DESC

; CHECK-LABEL: define internal void @shuffle_then_exit.region0(
; CHECK: store i64 {{%.*}}, ptr {{%.*}}, align 8, !llvm.access.group
; CHECK-NOT: ptr %exchange.aux
; CHECK-NOT: ptr %state
; CHECK: wait.site1:
; CHECK-NEXT: br label %thread.latch
; CHECK: br i1 {{%.*}}, label %chain, label %return
; CHECK: deferred.states:
; CHECK: [[STATE:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -2147483647, ptr [[STATE]], align 4
; CHECK-NEXT: [[MASK:%.*]] = getelementptr inbounds i32, ptr %exchange.aux, i64
; CHECK-NEXT: store i32 -1, ptr [[MASK]], align 4
; CHECK-LABEL: define internal void @shuffle_then_exit.region1(
; CHECK: store i32 {{%.*}}, ptr %out
; CHECK-NOT: ptr %state
; CHECK: br i1 {{%.*}}, label %return, label %exited
; CHECK: deferred.states:
; CHECK: [[STATE:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -1, ptr [[STATE]], align 4
; CHECK-NOT: %exchange.aux
; CHECK: }
define void @shuffle_then_exit(ptr %out) #0 {
entry:
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %v = zext i32 %lane to i64
  call void @__drawbridge_site_store(i64 %v, i32 -1)
  br label %down
down:
  %a = call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance !1
  %a32 = trunc i64 %a to i32
  store i32 %a32, ptr %out
  ret void
}

; A kernel that may fail an assert says so in its descriptor's flags (KernelMayEndThreads, 128),
; so that the runtime keeps a way back into each block for its other threads; the others do not.
; DESC: @shuffle_then_exit.desc = {{.*}}.sites, i32 2, i32 {{[0-9]+}}, i32 1,
; DESC: @asserts.desc = {{.*}}.sites, i32 2, i32 {{[0-9]+}}, i32 128,
; CHECK-LABEL: define internal void @asserts.region0(
; CHECK: wait.site1:
; CHECK-NEXT: zext i32 %t to i64
; CHECK-NEXT: [[STATE:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -2147483647, ptr [[STATE]], align 4
; CHECK-NOT: deferred.states
; CHECK-LABEL: define internal void @asserts.region1(
; CHECK: store i32 -1, ptr {{%.*}}, align 4, !llvm.access.group
; CHECK-NOT: deferred.states
; CHECK: ret void
define void @asserts(ptr %out, i1 %fail) #0 {
entry:
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br i1 %fail, label %failed, label %fine
failed:
  call void @__drawbridge_assert_fail(ptr null, ptr null, i32 0, ptr null, i32 0, i32 0, i32 0)
  unreachable
fine:
  store i32 1, ptr %out
  ret void
}

; Region 0 chains into region 1, which goes round its own barrier.
; CHECK-LABEL: define internal void @into_rounds.region0(
; CHECK: wait.site1:
; CHECK-NEXT: zext i32 %t to i64
; CHECK-NEXT: [[STATE:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -2147483647, ptr [[STATE]], align 4
; CHECK-NOT: deferred.states
; CHECK: ret void
define void @into_rounds(ptr %out, i32 %n) #0 {
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
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @yields.region0(
; CHECK: wait.site1:
; CHECK-NEXT: zext i32 %t to i64
; CHECK-NEXT: [[STATE:%.*]] = getelementptr inbounds i32, ptr %state, i64
; CHECK-NEXT: store i32 -2147483647, ptr [[STATE]], align 4
; CHECK-NOT: deferred.states
; CHECK: ret void
define void @yields(ptr %flag) #0 {
entry:
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %spin
spin:
  %f = load volatile i32, ptr %flag
  %done = icmp ne i32 %f, 0
  br i1 %done, label %exit, label %yield
yield:
  %y = call i64 @__drawbridge_site(i32 17)
  br label %spin
exit:
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare void @__drawbridge_assert_fail(ptr, ptr, i32, ptr, i32, i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
!1 = !{i64 16, i64 32}
