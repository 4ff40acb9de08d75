; Every device function is inlined into its kernel, even one marked noinline (the barrier it
; contains must become visible); a recursive function stays a call.
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

declare void @llvm.nvvm.barrier0() convergent
attributes #0 = { "drawbridge-kernel" }
