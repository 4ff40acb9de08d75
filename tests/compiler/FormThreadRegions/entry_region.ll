; A kernel's first region, which each block runs once before its others, is marked
; "drawbridge-entry-region" (PrefetchNextBlockPass reads the next blocks' data ahead there); a
; later region is not, nor is the first region of a kernel whose blocks run interleaved (a
; grid-stride loop's rounds, whose barrier carries drawbridge.interleaved_rounds); the region
; after that barrier, which runs the rounds a group at a time (drawbridge.stride_rounds), is
; marked "drawbridge-stride-rounds". A later region whose barrier no path leads back to, which
; each block also runs once, is marked "drawbridge-once-per-block-region"; the region after a
; barrier in a loop is not.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK: define internal void @plain.region0({{.*}}) [[ENTRY:#[0-9]+]]
; CHECK: define internal void @plain.region1({{.*}}) [[ONCE:#[0-9]+]]
; CHECK: define internal void @interleaved.region0({{.*}}) [[LATER:#[0-9]+]]
; CHECK: define internal void @interleaved.region1({{.*}}) [[ROUNDS:#[0-9]+]]
; CHECK: define internal void @looped.region0({{.*}}) [[ENTRY]]
; CHECK: define internal void @looped.region1({{.*}}) [[LATER]]
; CHECK: define internal void @looped.region2({{.*}}) [[ONCE]]
; CHECK: attributes [[ENTRY]] = { {{.*}}"drawbridge-entry-region"
; CHECK-NOT: "drawbridge-once-per-block-region"
; CHECK: attributes [[ONCE]] = { {{.*}}"drawbridge-once-per-block-region"
; CHECK: attributes [[LATER]] = { noinline }
; CHECK: attributes [[ROUNDS]] = { {{.*}}"drawbridge-stride-rounds"
define void @plain(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %t, ptr %p
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %after
after:
  store i32 0, ptr %out
  ret void
}

define void @interleaved(ptr %out) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %t, ptr %p
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1), !drawbridge.stride_rounds !0, !drawbridge.interleaved_rounds !0
  br label %after
after:
  store i32 0, ptr %out
  ret void
}

define void @looped(ptr %out) #0 {
entry:
  br label %loop
loop:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr i32, ptr %out, i64 %i
  store i32 %t, ptr %p
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %step
step:
  %r = call i64 @__drawbridge_site(i32 1)
  %v = load i32, ptr %out
  %again = icmp ne i32 %v, 0
  br i1 %again, label %loop, label %after
after:
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %last
last:
  %r2 = call i64 @__drawbridge_site(i32 1)
  br label %end
end:
  store i32 0, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
