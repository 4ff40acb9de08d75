; threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z), a thread's index in
; its block written out (cooperative groups' thread_rank), is the thread loop's own index %t,
; so a region that reads y and z for nothing else gets no short-rows mark (no whole-row
; copies). A sum of other registers stays as written.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @rank.region0(
; CHECK: %t = add nuw nsw i32 %row.base, %tid.x
; CHECK-NOT: mul i32 %blockdim.y, %tid.z
; CHECK: %[[WIDE:.*]] = zext i32 %t to i64
; CHECK: getelementptr i32, ptr %{{.*}}, i64 %[[WIDE]]
; CHECK: store i32 %t,
; CHECK: br i1 %{{.*}}, label %thread.header, label %thread.rows.latch, !llvm.loop ![[RANKLOOP:[0-9]+]]
; CHECK-LABEL: define internal void @other.region0(
; CHECK: %[[ZY:.*]] = mul i32 %blockdim.x, %tid.z
; CHECK: add i32 %[[ZY]], %tid.y
; CHECK: ![[RANKLOOP]] = distinct !{![[RANKLOOP]], ![[PARALLEL:[0-9]+]], !{{[0-9]+}}}
; CHECK-NEXT: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses"
define void @rank(ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %zy = mul i32 %ny, %z
  %plane = add i32 %zy, %y
  %rows = mul i32 %plane, %nx
  %rank = add i32 %rows, %x
  %w = zext i32 %rank to i64
  %p = getelementptr i32, ptr %out, i64 %w
  store i32 %rank, ptr %p, align 4
  ret void
}

define void @other(ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %z = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %zy = mul i32 %nx, %z
  %plane = add i32 %zy, %y
  %rows = mul i32 %plane, %nx
  %sum = add i32 %rows, %x
  %w = zext i32 %sum to i64
  %p = getelementptr i32, ptr %out, i64 %w
  store i32 %sum, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()

attributes #0 = { "drawbridge-kernel" }
