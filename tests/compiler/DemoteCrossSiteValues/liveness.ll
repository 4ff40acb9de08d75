; Only what must survive a site moves to per-thread memory: %before (read from memory, so
; it cannot be recomputed) is used after the
; barrier (demoted, with a reload), %local is defined and used between the same sites (kept
; in a register), the array written before and read after the barrier becomes per-thread,
; and the scratch array used only before the first barrier stays an ordinary local.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @kernel(ptr %out, ptr %in, i32 %x) #0 {
; CHECK-LABEL: define void @kernel(
; CHECK-DAG: %before.across = alloca i32, align 4, !drawbridge.per_thread
; CHECK-DAG: %kept = alloca [4 x i32], align 4, !drawbridge.per_thread
; CHECK-DAG: %scratch = alloca [4 x i32], align 4{{$}}
; CHECK: %before = load i32, ptr %in
; CHECK-NEXT: store i32 %before, ptr %before.across
; CHECK: %local = mul i32 %x, 3
; CHECK-NEXT: store i32 %local, ptr %scratch
; CHECK: site:
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1)
; CHECK: %before.reload = load i32, ptr %before.across
; CHECK-NEXT: store i32 %before.reload, ptr %out
  %kept = alloca [4 x i32], align 4
  %scratch = alloca [4 x i32], align 4
  %before = load i32, ptr %in
  store i32 %before, ptr %kept
  %local = mul i32 %x, 3
  store i32 %local, ptr %scratch
  %back = load i32, ptr %scratch
  store i32 %back, ptr %out
  call void @__drawbridge_site_store(i64 0, i32 0)
  %r = call i64 @__drawbridge_site(i32 1)
  store i32 %before, ptr %out
  %k = load i32, ptr %kept
  store i32 %k, ptr %out
  ret void
}

; No sites: nothing to do.
define void @plain(ptr %out, i32 %x) #0 {
; CHECK-LABEL: define void @plain(
; CHECK-NEXT: %v = add i32 %x, 1
; CHECK-NEXT: store i32 %v, ptr %out
  %v = add i32 %x, 1
  store i32 %v, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
