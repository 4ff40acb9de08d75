; A uniform value's local is read once per region call, from the first thread's copy, before
; any thread runs: the loop counter %i in region 1 (its definition dominates the site, and no
; store to it comes first in that region). %v is stored earlier in the same region, so each
; thread reads its own copy; region 0 never reads uniform copies. In @entered_directly the loop's first iteration runs in
; region 0, entered from the kernel's entry without a site, where %p is stored: region 1 (from
; the back edge's barrier) does not run that store, so it reads %p once too. In @loops_inside
; region 1 goes round a loop of its own that stores %k before reading it again: each thread
; reads its own copy (read once, the loop would see the call's first value forever).
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @kernel.region0(
; CHECK-NOT: .uniform
; CHECK-LABEL: define internal void @kernel.region1(
; CHECK: thread.entry:
; CHECK-NEXT: [[BEGIN:%.*]] = zext i32 %begin to i64
; CHECK-NEXT: [[OFFSET:%.*]] = mul i64 [[BEGIN]], 4
; CHECK-NEXT: %i.across.first = getelementptr inbounds i8, ptr %i.across.array, i64 [[OFFSET]]
; CHECK-NEXT: %i.reload.uniform = load i32, ptr %i.across.first, align 4
; CHECK: %p = getelementptr i32, ptr %out, i32 %i.reload.uniform
; CHECK: store i32 %i.next, ptr %v.across{{[0-9]+}}
; CHECK-NEXT: %v.reload = load i32, ptr %v.across{{[0-9]+}}
define void @kernel(ptr %out, i32 %n) #0 {
entry:
  %i.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
  %v.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  store i32 %i, ptr %i.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %latch
latch:
  %i.reload = load i32, ptr %i.across
  %p = getelementptr i32, ptr %out, i32 %i.reload
  %i.next = add i32 %i.reload, 1
  store i32 %i.next, ptr %v.across
  %v.reload = load i32, ptr %v.across
  store i32 %v.reload, ptr %p
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define internal void @entered_directly.region1(
; CHECK: %p.reload.uniform = load ptr, ptr %p.across.first
; CHECK: thread.header:
; CHECK: %v = load i32, ptr %p.reload.uniform
define void @entered_directly(ptr %out, ptr %in, i32 %n) #0 {
entry:
  %p.across = alloca ptr, align 8, !drawbridge.per_thread !0, !drawbridge.uniform !0
  %p = getelementptr i32, ptr %in, i32 %n
  store ptr %p, ptr %p.across
  br label %loop
loop:
  %p.reload = load ptr, ptr %p.across
  %v = load i32, ptr %p.reload
  store i32 %v, ptr %out
  %more = icmp slt i32 %v, %n
  br i1 %more, label %barrier, label %exit
barrier:
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %loop
exit:
  ret void
}

; CHECK-LABEL: define internal void @loops_inside.region1(
; CHECK-NOT: .uniform
; CHECK: %k.reload = load i32, ptr %k.across
; CHECK-NOT: .uniform
; CHECK: ret void
define void @loops_inside(ptr %out, i32 %n) #0 {
entry:
  %k.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
  store i32 0, ptr %k.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %loop
loop:
  %k.reload = load i32, ptr %k.across
  %p = getelementptr i32, ptr %out, i32 %k.reload
  store i32 1, ptr %p
  %k.next = add i32 %k.reload, 1
  store i32 %k.next, ptr %k.across
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
