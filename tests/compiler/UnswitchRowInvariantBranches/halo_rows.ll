; A 2D region's row loop that branches on the row's index alone (a stencil's halo rows,
; `switch threadIdx.y` with cases 0 and 7, or `threadIdx.y == 3`) gets a copy behind that
; condition, tested once a row before the loop: the copy keeps the branch and runs the rows
; that take it, the loop runs the others with the branch gone. A branch that also reads a
; kernel parameter (a bounds check, `y < ny`) and a loop without the short-rows mark are left
; as they are.
; RUN: %opt -passes=drawbridge-unswitch-row-invariant-branches -S %s | FileCheck %s

; CHECK-LABEL: define void @halo_switch(
; CHECK:       rows:
; CHECK:         %row.case = freeze i32 %tid.y
; CHECK-NEXT:    [[TOP:%.*]] = icmp eq i32 %row.case, 0
; CHECK-NEXT:    [[BOTTOM:%.*]] = icmp eq i32 %row.case, 7
; CHECK-NEXT:    %row.taken = or i1 [[TOP]], [[BOTTOM]]
; CHECK-NEXT:    br i1 %row.taken, label %rows.split.row.taken, label %rows.split
; CHECK:       thread.row.taken:
; CHECK:         switch i32 %tid.y, label %latch.row.taken [
; CHECK-NEXT:      i32 0, label %top.row.taken
; CHECK-NEXT:      i32 7, label %bottom.row.taken
; CHECK:       rows.split:
; CHECK-NEXT:    br label %thread
; CHECK:       thread:
; CHECK:         store float %v, ptr %p
; CHECK-NEXT:    br label %latch
define void @halo_switch(ptr %in, ptr %tile, i64 %xend) {
entry:
  br label %rows
rows:
  %tid.y = phi i32 [ 0, %entry ], [ %y.next, %rows.latch ]
  br label %thread
thread:
  %x = phi i64 [ 0, %rows ], [ %x.next, %latch ]
  %src = getelementptr inbounds float, ptr %in, i64 %x
  %v = load float, ptr %src, align 4, !llvm.access.group !0
  %p = getelementptr inbounds float, ptr %tile, i64 %x
  store float %v, ptr %p, align 4, !llvm.access.group !0
  switch i32 %tid.y, label %latch [
    i32 0, label %top
    i32 7, label %bottom
  ]
top:
  %pt = getelementptr inbounds float, ptr %p, i64 -40
  store float %v, ptr %pt, align 4, !llvm.access.group !0
  br label %latch
bottom:
  %pb = getelementptr inbounds float, ptr %p, i64 40
  store float %v, ptr %pb, align 4, !llvm.access.group !0
  br label %latch
latch:
  %x.next = add nuw nsw i64 %x, 1
  %more = icmp ult i64 %x.next, %xend
  br i1 %more, label %thread, label %rows.latch, !llvm.loop !1
rows.latch:
  %y.next = add nuw nsw i32 %tid.y, 1
  %rows.more = icmp ult i32 %y.next, 8
  br i1 %rows.more, label %rows, label %done
done:
  ret void
}

; CHECK-LABEL: define void @one_row(
; CHECK:         %row.taken = freeze i1 %third
; CHECK-NEXT:    br i1 %row.taken, label %rows.split.row.taken, label %rows.split
; CHECK:       thread.row.taken:
; CHECK:         store float %v.row.taken, ptr %p.row.taken
; CHECK-NEXT:    br label %extra.row.taken
; CHECK:       thread:
; CHECK:         store float %v, ptr %p
; CHECK-NEXT:    br label %latch
define void @one_row(ptr %in, ptr %tile, i64 %xend) {
entry:
  br label %rows
rows:
  %tid.y = phi i32 [ 0, %entry ], [ %y.next, %rows.latch ]
  %third = icmp eq i32 %tid.y, 3
  br label %thread
thread:
  %x = phi i64 [ 0, %rows ], [ %x.next, %latch ]
  %src = getelementptr inbounds float, ptr %in, i64 %x
  %v = load float, ptr %src, align 4, !llvm.access.group !2
  %p = getelementptr inbounds float, ptr %tile, i64 %x
  store float %v, ptr %p, align 4, !llvm.access.group !2
  br i1 %third, label %extra, label %latch
extra:
  %pe = getelementptr inbounds float, ptr %p, i64 64
  store float %v, ptr %pe, align 4, !llvm.access.group !2
  br label %latch
latch:
  %x.next = add nuw nsw i64 %x, 1
  %more = icmp ult i64 %x.next, %xend
  br i1 %more, label %thread, label %rows.latch, !llvm.loop !3
rows.latch:
  %y.next = add nuw nsw i32 %tid.y, 1
  %rows.more = icmp ult i32 %y.next, 8
  br i1 %rows.more, label %rows, label %done
done:
  ret void
}

; CHECK-LABEL: define void @bounds_check(
; CHECK-NOT:     row.taken
; CHECK:         br i1 %inside, label %store, label %latch
; CHECK-NOT:     row.taken
; CHECK:         ret void
define void @bounds_check(ptr %in, ptr %tile, i64 %xend, i32 %ny) {
entry:
  br label %rows
rows:
  %tid.y = phi i32 [ 0, %entry ], [ %y.next, %rows.latch ]
  %inside = icmp ult i32 %tid.y, %ny
  br label %thread
thread:
  %x = phi i64 [ 0, %rows ], [ %x.next, %latch ]
  br i1 %inside, label %store, label %latch
store:
  %src = getelementptr inbounds float, ptr %in, i64 %x
  %v = load float, ptr %src, align 4, !llvm.access.group !4
  %p = getelementptr inbounds float, ptr %tile, i64 %x
  store float %v, ptr %p, align 4, !llvm.access.group !4
  br label %latch
latch:
  %x.next = add nuw nsw i64 %x, 1
  %more = icmp ult i64 %x.next, %xend
  br i1 %more, label %thread, label %rows.latch, !llvm.loop !5
rows.latch:
  %y.next = add nuw nsw i32 %tid.y, 1
  %rows.more = icmp ult i32 %y.next, 8
  br i1 %rows.more, label %rows, label %done
done:
  ret void
}

; The same halo switch in a loop without the short-rows mark (a 1D region's).
; CHECK-LABEL: define void @unmarked(
; CHECK-NOT:     row.case
; CHECK:         switch i32 %tid.y, label %latch [
; CHECK-NOT:     row.case
; CHECK:         ret void
define void @unmarked(ptr %in, ptr %tile, i64 %xend) {
entry:
  br label %rows
rows:
  %tid.y = phi i32 [ 0, %entry ], [ %y.next, %rows.latch ]
  br label %thread
thread:
  %x = phi i64 [ 0, %rows ], [ %x.next, %latch ]
  %src = getelementptr inbounds float, ptr %in, i64 %x
  %v = load float, ptr %src, align 4, !llvm.access.group !6
  %p = getelementptr inbounds float, ptr %tile, i64 %x
  store float %v, ptr %p, align 4, !llvm.access.group !6
  switch i32 %tid.y, label %latch [
    i32 0, label %top
  ]
top:
  %pt = getelementptr inbounds float, ptr %p, i64 -40
  store float %v, ptr %pt, align 4, !llvm.access.group !6
  br label %latch
latch:
  %x.next = add nuw nsw i64 %x, 1
  %more = icmp ult i64 %x.next, %xend
  br i1 %more, label %thread, label %rows.latch, !llvm.loop !7
rows.latch:
  %y.next = add nuw nsw i32 %tid.y, 1
  %rows.more = icmp ult i32 %y.next, 8
  br i1 %rows.more, label %rows, label %done
done:
  ret void
}

!0 = distinct !{}
!1 = distinct !{!1, !8, !9}
!2 = distinct !{}
!3 = distinct !{!3, !10, !9}
!4 = distinct !{}
!5 = distinct !{!5, !11, !9}
!6 = distinct !{}
!7 = distinct !{!7, !12}
!8 = !{!"llvm.loop.parallel_accesses", !0}
!9 = !{!"drawbridge.loop.short_rows"}
!10 = !{!"llvm.loop.parallel_accesses", !2}
!11 = !{!"llvm.loop.parallel_accesses", !4}
!12 = !{!"llvm.loop.parallel_accesses", !6}
