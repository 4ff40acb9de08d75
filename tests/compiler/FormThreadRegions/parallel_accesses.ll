; The thread loop is parallel: memory accesses in it carry the loop's access group, so the
; vectoriser needs no alias checks. A local used by one region only is allocated once in the
; prologue and reused by every thread, so its accesses stay out of the group, as do the plain
; accesses that stand for a shared-memory atomic (two threads may hit the same address).
; A kernel that reads threadIdx.y (or .z) also marks its thread loop as having short rows.
; The vectoriser's scalar remainder keeps the loop's parallel accesses and is not unrolled.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @kernel.region0(
; CHECK: prologue:
; CHECK: %scratch = alloca [4 x i32]
; CHECK: store i32 %{{.*}}, ptr %scratch, align 4{{$}}
; CHECK: load i32, ptr %scratch, align 4{{$}}
; CHECK: store i32 %{{.*}}, ptr %{{.*}}, align 4, {{.*}}!llvm.access.group [[GROUP:![0-9]+]]
; CHECK: load i32, ptr %counter, align 4, {{(!alias.scope ![0-9]+, !noalias ![0-9]+, )?}}!drawbridge.block_private !{{[0-9]+$}}
; CHECK: store i32 %{{.*}}, ptr %counter, align 4, {{(!alias.scope ![0-9]+, !noalias ![0-9]+, )?}}!drawbridge.block_private !{{[0-9]+$}}
; CHECK: br i1 %{{.*}}, label %thread.header, label %thread.rows.latch, !llvm.loop [[LOOP:![0-9]+]]
; CHECK-LABEL: define internal void @rows.region0(
; CHECK: br i1 %{{.*}}, label %thread.header, label %thread.rows.latch, !llvm.loop [[ROWSLOOP:![0-9]+]]
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[PARALLEL:![0-9]+]], [[EPILOGUE:![0-9]+]]}
; CHECK: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses", [[GROUP]]}
; CHECK: [[EPILOGUE]] = !{!"llvm.loop.vectorize.followup_epilogue", [[PARALLEL]], [[DONE:![0-9]+]], [[NOUNROLL:![0-9]+]]}
; CHECK: [[DONE]] = !{!"llvm.loop.isvectorized", i32 1}
; CHECK: [[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK: [[ROWSLOOP]] = distinct !{[[ROWSLOOP]], {{![0-9]+}}, [[SHORT:![0-9]+]], {{![0-9]+}}}
; CHECK: [[SHORT]] = !{!"drawbridge.loop.short_rows"}
define void @kernel(ptr %out, ptr %counter) #0 {
entry:
  %scratch = alloca [4 x i32]
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %scratch, align 4
  %v = load i32, ptr %scratch, align 4
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %v, ptr %p, align 4
  %old = load i32, ptr %counter, align 4, !drawbridge.block_private !0
  %new = add i32 %old, 1
  store i32 %new, ptr %counter, align 4, !drawbridge.block_private !0
  ret void
}

define void @rows(ptr %out) #0 {
entry:
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %y = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %i = add i32 %x, %y
  %w = zext i32 %i to i64
  %p = getelementptr i32, ptr %out, i64 %w
  store i32 %y, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()

attributes #0 = { "drawbridge-kernel" }
!0 = !{}
