; A thread loop's rows step threadIdx.y and threadIdx.z from the previous row's: the first row's
; are divided out of the call's first thread once, in the prologue, and each row after adds one
; to y, wrapping to the next z at blockDim.y. No row divides.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @cube.region0(
; CHECK: prologue:
; CHECK: %row.begin = udiv i32 %begin, %blockdim.x
; CHECK: %y.begin = urem i32 %row.begin, %blockdim.y
; CHECK: %z.begin = udiv i32 %row.begin, %blockdim.y
; CHECK: thread.rows:
; CHECK: %tid.y = phi i32 [ %y.begin, %thread.entry ], [ %y.next, %thread.rows.latch ]
; CHECK: %tid.z = phi i32 [ %z.begin, %thread.entry ], [ %z.next, %thread.rows.latch ]
; CHECK-NOT: urem
; CHECK-NOT: udiv
; CHECK: thread.rows.latch:
; CHECK: %y.step = add nuw i32 %tid.y, 1
; CHECK: %next.plane = icmp eq i32 %y.step, %blockdim.y
; CHECK: %y.next = select i1 %next.plane, i32 0, i32 %y.step
; CHECK: %[[PLANE:.*]] = zext i1 %next.plane to i32
; CHECK: %z.next = add nuw i32 %tid.z, %[[PLANE]]
; CHECK: done:
define void @cube(ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %yz = add i32 %y, %z
  %i = add i32 %x, %yz
  %w = zext i32 %i to i64
  %p = getelementptr i32, ptr %out, i64 %w
  store i32 %yz, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()

attributes #0 = { "drawbridge-kernel" }
