; The region after a stride site (kind 18) runs round after round: its check also admits
; threads waiting at its own site (site 1: state 0x80000001), and after the thread loop a scan
; of the states starts another round while any thread came back to the site. The thread loop
; is marked parallel (its accesses share an access group). The descriptor's flags say the
; kernel has a yield site (KernelHasYieldSites, 16), so the runtime keeps the general scheduler.
; RUN: %opt -passes=drawbridge-demote-cross-site-values,drawbridge-form-thread-regions -S %s \
; RUN:   | FileCheck %s

; CHECK: @kernel.desc = internal constant {{.*}} ptr @kernel.sites, i32 2, i32 {{[0-9]+}}, i32 16,
; CHECK-LABEL: define internal void @kernel.region1(
; CHECK: thread.check:
; CHECK: [[OWN:%.*]] = icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: [[BACK:%.*]] = icmp eq i32 %state{{[0-9]*}}, -2147483647
; CHECK: or i1 [[OWN]], [[BACK]]
; CHECK: store i32 %{{.*}}, ptr %{{.*}}, !llvm.access.group [[GROUP:![0-9]+]]
; CHECK: wait.site1:
; CHECK: store i32 -2147483647, ptr {{.*}}, !llvm.access.group [[GROUP]]
; CHECK: thread.latch:
; CHECK: br i1 %{{.*}}, label %thread.header, label %thread.rows.latch, !llvm.loop [[LOOP:![0-9]+]]
; CHECK: round.scan.body:
; CHECK: %state.back = load i32
; CHECK: [[CAME:%.*]] = icmp eq i32 %state.back, -2147483647
; CHECK: br i1 [[CAME]], label %round, label %round.scan
; CHECK: [[LOOP]] = distinct !{[[LOOP]], [[PARALLEL:![0-9]+]], {{![0-9]+}}}
; CHECK: [[PARALLEL]] = !{!"llvm.loop.parallel_accesses", [[GROUP]]}
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
