; A kernel without sites becomes one region: a loop over the rows of the block and, inside
; it, over x, covering the threads [begin, end) with no state checks; threadIdx.x is the inner
; loop's induction variable (so the thread's index is affine in it), blockIdx.x comes from the
; block context; the kernel itself is gone and a descriptor describes the region.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK: @kernel.params = internal constant [2 x i32] [i32 8, i32 4]
; CHECK: @kernel.regions = internal constant [1 x ptr] [ptr @kernel.region0]
; CHECK: @kernel.desc = internal constant {{.*}} { ptr @kernel.name, i32 2, i32 0, ptr @kernel.params, ptr @kernel.regions, ptr @kernel.sites, i32 1, i32 0, i32 0, i32 0, i32 0, i32 0, ptr null }, !drawbridge.kernel_desc
; CHECK-NOT: define void @kernel(

; CHECK-LABEL: define internal void @kernel.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end)
; CHECK: prologue:
; CHECK: %blockidx.x = load i32
; CHECK: br i1 %{{.*}}, label %thread.entry, label %done
; CHECK: thread.entry:
; CHECK-NEXT: br label %thread.rows
; CHECK: thread.rows:
; CHECK-NEXT: %row = phi i32 [ %row.begin, %thread.entry ], [ %row.next, %thread.rows.latch ]
; CHECK-NEXT: %x.first = phi i32 [ %x.begin, %thread.entry ], [ 0, %thread.rows.latch ]
; CHECK: %x.end = call i32 @llvm.umin.i32(i32 %row.left, i32 %blockdim.x)
; CHECK: thread.header:
; CHECK-NEXT: %tid.x = phi i32 [ %x.first, %thread.rows ], [ %x.next, %thread.latch ]
; CHECK-NEXT: %t{{[0-9]*}} = add nuw nsw i32 %row.base, %tid.x
; CHECK: thread.check:
; CHECK-NEXT: br label %thread.start
; CHECK: %sum = add i32 %tid.x, %blockidx.x
; CHECK: thread.latch:
; CHECK-NEXT: %x.next = add nuw nsw i32 %tid.x, 1
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i32 %x.next, %x.end
; CHECK-NEXT: br i1 [[MORE]], label %thread.header, label %thread.rows.latch
; CHECK: thread.rows.latch:
; CHECK: br i1 %{{.*}}, label %thread.rows, label %done
define void @kernel(ptr %out, i32 %n) #0 {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %sum = add i32 %t, %b
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %sum, ptr %p
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
attributes #0 = { "drawbridge-kernel" }
