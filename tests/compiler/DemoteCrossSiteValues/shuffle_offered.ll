; A value a thread offered at a shuffle is in its own exchange slot when it resumes there, so a
; use right after the shuffle reads it from there (__drawbridge_site_offered) rather than from a
; per-thread copy: the two steps of a shuffle tree keep no slot for the running sum. A use past
; a second site still reads a slot, and a barrier offers nothing to read.
; RUN: %opt -passes=drawbridge-demote-cross-site-values -S %s | FileCheck %s

define void @tree(ptr %out, ptr %in) #0 {
; CHECK-LABEL: define void @tree(
; CHECK-NOT: alloca
; CHECK: call i64 @__drawbridge_site(i32 4)
; CHECK-NEXT: br label %after.site
; CHECK: after.site:
; CHECK-NEXT: %[[OWN:.*]] = call i64 @__drawbridge_site_offered(i64 %r1)
; CHECK-NEXT: %[[BITS:.*]] = trunc i64 %[[OWN]] to i32
; CHECK-NEXT: %v.offered = bitcast i32 %[[BITS]] to float
; CHECK: %s1 = fadd float %v.offered, %got1
; CHECK: call i64 @__drawbridge_site(i32 4)
; CHECK: call i64 @__drawbridge_site_offered(i64 %r2)
; CHECK: %s2 = fadd float %s1.offered, %got2
  %v = load float, ptr %in
  %bits1 = bitcast float %v to i32
  %z1 = zext i32 %bits1 to i64
  %hi1 = shl i64 17, 32
  %in1 = or i64 %z1, %hi1
  call void @__drawbridge_site_store(i64 %in1, i32 -1)
  %r1 = call i64 @__drawbridge_site(i32 4)
  %low1 = trunc i64 %r1 to i32
  %got1 = bitcast i32 %low1 to float
  %s1 = fadd float %v, %got1
  %bits2 = bitcast float %s1 to i32
  %z2 = zext i32 %bits2 to i64
  %hi2 = shl i64 18, 32
  %in2 = or i64 %z2, %hi2
  call void @__drawbridge_site_store(i64 %in2, i32 -1)
  %r2 = call i64 @__drawbridge_site(i32 4)
  %low2 = trunc i64 %r2 to i32
  %got2 = bitcast i32 %low2 to float
  %s2 = fadd float %s1, %got2
  store float %s2, ptr %out
  ret void
}

define void @later(ptr %out, ptr %in) #0 {
; CHECK-LABEL: define void @later(
; CHECK: %n.across = alloca i32
; CHECK: %n.offered = trunc i64 %{{.*}} to i32
; CHECK: %first = add i32 %n.offered,
; CHECK: call i64 @__drawbridge_site(i32 1)
; CHECK: %n.reload = load i32, ptr %n.across
; CHECK: %second = add i32 %n.reload, %first.reload
  %n = load i32, ptr %in
  %z = zext i32 %n to i64
  %hi = shl i64 3, 32
  %packed = or i64 %z, %hi
  call void @__drawbridge_site_store(i64 %packed, i32 -1)
  %r = call i64 @__drawbridge_site(i32 4)
  %got = trunc i64 %r to i32
  %first = add i32 %n, %got
  call i64 @__drawbridge_site(i32 1)
  %second = add i32 %n, %first
  store i32 %second, ptr %out
  ret void
}

define void @barrier(ptr %out, ptr %in) #0 {
; CHECK-LABEL: define void @barrier(
; CHECK: %b.across = alloca i32
; CHECK-NOT: __drawbridge_site_offered
; CHECK: ret void
  %b = load i32, ptr %in
  %z = zext i32 %b to i64
  call void @__drawbridge_site_store(i64 %z, i32 0)
  %r = call i64 @__drawbridge_site(i32 2)
  %got = trunc i64 %r to i32
  %sum = add i32 %b, %got
  store i32 %sum, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
