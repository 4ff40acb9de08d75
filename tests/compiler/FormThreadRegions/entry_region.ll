; A kernel's first region, which each block runs once before its others, is marked
; "drawbridge-entry-region" (PrefetchNextBlockPass reads the next blocks' data ahead there); a
; later region is not, nor is the first region of a kernel whose blocks run interleaved (a
; grid-stride loop's rounds, whose barrier carries drawbridge.interleaved_rounds); the region
; after that barrier, which runs the rounds a group at a time, is marked
; "drawbridge-interleaved-rounds".
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK: define internal void @plain.region0({{.*}}) [[ENTRY:#[0-9]+]]
; CHECK: define internal void @plain.region1({{.*}}) [[LATER:#[0-9]+]]
; CHECK: define internal void @interleaved.region0({{.*}}) [[LATER]]
; CHECK: define internal void @interleaved.region1({{.*}}) [[ROUNDS:#[0-9]+]]
; CHECK: attributes [[ENTRY]] = { {{.*}}"drawbridge-entry-region"
; CHECK-NOT: attributes [[LATER]] = { {{.*}}"drawbridge-entry-region"
; CHECK: attributes [[ROUNDS]] = { {{.*}}"drawbridge-interleaved-rounds"
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
  %r = call i64 @__drawbridge_site(i32 1), !drawbridge.interleaved_rounds !0
  br label %after
after:
  store i32 0, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
