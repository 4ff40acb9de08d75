; A by-value parameter (a struct passed to the kernel) is the launch's copy of it, which
; nothing writes while the kernel runs: a region's loads of its fields are invariant, and the
; pointer to it, loaded in the prologue, is dereferenceable for the struct's size at its
; alignment (at most 16, the argument buffer's), so LLVM may load a field once before the
; thread loop (CUB passes its input iterators so). A load through a pointer field reads what
; the pointer points to, which kernels write: it is not invariant.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

%struct.Range = type { ptr, i32 }

; CHECK-LABEL: define internal void @kernel.region0(
; CHECK: %range.addr = load ptr, ptr %{{.*}}, align 8, !dereferenceable [[SIZE:![0-9]+]], !align [[ALIGN:![0-9]+]]
; CHECK: %base = load ptr, ptr %range.addr, align 8, !invariant.load
; CHECK: %count = load i32, ptr %{{.*}}, align 8, !invariant.load
; CHECK: %old = load i32, ptr %{{.*}}, align 4, !llvm.access.group !{{[0-9]+$}}
; CHECK-DAG: [[SIZE]] = !{i64 16}
; CHECK-DAG: [[ALIGN]] = !{i64 8}
define void @kernel(ptr byval(%struct.Range) align 8 %range) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %base = load ptr, ptr %range, align 8
  %count.addr = getelementptr inbounds i8, ptr %range, i64 8
  %count = load i32, ptr %count.addr, align 8
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %base, i64 %i
  %old = load i32, ptr %p, align 4
  %new = add i32 %old, %count
  store i32 %new, ptr %p, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
