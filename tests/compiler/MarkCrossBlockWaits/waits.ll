; A kernel is marked when a loop may go round again depending on memory another block writes:
; a volatile load of a parameter's memory, a fenced plain load read through a warp vote (CUB's
; look-back), an atomic exchange or a compare-and-swap from a fixed value on a global lock.
; Not: a spin on a __shared__ flag (threads of the block, InsertSpinYields' business), a plain
; unfenced load, a loop whose exit does not depend on what it reads, a compare-and-swap retry
; that expects what it last read (a lock-free update, not a wait), a device function that is
; not a kernel.
; RUN: %opt -passes=drawbridge-mark-cross-block-waits -S %s | FileCheck %s

@flag.shared = internal global i32 0, !drawbridge.shared !0

; CHECK: define void @volatile_flag(ptr %flag) [[MARKED:#[0-9]+]]
define void @volatile_flag(ptr %flag) #0 {
entry:
  br label %wait
wait:
  %v = load volatile i32, ptr %flag
  %ready = icmp ne i32 %v, 0
  br i1 %ready, label %done, label %wait
done:
  ret void
}

; CHECK: define void @fenced_vote(ptr %status) [[MARKED]]
define void @fenced_vote(ptr %status) #0 {
entry:
  br label %wait
wait:
  fence seq_cst
  %s = load i32, ptr %status
  %invalid = icmp eq i32 %s, 0
  %any = call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1 %invalid)
  br i1 %any, label %wait, label %done
done:
  ret void
}

; CHECK: define void @global_lock(ptr %lock) [[MARKED]]
define void @global_lock(ptr %lock) #0 {
entry:
  br label %acquire
acquire:
  %old = atomicrmw xchg ptr %lock, i32 1 acquire
  %held = icmp ne i32 %old, 0
  br i1 %held, label %acquire, label %done
done:
  ret void
}

; CHECK: define void @cas_lock(ptr %lock) [[MARKED]]
define void @cas_lock(ptr %lock) #0 {
entry:
  br label %acquire
acquire:
  %pair = cmpxchg ptr %lock, i32 0, i32 1 acquire monotonic
  %got = extractvalue { i32, i1 } %pair, 1
  br i1 %got, label %done, label %acquire
done:
  ret void
}

; The lock-free update (atomicMax on floats): it goes round only when another thread got there
; first.
; CHECK: define void @cas_update(ptr %p, float %v) [[PLAIN:#[0-9]+]]
define void @cas_update(ptr %p, float %v) #0 {
entry:
  %first = load i32, ptr %p
  br label %retry
retry:
  %assumed = phi i32 [ %first, %entry ], [ %old, %retry ]
  %f = bitcast i32 %assumed to float
  %m = call float @llvm.maxnum.f32(float %f, float %v)
  %new = bitcast float %m to i32
  %pair = cmpxchg ptr %p, i32 %assumed, i32 %new monotonic monotonic
  %old = extractvalue { i32, i1 } %pair, 0
  %same = icmp eq i32 %old, %assumed
  br i1 %same, label %done, label %retry
done:
  ret void
}

; CHECK: define void @shared_flag() [[PLAIN]]
define void @shared_flag() #0 {
entry:
  br label %wait
wait:
  %v = load volatile i32, ptr @flag.shared
  %ready = icmp ne i32 %v, 0
  br i1 %ready, label %done, label %wait
done:
  ret void
}

; CHECK: define void @unfenced(ptr %p, i32 %n) [[PLAIN]]
define void @unfenced(ptr %p, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr i32, ptr %p, i32 %i
  %v = load i32, ptr %q
  %i.next = add i32 %i, %v
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK: define void @counted(ptr %p, i32 %n) [[PLAIN]]
define void @counted(ptr %p, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  fence seq_cst
  %v = load volatile i32, ptr %p
  store i32 %v, ptr %p
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK: define void @not_a_kernel(ptr %flag) {
define void @not_a_kernel(ptr %flag) {
entry:
  br label %wait
wait:
  %v = load volatile i32, ptr %flag
  %ready = icmp ne i32 %v, 0
  br i1 %ready, label %done, label %wait
done:
  ret void
}

; CHECK: attributes [[MARKED]] = { "drawbridge-kernel" "drawbridge-waits-on-other-blocks" }
; CHECK: attributes [[PLAIN]] = { "drawbridge-kernel" }

declare i1 @llvm.nvvm.vote.any.sync(i32, i1)
declare float @llvm.maxnum.f32(float, float)
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
