; The region after a stride site (kind 18) runs round after round: its check also admits
; threads waiting at its own site (site 1: state 0x80000001), a thread that comes back to the
; site sets `again`, and the end of the thread loop starts another round while any did.
; RUN: %opt -passes=drawbridge-demote-cross-site-values,drawbridge-form-thread-regions -S %s \
; RUN:   | FileCheck %s

; CHECK-LABEL: define internal void @kernel.region1(
; CHECK: %again = alloca i1
; CHECK: thread.check:
; CHECK: [[OWN:%.*]] = icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: [[BACK:%.*]] = icmp eq i32 %state{{[0-9]*}}, -2147483647
; CHECK: or i1 [[OWN]], [[BACK]]
; CHECK: wait.site1:
; CHECK: store i32 -2147483647
; CHECK-NEXT: store i1 true, ptr %again
; CHECK: done:
; CHECK-NEXT: %repeat = load i1, ptr %again
; CHECK: br i1 %repeat, label %round, label %return
define void @kernel(ptr %out, i32 %n) #0 {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %next, %yield ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, %ntid
  %more = icmp slt i32 %next, %n
  br i1 %more, label %yield, label %exit
yield:
  %s = call i64 @__drawbridge_site(i32 18)
  br label %loop
exit:
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i64 @__drawbridge_site(i32)

attributes #0 = { "drawbridge-kernel" }
