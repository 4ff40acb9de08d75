; Device builtins with a direct CPU meaning: clock64 reads the cycle counter, vprintf goes to
; the runtime's formatter, trap ends the launch through the runtime, fences stay fences (a
; block-scope one orders the compiler only: a block's threads run on one processor thread),
; nanosleep disappears and address-space predicates become a runtime query.
; RUN: %opt -passes=drawbridge-lower-device-builtins -S %s | FileCheck %s
@fmt = private constant [4 x i8] c"%d\0A\00"

define i64 @clock() {
; CHECK-LABEL: define i64 @clock(
; CHECK-NEXT: %1 = call i64 @llvm.readcyclecounter()
; CHECK-NEXT: ret i64 %1
  %c = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  ret i64 %c
}

define void @misc(ptr %args) {
; CHECK-LABEL: define void @misc(
; CHECK-NEXT: call i32 @__drawbridge_vprintf(ptr @fmt, ptr %args)
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: ret void
  %n = call i32 @vprintf(ptr @fmt, ptr %args)
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.nanosleep(i32 100)
  ret void
}

define void @stop() {
; CHECK-LABEL: define void @stop(
; CHECK-NEXT: call void @__drawbridge_trap()
; CHECK-NEXT: unreachable
  call void @llvm.trap()
  unreachable
}

; Address-space predicates ask the runtime which memory the pointer is in (2 = local).
define i1 @is_local(ptr %p) {
; CHECK-LABEL: define i1 @is_local(
; CHECK-NEXT: [[SPACE:%.*]] = call i32 @__drawbridge_address_space_of(ptr %p)
; CHECK-NEXT: [[IS:%.*]] = icmp eq i32 [[SPACE]], 2
; CHECK-NEXT: ret i1 [[IS]]
  %r = call i1 @llvm.nvvm.isspacep.local(ptr %p)
  ret i1 %r
}

; Thread geometry is for the region passes: left alone here.
define i32 @tid() {
; CHECK-LABEL: define i32 @tid(
; CHECK-NEXT: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %t
}

declare i32 @vprintf(ptr, ptr)
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.nanosleep(i32)
declare void @llvm.trap()
declare i1 @llvm.nvvm.isspacep.local(ptr)
