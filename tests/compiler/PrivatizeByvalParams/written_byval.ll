; A by-value struct parameter the kernel writes gets a per-thread copy at entry; one it only
; reads keeps pointing at the launch's arguments.
; RUN: %opt -passes=drawbridge-privatize-byval-params -S %s | FileCheck %s
%struct.S = type { i32, float }

define void @writes(ptr byval(%struct.S) align 4 %s) #0 {
; CHECK-LABEL: define void @writes(
; CHECK-NEXT: %s.private = alloca %struct.S, align 4
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %s.private, ptr align 4 %s, i64 8, i1 false)
; CHECK-NEXT: store i32 7, ptr %s.private
  store i32 7, ptr %s
  ret void
}

define i32 @reads(ptr byval(%struct.S) align 4 %s) #0 {
; CHECK-LABEL: define i32 @reads(
; CHECK-NEXT: %f = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  %f = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  %v = load i32, ptr %s
  ret i32 %v
}
attributes #0 = { "drawbridge-kernel" }
