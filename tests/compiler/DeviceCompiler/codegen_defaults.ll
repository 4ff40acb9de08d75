; drawbridge-device turns off two code generation passes by default (the post-RA list
; scheduler and AVX-512 mask-domain reassignment: a tenth of a template-heavy file's compile
; time, no run-time difference in the suite) by putting their options before the command
; line's, so a command line that names them again wins rather than being refused.
; RUN: rm -f %t.o && %device %s -o %t.o && test -s %t.o
; RUN: rm -f %t.o && %device %s -o %t.o -post-RA-scheduler=true \
; RUN:   -disable-x86-domain-reassignment=false && test -s %t.o
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define i32 @helper(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}
