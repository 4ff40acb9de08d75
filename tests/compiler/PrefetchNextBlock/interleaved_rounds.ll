; A region of a stride loop's rounds (drawbridge-stride-rounds) reads the group's round base
; once and has each thread store base + C, the next group's base; its row prefetches what its
; loads will read with base + C, byte loads (a histogram's rounds) in a loop of their own, as
; their step is. A rounds region whose threads store no next base gets none. A region that
; stores the next base once after its pass over the threads, as FormThreadRegions
; stores a value every thread would store alike, prefetches the same way. A region that loads
; the block's thread count prefetches max(1, 256 / threads) groups ahead, the count rounded
; to a power of two without a division (256 >> floor(log2(threads))): base + that * C.
; RUN: %opt -passes=drawbridge-prefetch-next-block -S %s | FileCheck %s

; CHECK-LABEL: define internal void @sum.region1(
; CHECK: pre:
; CHECK: %[[NEXT:.*]] = add i32 %{{.*}}, %step
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK: prefetch.next.block{{[0-9]+}}:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @sum.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %frame.at = getelementptr inbounds i8, ptr %ctx, i64 64
  %frame = load ptr, ptr %frame.at, align 8
  %step.at = getelementptr inbounds i8, ptr %ctx, i64 0
  %step = load i32, ptr %step.at, align 4
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %base.at = getelementptr inbounds i32, ptr %frame, i64 %first
  %base = load i32, ptr %base.at, align 4
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
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %b = getelementptr inbounds i8, ptr %in, i64 %wide
  %byte = load i8, ptr %b, align 1, !llvm.access.group !0
  %next = add i32 %base, %step
  %slot = getelementptr inbounds i32, ptr %frame, i64 %t
  store i32 %next, ptr %slot, align 4, !llvm.access.group !0
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !1
done:
  ret void
}

; CHECK-LABEL: define internal void @nonext.region1(
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @nonext.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %frame.at = getelementptr inbounds i8, ptr %ctx, i64 64
  %frame = load ptr, ptr %frame.at, align 8
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %base.at = getelementptr inbounds i32, ptr %frame, i64 %first
  %base = load i32, ptr %base.at, align 4
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
  %v = load float, ptr %p, align 4, !llvm.access.group !2
  %slot = getelementptr inbounds float, ptr %frame, i64 %t
  store float %v, ptr %slot, align 4, !llvm.access.group !2
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !3
done:
  ret void
}

; CHECK-LABEL: define internal void @once.region1(
; CHECK: pre:
; CHECK: %[[NEXT:.*]] = add i32 %base, %step
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @once.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %frame.at = getelementptr inbounds i8, ptr %ctx, i64 64
  %frame = load ptr, ptr %frame.at, align 8
  %step.at = getelementptr inbounds i8, ptr %ctx, i64 0
  %step = load i32, ptr %step.at, align 4
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %base.at = getelementptr inbounds i32, ptr %frame, i64 %first
  %base = load i32, ptr %base.at, align 4
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
  %v = load float, ptr %p, align 4, !llvm.access.group !6
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %after, !llvm.loop !7
after:
  %next = add i32 %base, %step
  store i32 %next, ptr %base.at, align 4
  br label %done
done:
  ret void
}

; CHECK-LABEL: define internal void @counted.region1(
; CHECK: %threads = load i32
; CHECK-NEXT: %[[LZ:.*]] = call i32 @llvm.ctlz.i32(i32 %threads, i1 true)
; CHECK-NEXT: %[[LOG:.*]] = sub i32 31, %[[LZ]]
; CHECK-NEXT: %[[SCALED:.*]] = lshr i32 256, %[[LOG]]
; CHECK-NEXT: %prefetch.groups = call i32 @llvm.umax.i32(i32 %[[SCALED]], i32 1)
; CHECK: pre:
; CHECK: %[[FIRST:.*]] = add i32 %base, %begin
; CHECK-NEXT: %[[AHEAD:.*]] = mul i32 %step, %prefetch.groups
; CHECK-NEXT: add i32 %[[FIRST]], %[[AHEAD]]
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @counted.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %threads.at = getelementptr inbounds i8, ptr %ctx, i64 36
  %threads = load i32, ptr %threads.at, align 4
  %frame.at = getelementptr inbounds i8, ptr %ctx, i64 64
  %frame = load ptr, ptr %frame.at, align 8
  %step.at = getelementptr inbounds i8, ptr %ctx, i64 0
  %step = load i32, ptr %step.at, align 4
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %base.at = getelementptr inbounds i32, ptr %frame, i64 %first
  %base = load i32, ptr %base.at, align 4
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
  %v = load float, ptr %p, align 4, !llvm.access.group !9
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %after, !llvm.loop !10
after:
  %next = add i32 %base, %step
  store i32 %next, ptr %base.at, align 4
  %counted = add i32 %threads, %next
  store i32 %counted, ptr %frame, align 4
  br label %done
done:
  ret void
}

attributes #0 = { "drawbridge-stride-rounds" }

!0 = distinct !{}
!1 = distinct !{!1, !4}
!2 = distinct !{}
!3 = distinct !{!3, !5}
!4 = !{!"llvm.loop.parallel_accesses", !0}
!5 = !{!"llvm.loop.parallel_accesses", !2}
!6 = distinct !{}
!7 = distinct !{!7, !8}
!8 = !{!"llvm.loop.parallel_accesses", !6}
!9 = distinct !{}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.parallel_accesses", !9}
