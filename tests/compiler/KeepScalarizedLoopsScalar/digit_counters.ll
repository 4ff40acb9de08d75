; A thread loop of many byte counter increments at addresses that are not consecutive across
; threads (a radix sort's per-thread digit counters) stays scalar: x86 has no byte gathers or
; scatters, so each would be an extract and a scalar access per lane, in a vector body many
; times the scalar loop's size (@digit_counters: vectorize.width and interleave.count 1, and
; the vectoriser leaves it). Consecutive bytes (@consecutive_bytes) and a few scattered ones
; (@few_counters) are left to the vectoriser.
; RUN: %opt -passes=drawbridge-keep-scalarized-loops-scalar -S %s | FileCheck %s
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-keep-scalarized-loops-scalar,loop-vectorize -S %s \
; RUN:   | FileCheck %s --check-prefix=VECTORISED

; CHECK-LABEL: define void @digit_counters(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[SCALAR:![0-9]+]]
; CHECK-LABEL: define void @consecutive_bytes(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[CONSECUTIVE:![0-9]+]]
; CHECK-LABEL: define void @few_counters(
; CHECK: br i1 %more, label %thread, label %exit, !llvm.loop [[FEW:![0-9]+]]
; CHECK-DAG: [[SCALAR]] = distinct !{[[SCALAR]], [[ACCESSES:![0-9]+]], [[WIDTH:![0-9]+]], [[INTERLEAVE:![0-9]+]]}
; CHECK-DAG: [[ACCESSES]] = !{!"llvm.loop.parallel_accesses", !{{[0-9]+}}}
; CHECK-DAG: [[WIDTH]] = !{!"llvm.loop.vectorize.width", i32 1}
; CHECK-DAG: [[INTERLEAVE]] = !{!"llvm.loop.interleave.count", i32 1}
; CHECK-DAG: [[CONSECUTIVE]] = distinct !{[[CONSECUTIVE]], [[ACCESSES]]}
; CHECK-DAG: [[FEW]] = distinct !{[[FEW]], [[ACCESSES]]}

; VECTORISED-LABEL: define void @digit_counters(
; VECTORISED-NOT: vector.body:
; VECTORISED-LABEL: define void @consecutive_bytes(
; VECTORISED: vector.body:

define void @digit_counters(ptr %counters, ptr %keys, i32 %shift, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %key0.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 0
  %key0 = load i32, ptr %key0.at, align 4, !llvm.access.group !1
  %flip0 = xor i32 %key0, -2147483648
  %bits0 = lshr i32 %flip0, %shift
  %d0 = and i32 %bits0, 15
  %i0 = zext i32 %d0 to i64
  %row0 = shl i64 %i0, 8
  %r0 = add i64 %row0, %t
  %p0 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r0, i64 0
  %c0 = load i8, ptr %p0, align 1, !llvm.access.group !1
  %n0 = add i8 %c0, 1
  store i8 %n0, ptr %p0, align 1, !llvm.access.group !1
  %key1.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 1
  %key1 = load i32, ptr %key1.at, align 4, !llvm.access.group !1
  %flip1 = xor i32 %key1, -2147483648
  %bits1 = lshr i32 %flip1, %shift
  %d1 = and i32 %bits1, 15
  %i1 = zext i32 %d1 to i64
  %row1 = shl i64 %i1, 8
  %r1 = add i64 %row1, %t
  %p1 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r1, i64 1
  %c1 = load i8, ptr %p1, align 1, !llvm.access.group !1
  %n1 = add i8 %c1, 1
  store i8 %n1, ptr %p1, align 1, !llvm.access.group !1
  %key2.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 2
  %key2 = load i32, ptr %key2.at, align 4, !llvm.access.group !1
  %flip2 = xor i32 %key2, -2147483648
  %bits2 = lshr i32 %flip2, %shift
  %d2 = and i32 %bits2, 15
  %i2 = zext i32 %d2 to i64
  %row2 = shl i64 %i2, 8
  %r2 = add i64 %row2, %t
  %p2 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r2, i64 2
  %c2 = load i8, ptr %p2, align 1, !llvm.access.group !1
  %n2 = add i8 %c2, 1
  store i8 %n2, ptr %p2, align 1, !llvm.access.group !1
  %key3.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 3
  %key3 = load i32, ptr %key3.at, align 4, !llvm.access.group !1
  %flip3 = xor i32 %key3, -2147483648
  %bits3 = lshr i32 %flip3, %shift
  %d3 = and i32 %bits3, 15
  %i3 = zext i32 %d3 to i64
  %row3 = shl i64 %i3, 8
  %r3 = add i64 %row3, %t
  %p3 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r3, i64 3
  %c3 = load i8, ptr %p3, align 1, !llvm.access.group !1
  %n3 = add i8 %c3, 1
  store i8 %n3, ptr %p3, align 1, !llvm.access.group !1
  %key4.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 4
  %key4 = load i32, ptr %key4.at, align 4, !llvm.access.group !1
  %flip4 = xor i32 %key4, -2147483648
  %bits4 = lshr i32 %flip4, %shift
  %d4 = and i32 %bits4, 15
  %i4 = zext i32 %d4 to i64
  %row4 = shl i64 %i4, 8
  %r4 = add i64 %row4, %t
  %p4 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r4, i64 0
  %c4 = load i8, ptr %p4, align 1, !llvm.access.group !1
  %n4 = add i8 %c4, 1
  store i8 %n4, ptr %p4, align 1, !llvm.access.group !1
  %key5.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 5
  %key5 = load i32, ptr %key5.at, align 4, !llvm.access.group !1
  %flip5 = xor i32 %key5, -2147483648
  %bits5 = lshr i32 %flip5, %shift
  %d5 = and i32 %bits5, 15
  %i5 = zext i32 %d5 to i64
  %row5 = shl i64 %i5, 8
  %r5 = add i64 %row5, %t
  %p5 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r5, i64 1
  %c5 = load i8, ptr %p5, align 1, !llvm.access.group !1
  %n5 = add i8 %c5, 1
  store i8 %n5, ptr %p5, align 1, !llvm.access.group !1
  %key6.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 6
  %key6 = load i32, ptr %key6.at, align 4, !llvm.access.group !1
  %flip6 = xor i32 %key6, -2147483648
  %bits6 = lshr i32 %flip6, %shift
  %d6 = and i32 %bits6, 15
  %i6 = zext i32 %d6 to i64
  %row6 = shl i64 %i6, 8
  %r6 = add i64 %row6, %t
  %p6 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r6, i64 2
  %c6 = load i8, ptr %p6, align 1, !llvm.access.group !1
  %n6 = add i8 %c6, 1
  store i8 %n6, ptr %p6, align 1, !llvm.access.group !1
  %key7.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 7
  %key7 = load i32, ptr %key7.at, align 4, !llvm.access.group !1
  %flip7 = xor i32 %key7, -2147483648
  %bits7 = lshr i32 %flip7, %shift
  %d7 = and i32 %bits7, 15
  %i7 = zext i32 %d7 to i64
  %row7 = shl i64 %i7, 8
  %r7 = add i64 %row7, %t
  %p7 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r7, i64 3
  %c7 = load i8, ptr %p7, align 1, !llvm.access.group !1
  %n7 = add i8 %c7, 1
  store i8 %n7, ptr %p7, align 1, !llvm.access.group !1
  %key8.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 8
  %key8 = load i32, ptr %key8.at, align 4, !llvm.access.group !1
  %flip8 = xor i32 %key8, -2147483648
  %bits8 = lshr i32 %flip8, %shift
  %d8 = and i32 %bits8, 15
  %i8 = zext i32 %d8 to i64
  %row8 = shl i64 %i8, 8
  %r8 = add i64 %row8, %t
  %p8 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r8, i64 0
  %c8 = load i8, ptr %p8, align 1, !llvm.access.group !1
  %n8 = add i8 %c8, 1
  store i8 %n8, ptr %p8, align 1, !llvm.access.group !1
  %key9.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 9
  %key9 = load i32, ptr %key9.at, align 4, !llvm.access.group !1
  %flip9 = xor i32 %key9, -2147483648
  %bits9 = lshr i32 %flip9, %shift
  %d9 = and i32 %bits9, 15
  %i9 = zext i32 %d9 to i64
  %row9 = shl i64 %i9, 8
  %r9 = add i64 %row9, %t
  %p9 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r9, i64 1
  %c9 = load i8, ptr %p9, align 1, !llvm.access.group !1
  %n9 = add i8 %c9, 1
  store i8 %n9, ptr %p9, align 1, !llvm.access.group !1
  %key10.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 10
  %key10 = load i32, ptr %key10.at, align 4, !llvm.access.group !1
  %flip10 = xor i32 %key10, -2147483648
  %bits10 = lshr i32 %flip10, %shift
  %d10 = and i32 %bits10, 15
  %i10 = zext i32 %d10 to i64
  %row10 = shl i64 %i10, 8
  %r10 = add i64 %row10, %t
  %p10 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r10, i64 2
  %c10 = load i8, ptr %p10, align 1, !llvm.access.group !1
  %n10 = add i8 %c10, 1
  store i8 %n10, ptr %p10, align 1, !llvm.access.group !1
  %key11.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 11
  %key11 = load i32, ptr %key11.at, align 4, !llvm.access.group !1
  %flip11 = xor i32 %key11, -2147483648
  %bits11 = lshr i32 %flip11, %shift
  %d11 = and i32 %bits11, 15
  %i11 = zext i32 %d11 to i64
  %row11 = shl i64 %i11, 8
  %r11 = add i64 %row11, %t
  %p11 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r11, i64 3
  %c11 = load i8, ptr %p11, align 1, !llvm.access.group !1
  %n11 = add i8 %c11, 1
  store i8 %n11, ptr %p11, align 1, !llvm.access.group !1
  %key12.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 12
  %key12 = load i32, ptr %key12.at, align 4, !llvm.access.group !1
  %flip12 = xor i32 %key12, -2147483648
  %bits12 = lshr i32 %flip12, %shift
  %d12 = and i32 %bits12, 15
  %i12 = zext i32 %d12 to i64
  %row12 = shl i64 %i12, 8
  %r12 = add i64 %row12, %t
  %p12 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r12, i64 0
  %c12 = load i8, ptr %p12, align 1, !llvm.access.group !1
  %n12 = add i8 %c12, 1
  store i8 %n12, ptr %p12, align 1, !llvm.access.group !1
  %key13.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 13
  %key13 = load i32, ptr %key13.at, align 4, !llvm.access.group !1
  %flip13 = xor i32 %key13, -2147483648
  %bits13 = lshr i32 %flip13, %shift
  %d13 = and i32 %bits13, 15
  %i13 = zext i32 %d13 to i64
  %row13 = shl i64 %i13, 8
  %r13 = add i64 %row13, %t
  %p13 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r13, i64 1
  %c13 = load i8, ptr %p13, align 1, !llvm.access.group !1
  %n13 = add i8 %c13, 1
  store i8 %n13, ptr %p13, align 1, !llvm.access.group !1
  %key14.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 14
  %key14 = load i32, ptr %key14.at, align 4, !llvm.access.group !1
  %flip14 = xor i32 %key14, -2147483648
  %bits14 = lshr i32 %flip14, %shift
  %d14 = and i32 %bits14, 15
  %i14 = zext i32 %d14 to i64
  %row14 = shl i64 %i14, 8
  %r14 = add i64 %row14, %t
  %p14 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r14, i64 2
  %c14 = load i8, ptr %p14, align 1, !llvm.access.group !1
  %n14 = add i8 %c14, 1
  store i8 %n14, ptr %p14, align 1, !llvm.access.group !1
  %key15.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 15
  %key15 = load i32, ptr %key15.at, align 4, !llvm.access.group !1
  %flip15 = xor i32 %key15, -2147483648
  %bits15 = lshr i32 %flip15, %shift
  %d15 = and i32 %bits15, 15
  %i15 = zext i32 %d15 to i64
  %row15 = shl i64 %i15, 8
  %r15 = add i64 %row15, %t
  %p15 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r15, i64 3
  %c15 = load i8, ptr %p15, align 1, !llvm.access.group !1
  %n15 = add i8 %c15, 1
  store i8 %n15, ptr %p15, align 1, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !0
exit:
  ret void
}

define void @consecutive_bytes(ptr %bytes0, ptr %bytes1, ptr %bytes2, ptr %bytes3, ptr %bytes4, ptr %bytes5, ptr %bytes6, ptr %bytes7, ptr %bytes8, ptr %bytes9, ptr %bytes10, ptr %bytes11, ptr %bytes12, ptr %bytes13, ptr %bytes14, ptr %bytes15, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %p0 = getelementptr inbounds i8, ptr %bytes0, i64 %t
  %c0 = load i8, ptr %p0, align 1, !llvm.access.group !1
  %n0 = add i8 %c0, 1
  store i8 %n0, ptr %p0, align 1, !llvm.access.group !1
  %p1 = getelementptr inbounds i8, ptr %bytes1, i64 %t
  %c1 = load i8, ptr %p1, align 1, !llvm.access.group !1
  %n1 = add i8 %c1, 1
  store i8 %n1, ptr %p1, align 1, !llvm.access.group !1
  %p2 = getelementptr inbounds i8, ptr %bytes2, i64 %t
  %c2 = load i8, ptr %p2, align 1, !llvm.access.group !1
  %n2 = add i8 %c2, 1
  store i8 %n2, ptr %p2, align 1, !llvm.access.group !1
  %p3 = getelementptr inbounds i8, ptr %bytes3, i64 %t
  %c3 = load i8, ptr %p3, align 1, !llvm.access.group !1
  %n3 = add i8 %c3, 1
  store i8 %n3, ptr %p3, align 1, !llvm.access.group !1
  %p4 = getelementptr inbounds i8, ptr %bytes4, i64 %t
  %c4 = load i8, ptr %p4, align 1, !llvm.access.group !1
  %n4 = add i8 %c4, 1
  store i8 %n4, ptr %p4, align 1, !llvm.access.group !1
  %p5 = getelementptr inbounds i8, ptr %bytes5, i64 %t
  %c5 = load i8, ptr %p5, align 1, !llvm.access.group !1
  %n5 = add i8 %c5, 1
  store i8 %n5, ptr %p5, align 1, !llvm.access.group !1
  %p6 = getelementptr inbounds i8, ptr %bytes6, i64 %t
  %c6 = load i8, ptr %p6, align 1, !llvm.access.group !1
  %n6 = add i8 %c6, 1
  store i8 %n6, ptr %p6, align 1, !llvm.access.group !1
  %p7 = getelementptr inbounds i8, ptr %bytes7, i64 %t
  %c7 = load i8, ptr %p7, align 1, !llvm.access.group !1
  %n7 = add i8 %c7, 1
  store i8 %n7, ptr %p7, align 1, !llvm.access.group !1
  %p8 = getelementptr inbounds i8, ptr %bytes8, i64 %t
  %c8 = load i8, ptr %p8, align 1, !llvm.access.group !1
  %n8 = add i8 %c8, 1
  store i8 %n8, ptr %p8, align 1, !llvm.access.group !1
  %p9 = getelementptr inbounds i8, ptr %bytes9, i64 %t
  %c9 = load i8, ptr %p9, align 1, !llvm.access.group !1
  %n9 = add i8 %c9, 1
  store i8 %n9, ptr %p9, align 1, !llvm.access.group !1
  %p10 = getelementptr inbounds i8, ptr %bytes10, i64 %t
  %c10 = load i8, ptr %p10, align 1, !llvm.access.group !1
  %n10 = add i8 %c10, 1
  store i8 %n10, ptr %p10, align 1, !llvm.access.group !1
  %p11 = getelementptr inbounds i8, ptr %bytes11, i64 %t
  %c11 = load i8, ptr %p11, align 1, !llvm.access.group !1
  %n11 = add i8 %c11, 1
  store i8 %n11, ptr %p11, align 1, !llvm.access.group !1
  %p12 = getelementptr inbounds i8, ptr %bytes12, i64 %t
  %c12 = load i8, ptr %p12, align 1, !llvm.access.group !1
  %n12 = add i8 %c12, 1
  store i8 %n12, ptr %p12, align 1, !llvm.access.group !1
  %p13 = getelementptr inbounds i8, ptr %bytes13, i64 %t
  %c13 = load i8, ptr %p13, align 1, !llvm.access.group !1
  %n13 = add i8 %c13, 1
  store i8 %n13, ptr %p13, align 1, !llvm.access.group !1
  %p14 = getelementptr inbounds i8, ptr %bytes14, i64 %t
  %c14 = load i8, ptr %p14, align 1, !llvm.access.group !1
  %n14 = add i8 %c14, 1
  store i8 %n14, ptr %p14, align 1, !llvm.access.group !1
  %p15 = getelementptr inbounds i8, ptr %bytes15, i64 %t
  %c15 = load i8, ptr %p15, align 1, !llvm.access.group !1
  %n15 = add i8 %c15, 1
  store i8 %n15, ptr %p15, align 1, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !3
exit:
  ret void
}

define void @few_counters(ptr %counters, ptr %keys, i32 %shift, i64 %threads) {
entry:
  br label %thread
thread:
  %t = phi i64 [ 0, %entry ], [ %t.next, %thread ]
  %key0.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 0
  %key0 = load i32, ptr %key0.at, align 4, !llvm.access.group !1
  %flip0 = xor i32 %key0, -2147483648
  %bits0 = lshr i32 %flip0, %shift
  %d0 = and i32 %bits0, 15
  %i0 = zext i32 %d0 to i64
  %row0 = shl i64 %i0, 8
  %r0 = add i64 %row0, %t
  %p0 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r0, i64 0
  %c0 = load i8, ptr %p0, align 1, !llvm.access.group !1
  %n0 = add i8 %c0, 1
  store i8 %n0, ptr %p0, align 1, !llvm.access.group !1
  %key1.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 1
  %key1 = load i32, ptr %key1.at, align 4, !llvm.access.group !1
  %flip1 = xor i32 %key1, -2147483648
  %bits1 = lshr i32 %flip1, %shift
  %d1 = and i32 %bits1, 15
  %i1 = zext i32 %d1 to i64
  %row1 = shl i64 %i1, 8
  %r1 = add i64 %row1, %t
  %p1 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r1, i64 1
  %c1 = load i8, ptr %p1, align 1, !llvm.access.group !1
  %n1 = add i8 %c1, 1
  store i8 %n1, ptr %p1, align 1, !llvm.access.group !1
  %key2.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 2
  %key2 = load i32, ptr %key2.at, align 4, !llvm.access.group !1
  %flip2 = xor i32 %key2, -2147483648
  %bits2 = lshr i32 %flip2, %shift
  %d2 = and i32 %bits2, 15
  %i2 = zext i32 %d2 to i64
  %row2 = shl i64 %i2, 8
  %r2 = add i64 %row2, %t
  %p2 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r2, i64 2
  %c2 = load i8, ptr %p2, align 1, !llvm.access.group !1
  %n2 = add i8 %c2, 1
  store i8 %n2, ptr %p2, align 1, !llvm.access.group !1
  %key3.at = getelementptr inbounds [16 x i32], ptr %keys, i64 %t, i64 3
  %key3 = load i32, ptr %key3.at, align 4, !llvm.access.group !1
  %flip3 = xor i32 %key3, -2147483648
  %bits3 = lshr i32 %flip3, %shift
  %d3 = and i32 %bits3, 15
  %i3 = zext i32 %d3 to i64
  %row3 = shl i64 %i3, 8
  %r3 = add i64 %row3, %t
  %p3 = getelementptr inbounds [4 x i8], ptr %counters, i64 %r3, i64 3
  %c3 = load i8, ptr %p3, align 1, !llvm.access.group !1
  %n3 = add i8 %c3, 1
  store i8 %n3, ptr %p3, align 1, !llvm.access.group !1
  %t.next = add nuw nsw i64 %t, 1
  %more = icmp ult i64 %t.next, %threads
  br i1 %more, label %thread, label %exit, !llvm.loop !4
exit:
  ret void
}

!0 = distinct !{!0, !2}
!1 = distinct !{}
!2 = !{!"llvm.loop.parallel_accesses", !1}
!3 = distinct !{!3, !2}
!4 = distinct !{!4, !2}
