; An inner loop every thread runs the same number of times (here over blockDim.x, as n-body
; walks its shared tile) gets a barrier (kind 1) on its back edge. Not:
; a loop whose bound depends on the thread, a loop reached only by some threads, a loop with
; a small body, and any loop of a kernel that spins (a yield site, kind 17). The barrier is
; marked, so that region formation asks for 16-lane vectors for the loop's iterations.
; RUN: %opt -passes=drawbridge-lockstep-uniform-loops -S %s | FileCheck %s

define void @tile_walk(ptr %tile, ptr %out) #0 {
; CHECK-LABEL: define void @tile_walk(
; CHECK: lockstep.barrier:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1), !drawbridge.lockstep_loop
; CHECK-NEXT: br label %loop
; CHECK-NOT: lockstep.exit
; CHECK: ret void
entry:
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %tile, i32 %j
  %v = load float, ptr %p
  %a = fmul float %v, %v
  %b = fadd float %a, 1.0
  %c = fdiv float %v, %b
  %d = fmul float %c, %c
  %e = fadd float %d, %a
  %f = fmul float %e, %b
  %g = fsub float %f, %c
  %h = fmul float %g, %d
  %i = fadd float %h, %e
  %acc.next = fadd float %acc, %i
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store float %acc.next, ptr %out
  ret void
}

define void @own_bound(ptr %tile, ptr %out) #0 {
; CHECK-LABEL: define void @own_bound(
; CHECK-NOT: __drawbridge_site
entry:
  %n = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %tile, i32 %j
  %v = load float, ptr %p
  %a = fmul float %v, %v
  %b = fadd float %a, 1.0
  %c = fdiv float %v, %b
  %d = fmul float %c, %c
  %e = fadd float %d, %a
  %f = fmul float %e, %b
  %g = fsub float %f, %c
  %h = fmul float %g, %d
  %i = fadd float %h, %e
  %acc.next = fadd float %acc, %i
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store float %acc.next, ptr %out
  ret void
}

define void @some_threads(ptr %tile, ptr %out) #0 {
; CHECK-LABEL: define void @some_threads(
; CHECK-NOT: __drawbridge_site
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %loop, label %exit
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %tile, i32 %j
  %v = load float, ptr %p
  %a = fmul float %v, %v
  %b = fadd float %a, 1.0
  %c = fdiv float %v, %b
  %d = fmul float %c, %c
  %e = fadd float %d, %a
  %f = fmul float %e, %b
  %g = fsub float %f, %c
  %h = fmul float %g, %d
  %i = fadd float %h, %e
  %acc.next = fadd float %acc, %i
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @small_body(ptr %tile, ptr %out) #0 {
; CHECK-LABEL: define void @small_body(
; CHECK-NOT: __drawbridge_site
entry:
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %tile, i32 %j
  %v = load float, ptr %p
  %acc.next = fadd float %acc, %v
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %exit
exit:
  store float %acc.next, ptr %out
  ret void
}

define void @spins(ptr %tile, ptr %out, ptr %flag) #0 {
; CHECK-LABEL: define void @spins(
; CHECK-NOT: __drawbridge_site(i32 1)
entry:
  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop
loop:
  %j = phi i32 [ 0, %entry ], [ %j.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr float, ptr %tile, i32 %j
  %v = load float, ptr %p
  %a = fmul float %v, %v
  %b = fadd float %a, 1.0
  %c = fdiv float %v, %b
  %d = fmul float %c, %c
  %e = fadd float %d, %a
  %f = fmul float %e, %b
  %g = fsub float %f, %c
  %h = fmul float %g, %d
  %i = fadd float %h, %e
  %acc.next = fadd float %acc, %i
  %j.next = add i32 %j, 1
  %more = icmp slt i32 %j.next, %n
  br i1 %more, label %loop, label %spin
spin:
  %s = load volatile i32, ptr %flag
  %wait = icmp eq i32 %s, 0
  br i1 %wait, label %yield, label %exit
yield:
  %y = call i64 @__drawbridge_site(i32 17)
  br label %spin
exit:
  store float %acc.next, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
