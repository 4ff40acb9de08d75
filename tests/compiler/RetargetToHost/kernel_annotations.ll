; Kernels listed in !nvvm.annotations get the drawbridge-kernel attribute (and their
; __launch_bounds__), the host triple replaces nvptx64's, and NVPTX target attributes go.
; A function that is not annotated stays an ordinary function.
; RUN: %opt -passes=drawbridge-retarget -S %s | FileCheck %s
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: target triple = "x86_64-unknown-linux-gnu"
; CHECK-NOT: nvvm.annotations

; CHECK: define void @kernel() [[KATTR:#[0-9]+]]
define void @kernel() #0 {
  ret void
}

; CHECK: define void @bounded() [[BATTR:#[0-9]+]]
define void @bounded() #0 {
  ret void
}

; CHECK: define void @helper() {
define void @helper() #0 {
  ret void
}

; CHECK-DAG: attributes [[KATTR]] = { "drawbridge-kernel" }
; CHECK-DAG: attributes [[BATTR]] = { "drawbridge-kernel" "drawbridge-max-threads"="256" }
attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx42,+sm_80" }

!nvvm.annotations = !{!0, !1, !2}
!0 = !{ptr @kernel, !"kernel", i32 1}
!1 = !{ptr @bounded, !"kernel", i32 1}
!2 = !{ptr @bounded, !"maxntidx", i32 256}
