; Inline PTX becomes the IR it stands for: special registers and warp instructions become the
; NVVM intrinsics clang emits for the CUDA builtins, a guarded pure instruction a select, a
; guarded store a branch, a carry chain overflow intrinsics, exit a call the inliner turns into
; a return, and a "memory" clobber a compiler fence.
; RUN: %opt -passes=drawbridge-translate-inline-ptx -S %s | FileCheck %s

define i32 @lane() {
; CHECK-LABEL: define i32 @lane(
; CHECK-NEXT: [[L:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK-NEXT: ret i32 [[L]]
  %l = call i32 asm "mov.u32 $0, %laneid;", "=r"()
  ret i32 %l
}

define i32 @shuffle_add(i32 %x, i32 %offset) {
; CHECK-LABEL: define i32 @shuffle_add(
; CHECK-NEXT: [[S:%.*]] = call { i32, i1 } @llvm.nvvm.shfl.sync.down.i32p(i32 -1, i32 %x, i32 %offset, i32 31)
; CHECK-NEXT: [[V:%.*]] = extractvalue { i32, i1 } [[S]], 0
; CHECK-NEXT: [[P:%.*]] = extractvalue { i32, i1 } [[S]], 1
; CHECK-NEXT: [[A:%.*]] = add i32 [[V]], %x
; CHECK-NEXT: [[R:%.*]] = select i1 [[P]], i32 [[A]], i32 [[V]]
; CHECK-NEXT: ret i32 [[R]]
  %r = call i32 asm sideeffect "{ .reg .u32 r0; .reg .pred p; shfl.sync.down.b32 r0|p, $1, $2, 31, 0xffffffff; @p add.u32 r0, r0, $1; mov.u32 $0, r0; }", "=r,r,r"(i32 %x, i32 %offset)
  ret i32 %r
}

define { i32, i32 } @wide_load(ptr %p) {
; CHECK-LABEL: define { i32, i32 } @wide_load(
; CHECK-NEXT: [[V:%.*]] = load <2 x i32>, ptr %p, align 8
; CHECK-NEXT: [[A:%.*]] = extractelement <2 x i32> [[V]], i64 0
; CHECK-NEXT: [[B:%.*]] = extractelement <2 x i32> [[V]], i64 1
  %v = call { i32, i32 } asm "ld.global.nc.v2.u32 {$0, $1}, [$2];", "=r,=r,l"(ptr %p)
  ret { i32, i32 } %v
}

define void @guarded_store(ptr %p, i32 %flag, i32 %v) {
; CHECK-LABEL: define void @guarded_store(
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: [[C:%.*]] = icmp ne i32 %flag, 0
; CHECK-NEXT: br i1 [[C]], label %[[THEN:.*]], label %[[TAIL:.*]]
; CHECK: [[THEN]]:
; CHECK-NEXT: [[A:%.*]] = getelementptr i8, ptr %p, i64 4
; CHECK-NEXT: store i32 %v, ptr [[A]], align 4
; CHECK-NEXT: br label %[[TAIL]]
; CHECK: [[TAIL]]:
; CHECK-NEXT: ret void
  call void asm sideeffect "{ .reg .pred p; setp.ne.u32 p, $1, 0; @p st.global.u32 [$0+4], $2; }", "l,r,r,~{memory}"(ptr %p, i32 %flag, i32 %v)
  ret void
}

define i64 @add_with_carry(i32 %a0, i32 %a1, i32 %b0, i32 %b1) {
; CHECK-LABEL: define i64 @add_with_carry(
; CHECK: call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 %a0, i32 %b0)
; CHECK: [[CARRY:%.*]] = or i1
; CHECK: [[IN:%.*]] = zext i1 [[CARRY]] to i32
; CHECK: call { i32, i1 } @llvm.uadd.with.overflow.i32(i32 {{%.*}}, i32 [[IN]])
  %r = call { i32, i32 } asm "add.cc.u32 $0, $2, $4; addc.u32 $1, $3, $5;", "=r,=r,r,r,r,r"(i32 %a0, i32 %a1, i32 %b0, i32 %b1)
  %lo = extractvalue { i32, i32 } %r, 0
  %hi = extractvalue { i32, i32 } %r, 1
  %l = zext i32 %lo to i64
  %h = zext i32 %hi to i64
  %hs = shl i64 %h, 32
  %s = or i64 %hs, %l
  ret i64 %s
}

define void @exit_thread(ptr %p) {
; CHECK-LABEL: define void @exit_thread(
; CHECK-NEXT: call void @__drawbridge_thread_exit()
; CHECK-NEXT: unreachable
  call void asm sideeffect "exit;", ""()
  store i32 1, ptr %p
  ret void
}

define i32 @tied(i32 %x) {
; CHECK-LABEL: define i32 @tied(
; CHECK-NEXT: [[R:%.*]] = add i32 %x, 5
; CHECK-NEXT: ret i32 [[R]]
  %r = call i32 asm "add.s32 $0, $0, 5;", "=r,0"(i32 %x)
  ret i32 %r
}

; A fence at block scope orders the compiler only (a block's threads run on one processor
; thread); at the GPU's or the system's scope, the processor too.
define void @fences() {
; CHECK-LABEL: define void @fences(
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: ret void
  call void asm sideeffect "membar.cta;", ""()
  call void asm sideeffect "fence.acq_rel.cta;", ""()
  call void asm sideeffect "membar.gl;", ""()
  call void asm sideeffect "fence.sc.sys;", ""()
  ret void
}
