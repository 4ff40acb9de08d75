; Barriers and warp collectives become sites: the thread's exchange slots are filled, then
; __drawbridge_site(kind) releases it with the exchanged value; a plain barrier exchanges
; nothing and fills no slots. Kinds follow cpu_abi::SiteKind (1 block sync, 2 block count,
; 4 warp gather, 5 warp vote, 8 reduce add).
; RUN: %opt -passes=drawbridge-normalize-sites -S %s | FileCheck %s

define void @barrier() {
; CHECK-LABEL: define void @barrier(
; CHECK-NEXT: call i64 @__drawbridge_site(i32 1)
; CHECK-NEXT: ret void
  call void @llvm.nvvm.barrier0()
  ret void
}

define i32 @count(i32 %p) {
; CHECK-LABEL: define i32 @count(
; CHECK: call void @__drawbridge_site_store(i64 %{{.*}}, i32 0)
; CHECK-NEXT: [[R:%.*]] = call i64 @__drawbridge_site(i32 2)
; CHECK-NEXT: [[C:%.*]] = trunc i64 [[R]] to i32
; CHECK-NEXT: ret i32 [[C]]
  %c = call i32 @llvm.nvvm.barrier0.popc(i32 %p)
  ret i32 %c
}

; __shfl_down_sync(mask, v, 1) with width 32 (c = 0x1f): source = lane + 1 when that is at
; most the clamp lane 31, else the thread's own lane. The source travels in the high half of
; the exchanged value, the member mask in aux.
define i32 @shuffle_down(i32 %v) {
; CHECK-LABEL: define i32 @shuffle_down(
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[J:%.*]] = add i32 [[LANE]], 1
; CHECK: [[OK:%.*]] = icmp ule i32 [[J]], {{%.*}}
; CHECK: [[SRC:%.*]] = select i1 [[OK]], i32 [[J]], i32 [[LANE]]
; CHECK: [[SRC64:%.*]] = zext i32 [[SRC]] to i64
; CHECK: [[HIGH:%.*]] = shl i64 [[SRC64]], 32
; CHECK: [[IN:%.*]] = or i64 {{%.*}}, [[HIGH]]
; CHECK: call void @__drawbridge_site_store(i64 [[IN]], i32 65535)
; CHECK-NEXT: call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance [[DOWN1:![0-9]+]]
  %r = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 65535, i32 %v, i32 1, i32 31)
  ret i32 %r
}

; A shuffle up or down by a constant within power-of-two segments records its distance
; (negative up) and the segments' width, and a butterfly by a constant power of two its lane
; mask; a variable delta, an index, a butterfly by another constant, a distance of a whole
; segment or more, or a clamp other than the segment's end does not.
define void @shuffle_distances(i32 %v, i32 %d) {
; CHECK-LABEL: define void @shuffle_distances(
; CHECK: call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance [[UP16:![0-9]+]]
; CHECK: call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_distance [[DOWN4IN8:![0-9]+]]
; CHECK: call i64 @__drawbridge_site(i32 4){{$}}
; CHECK: call i64 @__drawbridge_site(i32 4){{$}}
; CHECK: call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_xor [[XOR8:![0-9]+]]
; CHECK: call i64 @__drawbridge_site(i32 4){{$}}
; CHECK: call i64 @__drawbridge_site(i32 4){{$}}
; CHECK: call i64 @__drawbridge_site(i32 4){{$}}
; CHECK: call i64 @__drawbridge_site(i32 4), !drawbridge.shuffle_xor [[XOR2IN4:![0-9]+]]
  %up = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %v, i32 16, i32 0)
  %narrow = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 4, i32 6175)
  %variable = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 %d, i32 31)
  %index = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %v, i32 3, i32 31)
  %xor = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 8, i32 31)
  %xor6 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 6, i32 31)
  %whole = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 8, i32 6175)
  %clamp = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %v, i32 1, i32 15)
  %xor4 = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 2, i32 7199)
  ret void
}

; A shuffle with the in-range predicate (PTX's `shfl.sync.up.b32 r|p`) yields a pair; its
; users' extractions read the parts directly (the received value and the range test), and no
; pair is built.
define i32 @shuffle_with_predicate(i32 %v) {
; CHECK-LABEL: define i32 @shuffle_with_predicate(
; CHECK-NOT: insertvalue
; CHECK: [[IN:%.*]] = icmp sge i32
; CHECK: [[R:%.*]] = call i64 @__drawbridge_site(i32 4)
; CHECK-NEXT: [[V:%.*]] = trunc i64 [[R]] to i32
; CHECK-NOT: insertvalue
; CHECK: select i1 [[IN]], i32 [[V]], i32 0
  %p = call { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32 -1, i32 %v, i32 1, i32 0)
  %got = extractvalue { i32, i1 } %p, 0
  %valid = extractvalue { i32, i1 } %p, 1
  %r = select i1 %valid, i32 %got, i32 0
  ret i32 %r
}

define i32 @ballot(i1 %p) {
; CHECK-LABEL: define i32 @ballot(
; CHECK: call void @__drawbridge_site_store(i64 {{%.*}}, i32 -1)
; CHECK-NEXT: call i64 @__drawbridge_site(i32 5)
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  ret i32 %b
}

define i32 @reduce(i32 %v) {
; CHECK-LABEL: define i32 @reduce(
; CHECK: call i64 @__drawbridge_site(i32 8)
  %s = call i32 @llvm.nvvm.redux.sync.add(i32 %v, i32 -1)
  ret i32 %s
}

; Not a collective: untouched.
define i32 @tid() {
; CHECK-LABEL: define i32 @tid(
; CHECK-NEXT: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %t
}

declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.barrier0.popc(i32)
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare { i32, i1 } @llvm.nvvm.shfl.sync.up.i32p(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()

; CHECK: [[DOWN1]] = !{i32 1, i32 32}
; CHECK: [[UP16]] = !{i32 -16, i32 32}
; CHECK: [[DOWN4IN8]] = !{i32 4, i32 8}
; CHECK: [[XOR8]] = !{i32 8, i32 32}
; CHECK: [[XOR2IN4]] = !{i32 2, i32 4}
