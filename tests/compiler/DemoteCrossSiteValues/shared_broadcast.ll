; A load of a __shared__ variable that no thread may write between the barriers around it is
; the same for every thread (a block's aggregate, stored by one thread before a barrier and
; read by all after it, as CUB hands it out): its slot is uniform. Not uniform: a load that a
; store to the same variable in its barrier interval may race with (%raced, though the store
; comes after it in the source), one in a kernel with a barrier some threads skip (%skipped),
; and one at a thread-dependent address (%own). A store elsewhere (a local, a parameter's
; memory, another __shared__ variable) leaves a load uniform (%other_writes).
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

@total = internal global i32 undef, align 4, !drawbridge.shared !0
@scratch = internal global [128 x i32] undef, align 4, !drawbridge.shared !0

; CHECK-LABEL: define void @aggregate(
; CHECK-DAG: %sum.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY:![0-9]+]], !drawbridge.uniform [[EMPTY]]
; CHECK-DAG: %own.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]]{{$}}
define void @aggregate(ptr %out, i32 %x) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %leader, label %wait
leader:
  store i32 %x, ptr @total
  br label %wait
wait:
  %b1 = call i64 @__drawbridge_site(i32 1)
  %sum = load i32, ptr @total
  %mine = getelementptr [128 x i32], ptr @scratch, i32 0, i32 %tid
  %own = load i32, ptr %mine
  %b2 = call i64 @__drawbridge_site(i32 1)
  store i32 %sum, ptr %out
  store i32 %own, ptr %out
  ret void
}

; CHECK-LABEL: define void @other_writes(
; CHECK-DAG: %sum.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]], !drawbridge.uniform [[EMPTY]]
define void @other_writes(ptr %out, i32 %x) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %local = alloca i32
  %b1 = call i64 @__drawbridge_site(i32 1)
  %sum = load i32, ptr @total
  store i32 %sum, ptr %local
  store i32 %x, ptr %out
  %mine = getelementptr [128 x i32], ptr @scratch, i32 0, i32 %tid
  store i32 %x, ptr %mine
  %b2 = call i64 @__drawbridge_site(i32 1)
  store i32 %sum, ptr %out
  ret void
}

; CHECK-LABEL: define void @raced(
; CHECK-DAG: %sum.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]]{{$}}
define void @raced(ptr %out, i32 %x) #0 {
entry:
  %b1 = call i64 @__drawbridge_site(i32 1)
  %sum = load i32, ptr @total
  store i32 %x, ptr @total
  %b2 = call i64 @__drawbridge_site(i32 1)
  store i32 %sum, ptr %out
  ret void
}

; CHECK-LABEL: define void @skipped(
; CHECK-DAG: %sum.across = alloca i32, align 4, !drawbridge.per_thread [[EMPTY]]{{$}}
define void @skipped(ptr %out, i32 %x) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %low = icmp ult i32 %tid, 32
  br i1 %low, label %synced, label %read
synced:
  %b0 = call i64 @__drawbridge_site(i32 1)
  br label %read
read:
  %sum = load i32, ptr @total
  %b1 = call i64 @__drawbridge_site(i32 1)
  store i32 %sum, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
