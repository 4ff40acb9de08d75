; The entry region's thread loop prefetches, before its row, the lines that the same row two
; blocks on will load from a kernel pointer (blockIdx.x * 256 + threadIdx.x, so 512 elements
; further): one loop over the lines from the first thread's address to blockDim.x - 1 threads
; on (a row's most). Loads
; that do not move with blockIdx.x, loads of shared memory and later regions get none; a 2D
; block's row with a single stretch gets one. Lines the row stores to are fetched for writing (prefetchw),
; once, where they are also read; ranges of one step share a loop. A row loop entered straight from a conditional branch gets a
; preheader to hold its prefetches.
; RUN: %opt -passes=drawbridge-prefetch-next-block -S %s | FileCheck %s

; CHECK-LABEL: define internal void @gather.region0(
; CHECK: pre:
; CHECK: add i32 %{{.*}}, 512
; CHECK: %[[FIRST:.*]] = ptrtoint ptr %{{.*}} to i64
; CHECK: add i32 %ntid, -1
; CHECK: %[[LAST:.*]] = ptrtoint ptr %{{.*}} to i64
; CHECK: %[[LINE0:.*]] = and i64 %[[FIRST]], -64
; CHECK: %[[SPAN:.*]] = sub i64 %[[LAST]], %[[LINE0]]
; CHECK: %[[COUNT:.*]] = lshr i64 %[[SPAN]], 6
; CHECK: %[[ALL:.*]] = add i64 %[[COUNT]], 1
; CHECK: %prefetch.lines = call i64 @llvm.umin.i64(i64 %[[ALL]], i64 256)
; CHECK: prefetch.next.block:
; CHECK-NEXT: %prefetch.line = phi i64 [ 0, %pre ], [ %prefetch.line.next, %prefetch.next.block ]
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK: %prefetch.line.next = add i64 %prefetch.line, 1
; CHECK: br i1 %{{.*}}, label %prefetch.next.block, label %[[AFTER:[^,]*]], !llvm.loop ![[PLOOP:[0-9]+]]
; CHECK: [[AFTER]]:
; CHECK-NEXT: br label %loop
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @gather.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %shared.at = getelementptr inbounds i8, ptr %ctx, i64 56
  %shared = load ptr, ptr %shared.at, align 8
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
  %v = load float, ptr %p, align 4, !llvm.access.group !0
  %same = getelementptr inbounds float, ptr %in, i64 %t
  %w = load float, ptr %same, align 4, !llvm.access.group !0
  %s = getelementptr inbounds float, ptr %shared, i64 %t
  %u = load float, ptr %s, align 4, !llvm.access.group !0
  %vw = fadd float %v, %w
  %sum = fadd float %vw, %u
  store float %sum, ptr %s, align 4, !llvm.access.group !0
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !1
done:
  ret void
}

; CHECK-LABEL: define internal void @gather.region1(
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @gather.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #1 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
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
  %v = load float, ptr %p, align 4, !llvm.access.group !2
  store float %v, ptr %p, align 4, !llvm.access.group !2
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !3
done:
  ret void
}

; A row of a 2D block (short rows) reading and writing one stretch, 32 floats a block.
; CHECK-LABEL: define internal void @rows.region0(
; CHECK: pre:
; CHECK: add i32 %{{.*}}, 64
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @rows.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %base = shl i32 %bid, 5
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
  %v = load float, ptr %p, align 4, !llvm.access.group !4
  store float %v, ptr %p, align 4, !llvm.access.group !4
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !5
done:
  ret void
}

; A triad with an update: b is read, a written, c read and written. The three ranges have one
; step and share one loop, as long as the longest of them.
; CHECK-LABEL: define internal void @triad.region0(
; CHECK: pre:
; CHECK: %[[MOST:.*]] = call i64 @llvm.umax.i64(
; CHECK: %[[MOST3:.*]] = call i64 @llvm.umax.i64(i64 %[[MOST]],
; CHECK: %prefetch.lines = call i64 @llvm.umin.i64(i64 %[[MOST3]], i64 256)
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK-NEXT: add i64
; CHECK-NEXT: inttoptr
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK-NEXT: add i64
; CHECK-NEXT: inttoptr
; CHECK-NEXT: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @triad.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %a.slot = load ptr, ptr %args, align 8
  %a = load ptr, ptr %a.slot, align 8
  %b.at = getelementptr inbounds i8, ptr %args, i64 8
  %b.slot = load ptr, ptr %b.at, align 8
  %b = load ptr, ptr %b.slot, align 8
  %c.at = getelementptr inbounds i8, ptr %args, i64 16
  %c.slot = load ptr, ptr %c.at, align 8
  %c = load ptr, ptr %c.slot, align 8
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
  %pb = getelementptr inbounds float, ptr %b, i64 %wide
  %vb = load float, ptr %pb, align 4, !llvm.access.group !10
  %pa = getelementptr inbounds float, ptr %a, i64 %wide
  store float %vb, ptr %pa, align 4, !llvm.access.group !10
  %pc = getelementptr inbounds float, ptr %c, i64 %wide
  %vc = load float, ptr %pc, align 4, !llvm.access.group !10
  %sum = fadd float %vb, %vc
  store float %sum, ptr %pc, align 4, !llvm.access.group !10
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !11
done:
  ret void
}

; CHECK-LABEL: define internal void @direct.region0(
; CHECK: prologue:
; CHECK: br i1 %any, label %[[PRE:.*]], label %done
; CHECK: [[PRE]]:
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK: loop:
; CHECK: ret void
define internal void @direct.region0(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %base = shl i32 %bid, 8
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %any = icmp ult i64 %first, %last
  br i1 %any, label %loop, label %done
loop:
  %t = phi i64 [ %first, %prologue ], [ %t.next, %loop ]
  %t32 = trunc i64 %t to i32
  %i = add i32 %base, %t32
  %wide = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %in, i64 %wide
  %v = load float, ptr %p, align 4, !llvm.access.group !13
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !14
done:
  ret void
}

; The prefetch loop is left alone by the vectoriser (it cannot take the call) and the unroller.
; CHECK: ![[PLOOP]] = distinct !{![[PLOOP]], ![[NOUNROLL:[0-9]+]], ![[NOVECTOR:[0-9]+]]}
; CHECK: ![[NOUNROLL]] = !{!"llvm.loop.unroll.disable"}
; CHECK: ![[NOVECTOR]] = !{!"llvm.loop.vectorize.enable", i1 false}

attributes #0 = { "drawbridge-entry-region" }
attributes #1 = { nounwind }

!0 = distinct !{}
!1 = distinct !{!1, !6}
!2 = distinct !{}
!3 = distinct !{!3, !7}
!4 = distinct !{}
!5 = distinct !{!5, !8, !9}
!6 = !{!"llvm.loop.parallel_accesses", !0}
!7 = !{!"llvm.loop.parallel_accesses", !2}
!8 = !{!"llvm.loop.parallel_accesses", !4}
!9 = !{!"drawbridge.loop.short_rows"}
!10 = distinct !{}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.parallel_accesses", !10}
!13 = distinct !{}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.parallel_accesses", !13}
