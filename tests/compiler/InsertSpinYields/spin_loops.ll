; Loops whose exit depends on a volatile load or an atomic read-modify-write get a yield site
; on the back edge; a counted loop that merely contains an atomic, and a loop that already
; holds a barrier, do not.
; RUN: %opt -passes=drawbridge-insert-spin-yields -S %s | FileCheck %s

define void @volatile_flag(ptr %flag) {
; CHECK-LABEL: define void @volatile_flag(
; CHECK: spin:
; CHECK: br i1 %done, label %exit, label %yield
; CHECK: yield:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 17)
; CHECK-NEXT: br label %spin
entry:
  br label %spin
spin:
  %v = load volatile i32, ptr %flag
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %spin
exit:
  ret void
}

define void @cas_loop(ptr %p) {
; CHECK-LABEL: define void @cas_loop(
; CHECK: yield:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 17)
entry:
  br label %loop
loop:
  %old = phi i32 [ 0, %entry ], [ %seen, %loop ]
  %new = add i32 %old, 1
  %pair = cmpxchg ptr %p, i32 %old, i32 %new seq_cst seq_cst
  %seen = extractvalue { i32, i1 } %pair, 0
  %ok = extractvalue { i32, i1 } %pair, 1
  br i1 %ok, label %exit, label %loop
exit:
  ret void
}

define void @counted(ptr %p, i32 %n) {
; CHECK-LABEL: define void @counted(
; CHECK-NOT: __drawbridge_site
; CHECK: ret void
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %r = atomicrmw add ptr %p, i32 1 seq_cst
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define void @barrier_loop(ptr %flag) {
; CHECK-LABEL: define void @barrier_loop(
; CHECK-NOT: i32 17
; CHECK: ret void
entry:
  br label %loop
loop:
  call void @__drawbridge_site_store(i64 0, i32 0)
  %s = call i64 @__drawbridge_site(i32 1)
  %v = load volatile i32, ptr %flag
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare void @__drawbridge_site_store(i64, i32)
declare i64 @__drawbridge_site(i32)
