; Inline PTX the CPU target cannot run is a compile error that names the instruction, quotes
; the asm and, with line tables, points at the user's line. (What the parser refuses, such as
; labels and branches, is covered by its unit test.)
; RUN: not %opt -passes=drawbridge-translate-inline-ptx -disable-output %s 2>&1 | FileCheck %s
; CHECK: kernel.cu:7:3: in function k void (i64, i32): inline PTX assembly cannot run on the CPU target: the instruction 'tex' in 'tex.1d.v4.f32.s32 {$0, $0, $0, $0}, [$1, {$2}]' (in asm("tex.1d.v4.f32.s32 {$0, $0, $0, $0}, [$1, {$2}];"))

define void @k(i64 %t, i32 %i) !dbg !4 {
  %x = call float asm "tex.1d.v4.f32.s32 {$0, $0, $0, $0}, [$1, {$2}];", "=f,l,r"(i64 %t, i32 %i), !dbg !7
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
