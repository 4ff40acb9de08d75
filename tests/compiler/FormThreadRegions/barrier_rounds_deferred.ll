; Barrier rounds store no state for a thread that comes back to the region's own barrier, and
; a uniform value carried round (a grid-stride loop's round base) goes to the call's first
; slot, the one its reload reads, when a thread stores it exactly when it comes back; a value
; the end of the pass over the threads can compute (here the last thread's, as every thread's
; is the same) is stored there once, if any thread came back, rather than by each. When the
; call returns, one pass over its threads marks those that came back waiting at the barrier
; and copies them the carried value; that pass is a parallel loop, each iteration touching
; its own thread's slots. The first slot is also the call's first thread's: each pass saves
; what it held when the pass began, and the call puts that back before the copies (which give
; the first thread the carried value again if it came back), since a first thread that went
; to another site in the middle of a round still needs its own. A store on a path that may
; leave the kernel instead stays in the thread's own slot, and nothing is copied for it.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

; CHECK-LABEL: define internal void @uniform_rounds.region1(
; CHECK-NEXT: prologue:
; CHECK-NEXT: %pass.began = alloca i32, align 4
; CHECK: thread.entry:
; CHECK: %base.across.first = getelementptr inbounds i8, ptr %base.across.array, i64
; CHECK-NEXT: %b.uniform = load i32, ptr %base.across.first
; CHECK-NEXT: %[[BEGAN:.*]] = load i32, ptr %base.across.first
; CHECK-NEXT: store i32 %[[BEGAN]], ptr %pass.began
; CHECK: pre:
; CHECK-NOT: store i32 %next
; CHECK: wait.site1:
; CHECK-NEXT: br label %thread.latch
; CHECK: %any.came.back = icmp ne i32 %back.next, 0
; CHECK-NEXT: br i1 %any.came.back, label %[[ONCE:.*]], label
; CHECK: [[ONCE]]:
; CHECK-NEXT: store i32 %next, ptr %base.across.first
; CHECK: return:
; CHECK-NEXT: %any.back = icmp ne i32 %back.total, 0
; CHECK-NEXT: br i1 %any.back, label %mark.carried, label %mark.done
; CHECK: mark.carried:
; CHECK: %carried = load i32, ptr %[[FIRST:.*]], align 4
; CHECK-NEXT: %first.own = load i32, ptr %pass.began
; CHECK-NEXT: store i32 %first.own, ptr %[[FIRST]]
; CHECK-NEXT: br label %mark.back
; CHECK: mark.back:
; CHECK-NEXT: %s = phi i32 [ %begin, %mark.carried ], [ %s.next, %mark.back ]
; CHECK: %state.was = load i32, ptr %[[STATE:.*]], align 4, !llvm.access.group ![[MARKS:[0-9]+]]
; CHECK-NEXT: %[[SITE:.*]] = and i32 %state.was, 2147483647
; CHECK-NEXT: %back.here = icmp eq i32 %[[SITE]], 1
; CHECK-NEXT: %[[MARKED:.*]] = select i1 %back.here, i32 -2147483647, i32 %state.was
; CHECK-NEXT: store i32 %[[MARKED]], ptr %[[STATE]], align 4, !llvm.access.group ![[MARKS]]
; CHECK: %[[OLD:.*]] = load i32, ptr %[[SLOT:.*]], align 4, !llvm.access.group ![[MARKS]]
; CHECK-NEXT: %[[COPY:.*]] = select i1 %back.here, i32 %carried, i32 %[[OLD]]
; CHECK-NEXT: store i32 %[[COPY]], ptr %[[SLOT]], align 4, !llvm.access.group ![[MARKS]]
; CHECK: br i1 {{%.*}}, label %mark.back, label %mark.done, !llvm.loop ![[MARKLOOP:[0-9]+]]
; CHECK: mark.done:
; CHECK-NEXT: ret void
define void @uniform_rounds(ptr %out, i32 %n) #0 {
entry:
  %base.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
  %start = mul i32 %n, 2
  br label %pre
pre:
  %v = phi i32 [ %start, %entry ], [ %next, %body ]
  store i32 %v, ptr %base.across
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %body
body:
  %b = load i32, ptr %base.across
  %next = add i32 %b, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %pre, label %exit
exit:
  ret void
}
; CHECK-LABEL: define internal void @stored_before_leaving.region1(
; CHECK: pre:
; CHECK-NEXT: store i32 %next, ptr %base.across1
; CHECK: mark.back:
; CHECK-NOT: %carried
; CHECK-NOT: %pass.began
; CHECK: mark.done:
; CHECK: ![[MARKLOOP]] = distinct !{![[MARKLOOP]], ![[PARALLEL:[0-9]+]]}
; CHECK: ![[PARALLEL]] = !{!"llvm.loop.parallel_accesses", ![[MARKS]]}
define void @stored_before_leaving(ptr %out, i32 %n) #0 {
entry:
  %base.across = alloca i32, align 4, !drawbridge.per_thread !0, !drawbridge.uniform !0
  %start = mul i32 %n, 2
  br label %pre
pre:
  %v = phi i32 [ %start, %entry ], [ %next, %body ]
  store i32 %v, ptr %base.across
  %go = icmp ne i32 %v, 7
  br i1 %go, label %to.site, label %exit
to.site:
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %body
body:
  %b = load i32, ptr %base.across
  %next = add i32 %b, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %pre, label %exit
exit:
  ret void
}
declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
