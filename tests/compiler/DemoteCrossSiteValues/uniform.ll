; Values that cross a site are marked uniform when every thread of the block that computes them
; gets the same: a loop counter stepped by blockDim (%i). Not uniform: a load (%loaded), a phi
; where threads that took
; different sides of a thread-dependent branch meet (%parity), and a block-uniform value seen
; after a loop that threads leave after different numbers of iterations (%last). Branches
; on uniform conditions are marked as such, before the demotion turns %i into loads: the
; uniform loop's latch, not the thread-dependent branch nor the loop whose trip count each
; thread loads.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

; CHECK-LABEL: define void @kernel(
; CHECK-DAG: %i.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY:![0-9]+]], !drawbridge.uniform [[EMPTY]]
; CHECK-DAG: %loaded.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]]{{$}}
; CHECK-DAG: %parity.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]]{{$}}
; CHECK-DAG: %last.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]]{{$}}
; CHECK: br i1 %odd, label %odd.side, label %even.side{{$}}
; CHECK: br i1 %own.more, label %own.loop, label %counted{{$}}
; CHECK: br i1 %more, label %loop, label %exit, !drawbridge.uniform_branch [[EMPTY]]
define void @kernel(ptr %out, ptr %in, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %block = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %dim = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %odd = trunc i32 %tid to i1
  br i1 %odd, label %odd.side, label %even.side
odd.side:
  br label %joined
even.side:
  br label %joined
joined:
  %parity = phi i32 [ %block, %odd.side ], [ 7, %even.side ]
  %tidp = getelementptr i32, ptr %in, i32 %tid
  %trips = load i32, ptr %tidp
  %loaded = load i32, ptr %in
  br label %own.loop
own.loop:
  %j = phi i32 [ 0, %joined ], [ %j.next, %own.loop ]
  %last = mul i32 %block, %j
  %j.next = add i32 %j, 1
  %own.more = icmp slt i32 %j.next, %trips
  br i1 %own.more, label %own.loop, label %counted
counted:
  br label %loop
loop:
  %i = phi i32 [ 0, %counted ], [ %i.next, %loop ]
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %loaded, ptr %p
  %i.next = add i32 %i, %dim
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store i32 %parity, ptr %out
  store i32 %last, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
