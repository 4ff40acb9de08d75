; Every device function is inlined into its kernel, even one marked noinline (the barrier it
; contains must become visible); a recursive function stays a call. A callee is tidied once
; before it is copied (clang's unoptimised device code keeps every local in an alloca): its
; copy in the kernel has no alloca left, while the kernel's own code is left to the pipeline
; that runs after inlining.
; RUN: %opt -passes=drawbridge-inline-device-functions -S %s | FileCheck %s

define void @kernel(ptr %p) #0 {
; CHECK-LABEL: define void @kernel(
; CHECK-NOT: call void @helper
; CHECK: call void @llvm.nvvm.barrier0()
; CHECK: call i32 @recurse(i32 3)
  call void @helper(ptr %p)
  %r = call i32 @recurse(i32 3)
  ret void
}

define internal void @helper(ptr %p) noinline {
  store i32 1, ptr %p
  call void @llvm.nvvm.barrier0()
  ret void
}

define i32 @recurse(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %r = call i32 @recurse(i32 %m)
  ret i32 %r
done:
  ret i32 0
}

; CHECK-LABEL: define void @tidied(
; CHECK-NEXT:    [[OWN:%.*]] = alloca i32
; CHECK-NEXT:    store i32 7, ptr [[OWN]]
; CHECK-NEXT:    store i32 5, ptr %p
; CHECK-NEXT:    ret void
define void @tidied(ptr %p) #0 {
  %own = alloca i32
  store i32 7, ptr %own
  call void @through_local(ptr %p, i32 5)
  ret void
}

define internal void @through_local(ptr %p, i32 %v) {
  %slot = alloca i32
  store i32 %v, ptr %slot
  %r = load i32, ptr %slot
  store i32 %r, ptr %p
  ret void
}

declare void @llvm.nvvm.barrier0() convergent
attributes #0 = { "drawbridge-kernel" }
