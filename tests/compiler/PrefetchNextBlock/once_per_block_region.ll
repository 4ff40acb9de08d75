; A later region that each block runs once ("drawbridge-once-per-block-region": a tile's
; write-back after the block's last barrier, a round of a tile's load) prefetches the next
; blocks' lines for its loads, and for its stores only in a row that touches three or more
; separate stretches, which the processor's own prefetcher does not follow (a transpose's row
; writes pieces of 32 output rows); a row writing one stretch, as a scan's tile does, gets none
; for it, and a row reading one stretch (a later round of a scan's tile load) gets its own.
; RUN: %opt -passes=drawbridge-prefetch-next-block -S %s | FileCheck %s

; CHECK-LABEL: define internal void @writeback.region1(
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @writeback.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %out.slot = load ptr, ptr %args, align 8
  %out = load ptr, ptr %out.slot, align 8
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
  %s = getelementptr inbounds float, ptr %shared, i64 %t
  %v = load float, ptr %s, align 4, !llvm.access.group !0
  %i = add i32 %base, %t32
  %wide = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %wide
  store float %v, ptr %p, align 4, !llvm.access.group !0
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !1
done:
  ret void
}

; A round of a tile's load (the second 256 floats of the block's tile): one stretch of the
; input, fetched for reading two blocks (512 floats) on.
; CHECK-LABEL: define internal void @load_round.region2(
; CHECK: pre:
; CHECK: add i32 %{{.*}}, 768
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 0, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @load_round.region2(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %in.slot = load ptr, ptr %args, align 8
  %in = load ptr, ptr %in.slot, align 8
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %shared.at = getelementptr inbounds i8, ptr %ctx, i64 56
  %shared = load ptr, ptr %shared.at, align 8
  %tile = shl i32 %bid, 8
  %base = add i32 %tile, 256
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
  %v = load float, ptr %p, align 4, !llvm.access.group !6
  %s = getelementptr inbounds float, ptr %shared, i64 %t
  store float %v, ptr %s, align 4, !llvm.access.group !6
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !7
done:
  ret void
}

; Three rows of the output, n floats apart (n a kernel argument), fetched for writing two
; blocks (64 floats) on.
; CHECK-LABEL: define internal void @scatter.region1(
; CHECK: pre:
; CHECK: add i32 %{{.*}}, 64
; CHECK: prefetch.next.block:
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 2, i32 1)
; CHECK-NOT: llvm.prefetch
; CHECK: ret void
define internal void @scatter.region1(ptr %args, ptr %ctx, i32 %begin, i32 %end) #0 {
prologue:
  %out.slot = load ptr, ptr %args, align 8
  %out = load ptr, ptr %out.slot, align 8
  %n.at = getelementptr inbounds i8, ptr %args, i64 8
  %n.slot = load ptr, ptr %n.at, align 8
  %n = load i32, ptr %n.slot, align 4
  %bid.at = getelementptr inbounds i8, ptr %ctx, i64 24
  %bid = load i32, ptr %bid.at, align 4
  %ntid.at = getelementptr inbounds i8, ptr %ctx, i64 12
  %ntid = load i32, ptr %ntid.at, align 4
  %shared.at = getelementptr inbounds i8, ptr %ctx, i64 56
  %shared = load ptr, ptr %shared.at, align 8
  %base = shl i32 %bid, 5
  %row1 = add i32 %base, %n
  %n2 = shl i32 %n, 1
  %row2 = add i32 %base, %n2
  %first = zext i32 %begin to i64
  %last = zext i32 %end to i64
  %any = icmp ult i64 %first, %last
  br i1 %any, label %pre, label %done
pre:
  br label %loop
loop:
  %t = phi i64 [ %first, %pre ], [ %t.next, %loop ]
  %t32 = trunc i64 %t to i32
  %s = getelementptr inbounds float, ptr %shared, i64 %t
  %v = load float, ptr %s, align 4, !llvm.access.group !2
  %i0 = add i32 %base, %t32
  %w0 = zext i32 %i0 to i64
  %p0 = getelementptr inbounds float, ptr %out, i64 %w0
  store float %v, ptr %p0, align 4, !llvm.access.group !2
  %i1 = add i32 %row1, %t32
  %w1 = zext i32 %i1 to i64
  %p1 = getelementptr inbounds float, ptr %out, i64 %w1
  store float %v, ptr %p1, align 4, !llvm.access.group !2
  %i2 = add i32 %row2, %t32
  %w2 = zext i32 %i2 to i64
  %p2 = getelementptr inbounds float, ptr %out, i64 %w2
  store float %v, ptr %p2, align 4, !llvm.access.group !2
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %last
  br i1 %more, label %loop, label %done, !llvm.loop !3
done:
  ret void
}

attributes #0 = { "drawbridge-once-per-block-region" }

!0 = distinct !{}
!1 = distinct !{!1, !4}
!2 = distinct !{}
!3 = distinct !{!3, !5}
!4 = !{!"llvm.loop.parallel_accesses", !0}
!5 = !{!"llvm.loop.parallel_accesses", !2}
!6 = distinct !{}
!7 = distinct !{!7, !8}
!8 = !{!"llvm.loop.parallel_accesses", !6}
