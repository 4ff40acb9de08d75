; A kernel's sized __shared__ variables, its own and those of the device functions it calls
; (a call that stays a call: recursion), may come to 48 KB and no more. @over uses 40 KB and
; calls @deeper, which calls @helper (8 KB) and the recursive @leaf (4 bytes): 48 KB and 4
; bytes, refused at the kernel's line. @exact uses 40 KB and calls @helper: 48 KB, accepted; so is @dynamic, whose
; `extern __shared__` array is sized at launch. A variable used twice counts once. (opt stops
; at the first error, so the kernels that pass come first.)
; RUN: not %opt -passes=drawbridge-check-static-shared-limit -disable-output %s 2>&1 | FileCheck %s
; CHECK: kernels.cu:12:0: {{.*}}kernel 'over' uses too much shared data (49156 bytes, 49152 max)

@tileA = internal global [10240 x float] zeroinitializer, !drawbridge.shared !0
@tileB = internal global [10240 x float] zeroinitializer, !drawbridge.shared !0
@helperTile = internal global [2048 x float] zeroinitializer, !drawbridge.shared !0
@leafWord = internal global i32 0, !drawbridge.shared !0
@dynamicTile = external global [0 x float], !drawbridge.shared !0

define void @exact(i32 %t) #0 !dbg !7 {
  %at = getelementptr [10240 x float], ptr @tileB, i32 0, i32 %t
  store float 1.0, ptr %at
  call void @helper(i32 %t)
  ret void
}

define void @dynamic(i32 %t) #0 !dbg !8 {
  %at = getelementptr [0 x float], ptr @dynamicTile, i32 0, i32 %t
  store float 1.0, ptr %at
  %big = getelementptr [10240 x float], ptr @tileB, i32 0, i32 %t
  store float 1.0, ptr %big
  ret void
}

define void @over(i32 %t) #0 !dbg !5 {
  %at = getelementptr [10240 x float], ptr @tileA, i32 0, i32 %t
  store float 1.0, ptr %at
  store float 2.0, ptr @tileA
  call void @deeper(i32 %t)
  ret void
}

define void @deeper(i32 %t) {
  call void @helper(i32 %t)
  call void @leaf()
  ret void
}

define void @helper(i32 %t) {
  %at = getelementptr [2048 x float], ptr @helperTile, i32 0, i32 %t
  store float 3.0, ptr %at
  ret void
}

define void @leaf() {
  store i32 1, ptr @leafWord
  call void @leaf()
  ret void
}

attributes #0 = { "drawbridge-kernel" }
!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!4}
!0 = !{}
!1 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !2, emissionKind: LineTablesOnly)
!2 = !DIFile(filename: "kernels.cu", directory: "/src")
!3 = !DISubroutineType(types: !{})
!4 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "over", scope: !2, file: !2, line: 12, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!7 = distinct !DISubprogram(name: "exact", scope: !2, file: !2, line: 20, type: !3, spFlags: DISPFlagDefinition, unit: !1)
!8 = distinct !DISubprogram(name: "dynamic", scope: !2, file: !2, line: 30, type: !3, spFlags: DISPFlagDefinition, unit: !1)
