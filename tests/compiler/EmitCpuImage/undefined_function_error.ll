; A device function that is declared but defined nowhere (without -rdc) is a compile error
; naming it, demangled; C library and runtime functions are fine.
; RUN: not %opt -passes=drawbridge-emit-cpu-image -disable-output %s 2>&1 | FileCheck %s
; CHECK: undefined device function 'scale(int)': it is declared but no file defines it; compile with -rdc=true and link the file that defines it (if it is a CUDA device library function, Drawbridge does not provide it yet)
; CHECK-NOT: sinf

define float @kernel(i32 %x, float %y) {
  %s = call i32 @_Z5scalei(i32 %x)
  %t = call float @sinf(float %y)
  ret float %t
}
declare i32 @_Z5scalei(i32)
declare float @sinf(float)
