; Inline PTX cannot run on the CPU: a compile error that quotes it and, with line tables,
; points at the user's line.
; RUN: not %opt -passes=drawbridge-lower-device-builtins -disable-output %s 2>&1 | FileCheck %s
; CHECK: kernel.cu:7:3: in function k void (): inline PTX assembly is not supported on the CPU target yet: asm("mov.u32 $0, %laneid;")

define void @k() !dbg !4 {
  %l = call i32 asm "mov.u32 $0, %laneid;", "=r"(), !dbg !7
  ret void
}

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "kernel.cu", directory: "/src")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocation(line: 7, column: 3, scope: !4)
