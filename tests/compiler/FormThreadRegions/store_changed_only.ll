; A thread that leaves its per-thread value as it found it does not store it back: the slot's
; one store, of a phi that on one way in is the thread's own earlier load of that slot, moves to
; the other way in (@tree: the threads past `tid < 64` skip the step and touch the slot not at
; all). A phi whose unchanged way in loaded another slot (@other_slot), or a slot whose address
; is passed on (@escaping), keeps its store.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @tree.region1(
; CHECK: step:
; CHECK: %stepped = add i32 %sum, %y
; CHECK-NEXT: store i32 %stepped, ptr %sum.across{{[0-9]*}}
; CHECK-NEXT: br label %step.done
; CHECK: step.done:
; CHECK-NOT: store i32 %next
; CHECK: ret void
define void @tree(ptr %in) #0 {
entry:
  %sum.across = alloca i32, align 4, !drawbridge.per_thread !0
  %x = load i32, ptr %in
  store i32 %x, ptr %sum.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %check
check:
  %sum = load i32, ptr %sum.across
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %active = icmp ult i32 %tid, 64
  br i1 %active, label %step, label %step.done
step:
  %y = load i32, ptr %in
  %stepped = add i32 %sum, %y
  br label %step.done
step.done:
  %next = phi i32 [ %stepped, %step ], [ %sum, %check ]
  store i32 %next, ptr %sum.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site2
site2:
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %last
last:
  %final = load i32, ptr %sum.across
  store i32 %final, ptr %in
  ret void
}

; CHECK-LABEL: define internal void @other_slot.region1(
; CHECK: step.done:
; CHECK-NEXT: %next = phi i32 [ %stepped, %step ], [ %old, %check ]
; CHECK-NEXT: store i32 %next, ptr %sum.across{{[0-9]*}}
define void @other_slot(ptr %in) #0 {
entry:
  %sum.across = alloca i32, align 4, !drawbridge.per_thread !0
  %old.across = alloca i32, align 4, !drawbridge.per_thread !0
  %x = load i32, ptr %in
  store i32 %x, ptr %sum.across
  store i32 %x, ptr %old.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %check
check:
  %sum = load i32, ptr %sum.across
  %old = load i32, ptr %old.across
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %active = icmp ult i32 %tid, 64
  br i1 %active, label %step, label %step.done
step:
  %stepped = add i32 %sum, 1
  br label %step.done
step.done:
  %next = phi i32 [ %stepped, %step ], [ %old, %check ]
  store i32 %next, ptr %sum.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site2
site2:
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %last
last:
  %final = load i32, ptr %sum.across
  %final.old = load i32, ptr %old.across
  %total = add i32 %final, %final.old
  store i32 %total, ptr %in
  ret void
}

; CHECK-LABEL: define internal void @escaping.region1(
; CHECK: step.done:
; CHECK-NEXT: %next = phi i32 [ %stepped, %step ], [ %sum, %check ]
; CHECK-NEXT: store i32 %next, ptr %sum.local{{[0-9]*}}
define void @escaping(ptr %in) #0 {
entry:
  %sum.local = alloca i32, align 4, !drawbridge.per_thread !0
  %x = load i32, ptr %in
  store i32 %x, ptr %sum.local
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %check
check:
  %sum = load i32, ptr %sum.local
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %active = icmp ult i32 %tid, 64
  br i1 %active, label %step, label %step.done
step:
  call void @touch(ptr %sum.local)
  %stepped = add i32 %sum, 1
  br label %step.done
step.done:
  %next = phi i32 [ %stepped, %step ], [ %sum, %check ]
  store i32 %next, ptr %sum.local
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site2
site2:
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %last
last:
  %final = load i32, ptr %sum.local
  store i32 %final, ptr %in
  ret void
}

declare void @touch(ptr)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
