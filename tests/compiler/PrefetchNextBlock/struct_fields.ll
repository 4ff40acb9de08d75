; Pointers a kernel gets inside a struct passed by value (Thrust's iterators in its functors)
; are kernel memory too: a field read at an offset from the parameter's copy, and one SROA
; made an integer of (`inttoptr` of the loaded i64, as Thrust's device_ptr becomes), get the
; entry region's prefetches of the block two on (512 elements further for 256-element
; blocks). A pointer read from shared memory gets none.
; RUN: %opt -passes=drawbridge-prefetch-next-block -S %s | FileCheck %s

; CHECK-LABEL: define internal void @transform.region0(
; CHECK: prefetch.next.block:
; CHECK-DAG: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK-DAG: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK: loop:
define internal void @transform.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %f.slot = load ptr, ptr %args, align 8
  %in.bits = load i64, ptr %f.slot, align 8, !invariant.load !0
  %out.at = getelementptr inbounds i8, ptr %f.slot, i64 8
  %out = load ptr, ptr %out.at, align 8, !invariant.load !0
  %in = inttoptr i64 %in.bits to ptr
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %base = shl i32 %bid, 8
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %any = icmp ult i64 %first, %last
  br i1 %any, label %pre, label %done
pre:
  br label %loop
loop:
  %t = phi i64 [ %first, %pre ], [ %t.next, %loop ]
  %t32 = trunc i64 %t to i32
  %i = add i32 %base, %t32
  %wide = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %in, i64 %wide
  %v = load float, ptr %p, align 4, !llvm.access.group !1
  %sq = fmul float %v, %v
  %q = getelementptr inbounds float, ptr %out, i64 %wide
  store float %sq, ptr %q, align 4, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !2
done:
  ret void
}

; CHECK-LABEL: define internal void @from_shared.region0(
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @from_shared.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %shared.at = getelementptr inbounds i8, ptr %ctx, i64 56
  %shared = load ptr, ptr %shared.at, align 8
  %in.bits = load i64, ptr %shared, align 8
  %in = inttoptr i64 %in.bits to ptr
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %base = shl i32 %bid, 8
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %any = icmp ult i64 %first, %last
  br i1 %any, label %pre, label %done
pre:
  br label %loop
loop:
  %t = phi i64 [ %first, %pre ], [ %t.next, %loop ]
  %t32 = trunc i64 %t to i32
  %i = add i32 %base, %t32
  %wide = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %in, i64 %wide
  %v = load float, ptr %p, align 4, !llvm.access.group !3
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !4
done:
  ret void
}

attributes #0 = { "drawbridge-entry-region" }

!0 = !{}
!1 = distinct !{}
!2 = distinct !{!2, !5}
!3 = distinct !{}
!4 = distinct !{!4, !6}
!5 = !{!"llvm.loop.parallel_accesses", !1}
!6 = !{!"llvm.loop.parallel_accesses", !3}
