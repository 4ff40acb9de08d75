; Device accesses to a managed variable go through a pointer the runtime can redirect; the
; annotation that marked it is removed, other annotations stay.
; RUN: %opt -passes=drawbridge-redirect-managed-variables -S %s | FileCheck %s

@counter = externally_initialized global i32 5, !drawbridge.device_var !0
@other = global i32 0
@.managed = private unnamed_addr constant [19 x i8] c"drawbridge.managed\00", section "llvm.metadata"
@.note = private unnamed_addr constant [5 x i8] c"note\00", section "llvm.metadata"
@.file = private unnamed_addr constant [5 x i8] c"x.cu\00", section "llvm.metadata"
@llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @counter, ptr @.managed, ptr @.file, i32 1, ptr null }, { ptr, ptr, ptr, i32, ptr } { ptr @other, ptr @.note, ptr @.file, i32 2, ptr null }], section "llvm.metadata"

; CHECK: @counter = externally_initialized global i32 5, !drawbridge.device_var !{{[0-9]+}}, !drawbridge.managed ![[SLOT:[0-9]+]]
; CHECK: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @other,
; CHECK: @counter.redirect = internal global ptr @counter

define void @increment() {
; CHECK-LABEL: define void @increment(
; CHECK-NEXT: %counter.address = load ptr, ptr @counter.redirect
; CHECK-NEXT: %v = load i32, ptr %counter.address
; CHECK: store i32 %w, ptr %counter.address
  %v = load i32, ptr @counter
  %w = add i32 %v, 1
  store i32 %w, ptr @counter
  ret void
}

; CHECK: ![[SLOT]] = !{ptr @counter.redirect}
!0 = !{}
