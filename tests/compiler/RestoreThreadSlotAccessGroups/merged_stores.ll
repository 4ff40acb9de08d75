; A thread loop's accesses to the per-thread context arrays that lost their access group (the
; merged store of a thread's state, whose address is a phi of two slots of the array) get the
; loop's group back. Left alone: accesses through the shared-memory pointer and through a
; prologue alloca, accesses that already have a group, and accesses outside any thread loop.
; RUN: %opt -passes=drawbridge-restore-thread-slot-access-groups -S %s | FileCheck %s

; CHECK-LABEL: define void @region(
; CHECK:       join:
; CHECK:         store i32 %state.new, ptr %slot, align 4, !llvm.access.group [[GROUP:![0-9]+]]
; CHECK:         %frame.v = load float, ptr %frame.at, align 4, !llvm.access.group [[GROUP]]
; CHECK:         store float %frame.v, ptr %shared.at, align 4{{$}}
; CHECK-NEXT:    store float %frame.v, ptr %local, align 4{{$}}
; CHECK:         store float %frame.v, ptr %out.at, align 4, !llvm.access.group [[GROUP]]
; CHECK:       done:
; CHECK-NEXT:    store i32 0, ptr %state, align 4{{$}}
; CHECK:       [[GROUP]] = distinct !{}
define void @region(ptr %ctx, ptr %out, i32 %end) {
prologue:
  %state.addr = getelementptr inbounds i8, ptr %ctx, i64 48
  %state = load ptr, ptr %state.addr, align 8, !drawbridge.thread_slots !3
  %frame.addr = getelementptr inbounds i8, ptr %ctx, i64 40
  %frame = load ptr, ptr %frame.addr, align 8, !drawbridge.thread_slots !3
  %shared.addr = getelementptr inbounds i8, ptr %ctx, i64 32
  %shared = load ptr, ptr %shared.addr, align 8
  %local = alloca float, align 4
  br label %header

header:
  %i = phi i32 [ 0, %prologue ], [ %next, %join ]
  %wide = zext i32 %i to i64
  %first.warp = icmp ult i32 %i, 32
  br i1 %first.warp, label %waits, label %exits

waits:
  %slot.waits = getelementptr inbounds i32, ptr %state, i64 %wide
  br label %join

exits:
  %slot.exits = getelementptr inbounds i32, ptr %state, i64 %wide
  br label %join

join:
  %slot = phi ptr [ %slot.waits, %waits ], [ %slot.exits, %exits ]
  %state.new = phi i32 [ -2147483643, %waits ], [ 1073741824, %exits ]
  store i32 %state.new, ptr %slot, align 4
  %frame.at = getelementptr inbounds float, ptr %frame, i64 %wide
  %frame.v = load float, ptr %frame.at, align 4
  %shared.at = getelementptr inbounds float, ptr %shared, i64 %wide
  store float %frame.v, ptr %shared.at, align 4
  store float %frame.v, ptr %local, align 4
  %out.at = getelementptr inbounds float, ptr %out, i64 %wide
  store float %frame.v, ptr %out.at, align 4, !llvm.access.group !2
  %next = add nuw i32 %i, 1
  %more = icmp ult i32 %next, %end
  br i1 %more, label %header, label %done, !llvm.loop !0

done:
  store i32 0, ptr %state, align 4
  ret void
}

!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.parallel_accesses", !2}
!2 = distinct !{}
!3 = !{}
