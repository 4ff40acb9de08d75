; Without AVX-512, a masked store with a constant mask becomes plain stores of its runs of set
; lanes (six lanes: four, then two; a lone lane: a scalar), and one whose mask a loop computes
; from no memory (a thread-index bound, a row's halo condition) is a plain store when the
; mask is full, nothing when it is empty, and the masked store otherwise. A mask computed from
; data the loop loads stays a masked store, and with AVX-512 every masked store stays.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
; RUN:   -passes=drawbridge-avoid-slow-masked-stores -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-avoid-slow-masked-stores -S %s | FileCheck %s --check-prefix=AVX512

; CHECK-LABEL: define void @constant_tail(
; CHECK-NEXT:    [[FOUR:%.*]] = shufflevector <8 x float> %v, <8 x float> poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
; CHECK-NEXT:    store <4 x float> [[FOUR]], ptr %p, align 4, !llvm.access.group
; CHECK-NEXT:    [[AT4:%.*]] = getelementptr inbounds float, ptr %p, i64 4
; CHECK-NEXT:    [[TWO:%.*]] = shufflevector <8 x float> %v, <8 x float> poison, <2 x i32> <i32 4, i32 5>
; CHECK-NEXT:    store <2 x float> [[TWO]], ptr [[AT4]], align 4
; CHECK-NEXT:    [[AT7:%.*]] = getelementptr inbounds float, ptr %p, i64 7
; CHECK-NEXT:    [[LANE7:%.*]] = extractelement <8 x float> %v, i64 7
; CHECK-NEXT:    store float [[LANE7]], ptr [[AT7]], align 4
; CHECK-NEXT:    ret void
; AVX512-LABEL: define void @constant_tail(
; AVX512:        call void @llvm.masked.store.v8f32.p0(
define void @constant_tail(<8 x float> %v, ptr %p) {
  call void @llvm.masked.store.v8f32.p0(<8 x float> %v, ptr %p, i32 4, <8 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 false, i1 true>), !llvm.access.group !0
  ret void
}

; CHECK-LABEL: define void @bounded_rows(
; CHECK:         %mask.bits = bitcast <8 x i1> %in.bounds to i8
; CHECK-NEXT:    %mask.all = icmp eq i8 %mask.bits, -1
; CHECK-NEXT:    br i1 %mask.all, label %mask.whole, label %mask.part
; CHECK:       mask.whole:
; CHECK-NEXT:    store <8 x float> %v, ptr %at, align 4
; CHECK:       mask.part:
; CHECK-NEXT:    %mask.any = icmp ne i8 %mask.bits, 0
; CHECK-NEXT:    br i1 %mask.any, label %mask.some, label
; CHECK:       mask.some:
; CHECK-NEXT:    call void @llvm.masked.store.v8f32.p0(<8 x float> %v, ptr %at, i32 4, <8 x i1> %in.bounds)
; AVX512-LABEL: define void @bounded_rows(
; AVX512-NOT:    mask.bits
define void @bounded_rows(<8 x float> %v, ptr %p, i32 %n, i32 %rows) {
entry:
  %lanes = insertelement <8 x i32> poison, i32 %n, i64 0
  %bound = shufflevector <8 x i32> %lanes, <8 x i32> poison, <8 x i32> zeroinitializer
  br label %row

row:
  %r = phi i32 [ 0, %entry ], [ %r.next, %row ]
  %base = insertelement <8 x i32> poison, i32 %r, i64 0
  %splat = shufflevector <8 x i32> %base, <8 x i32> poison, <8 x i32> zeroinitializer
  %x = add <8 x i32> %splat, <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %in.bounds = icmp slt <8 x i32> %x, %bound
  %wide = zext i32 %r to i64
  %at = getelementptr inbounds float, ptr %p, i64 %wide
  call void @llvm.masked.store.v8f32.p0(<8 x float> %v, ptr %at, i32 4, <8 x i1> %in.bounds)
  %r.next = add nuw i32 %r, 8
  %more = icmp ult i32 %r.next, %rows
  br i1 %more, label %row, label %done

done:
  ret void
}

; CHECK-LABEL: define void @data_mask(
; CHECK-NOT:     mask.bits
; CHECK:         call void @llvm.masked.store.v8f32.p0(<8 x float> %v, ptr %at, i32 4, <8 x i1> %positive)
define void @data_mask(<8 x float> %v, ptr %p, ptr %in, i32 %rows) {
entry:
  br label %row

row:
  %r = phi i32 [ 0, %entry ], [ %r.next, %row ]
  %wide = zext i32 %r to i64
  %from = getelementptr inbounds float, ptr %in, i64 %wide
  %data = load <8 x float>, ptr %from, align 4
  %positive = fcmp ogt <8 x float> %data, zeroinitializer
  %at = getelementptr inbounds float, ptr %p, i64 %wide
  call void @llvm.masked.store.v8f32.p0(<8 x float> %v, ptr %at, i32 4, <8 x i1> %positive)
  %r.next = add nuw i32 %r, 8
  %more = icmp ult i32 %r.next, %rows
  br i1 %more, label %row, label %done

done:
  ret void
}

declare void @llvm.masked.store.v8f32.p0(<8 x float>, ptr, i32 immarg, <8 x i1>)

!0 = distinct !{}
