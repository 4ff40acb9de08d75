; A kernel that reaches a barrier through a recursive function takes the fiber fallback: it
; gets an entry that unpacks the arguments, thread indices come from the fiber's record, the
; site becomes a runtime call with a site id, and the descriptor has the fiber flag (2). A
; kernel calling a recursive function without thread state keeps the region strategy.
; RUN: %opt -passes=drawbridge-form-fiber-kernels -S %s | FileCheck %s

; CHECK: @kernel.desc = internal constant {{.*}} ptr null, ptr null, i32 0, i32 0, i32 2, i32 0, i32 0, i32 0, ptr @kernel.fiber }
; CHECK-NOT: @plain.desc

; CHECK-LABEL: define internal void @kernel(i32 %depth)
define void @kernel(i32 %depth) #0 {
  call void @recurse(i32 %depth)
  ret void
}

; CHECK-LABEL: define void @recurse(
; CHECK: %t = load i32, ptr getelementptr inbounds ({ ptr, i32, [3 x i32] }, ptr @__drawbridge_fiber_thread, i32 0, i32 1)
; CHECK: call void @__drawbridge_fiber_site_store(i64 0, i32 0)
; CHECK-NEXT: call i64 @__drawbridge_fiber_site(i32 1, i32 1)
define void @recurse(i32 %n) {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  call void @recurse(i32 %m)
  br label %done
done:
  ret void
}

; CHECK-LABEL: define void @plain(
define void @plain(i32 %n) #0 {
  %f = call i32 @factorial(i32 %n)
  ret void
}

define i32 @factorial(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %one, label %more
more:
  %m = sub i32 %n, 1
  %f = call i32 @factorial(i32 %m)
  %r = mul i32 %n, %f
  ret i32 %r
one:
  ret i32 1
}

; CHECK-LABEL: define internal void @kernel.fiber(ptr %0)
; CHECK: call void @kernel(i32

; CHECK: !drawbridge.fiber_kernels = !{![[REPORT:[0-9]+]]}
; CHECK: ![[REPORT]] = !{!"kernel", !"recurse"}
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
attributes #0 = { "drawbridge-kernel" }
