; A region's loads and stores say which of two places they reach: the block's shared memory or
; what a pointer parameter points to, each with an alias scope of its own and no alias with the
; other, so that a store through a parameter does not make LLVM load the shared tile again. The
; runtime's per-thread slots (here a thread's state) are left unscoped. An address that may lie in
; two places (a select of the parameter and the tile) gets neither. A load of a __constant__
; variable that no code writes is invariant; one of a __constant__ variable the kernel writes
; (which nvcc warns of) is not.
; RUN: %opt -passes=drawbridge-form-thread-regions -S %s | FileCheck %s

@tile = internal global [32 x float] undef, align 4, !drawbridge.shared !0
@taps = internal global [4 x float] zeroinitializer, align 4, !drawbridge.device_var !0, !drawbridge.constant !0
@written = internal global [4 x float] zeroinitializer, align 4, !drawbridge.device_var !0, !drawbridge.constant !0

; CHECK-LABEL: define internal void @kernel.region1(
; CHECK: load float, ptr %{{.*}}, align 4, !alias.scope [[SHARED:![0-9]+]], !noalias [[PARAMS:![0-9]+]]
; CHECK: load float, ptr @taps, align 4, !invariant.load
; CHECK: load float, ptr @written, align 4, !llvm.access.group !{{[0-9]+$}}
; CHECK: store float %{{.*}}, ptr %out, align 4, !alias.scope [[PARAMS]], !noalias [[SHARED]]
; CHECK: load float, ptr %either, align 4, !llvm.access.group !{{[0-9]+$}}
; CHECK: store i32 -1, ptr %{{.*}}, align 4{{$}}
; CHECK-DAG: [[SHARED]] = !{[[SHARED_SCOPE:![0-9]+]]}
; CHECK-DAG: [[SHARED_SCOPE]] = distinct !{[[SHARED_SCOPE]], [[DOMAIN:![0-9]+]], !"shared"}
; CHECK-DAG: [[DOMAIN]] = distinct !{[[DOMAIN]], !"drawbridge.block-memory"}
; CHECK-DAG: [[PARAMS]] = !{[[PARAMS_SCOPE:![0-9]+]]}
; CHECK-DAG: [[PARAMS_SCOPE]] = distinct !{[[PARAMS_SCOPE]], [[DOMAIN]], !"parameters"}
define void @kernel(ptr %out, i1 %pick) #0 {
entry:
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [32 x float], ptr @tile, i64 0, i64 %i
  store float 1.0, ptr %p
  store float 2.0, ptr @written
  call void @__drawbridge_site_store(i64 0, i32 0)
  br label %site
site:
  %r = call i64 @__drawbridge_site(i32 1)
  br label %after
after:
  %t2 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %j = zext i32 %t2 to i64
  %q = getelementptr [32 x float], ptr @tile, i64 0, i64 %j
  %v = load float, ptr %q
  %tap = load float, ptr @taps
  %w = load float, ptr @written
  %m = fmul float %v, %tap
  %s = fadd float %m, %w
  store float %s, ptr %out
  %either = select i1 %pick, ptr %out, ptr @tile
  %e = load float, ptr %either
  store float %e, ptr %out
  ret void
}

declare void @__drawbridge_site_store(i64, i32) convergent
declare i64 @__drawbridge_site(i32) convergent
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
