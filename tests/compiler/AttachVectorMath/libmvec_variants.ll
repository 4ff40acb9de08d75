; Math calls get the libmvec vector versions that fit the target's vector registers and meet
; CUDA's bound: AVX-512, AVX2 and SSE for powf where registers are 512 bits, AVX2 and SSE
; where they are 256. logf, whose float versions are all too inaccurate, computes through
; libmvec's double log, and log10f at 16 lanes through double log10 (the AVX-512 float version
; is 3 ulps off on some arguments). expf is Drawbridge's own, defined in the module and always
; inlined (libmvec's float versions are 3 ulps off on some arguments): in double, 2^k from the
; bits of t + 1.5 * 2^52, a polynomial in r = t - k, rounded once to float, a NaN passed through.
; Intrinsics and C library calls alike; a two-argument function gets
; `vv`. Calls that stay scalar: one whose vector versions are not accurate enough (double exp), one
; that may touch memory (errno), one with other argument types, and any call on a target
; without glibc. The loop vectoriser then calls the widest version.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-attach-vector-math -S %s | FileCheck %s --check-prefix=AVX512
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v3 \
; RUN:   -passes=drawbridge-attach-vector-math -S %s | FileCheck %s --check-prefix=AVX2
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-attach-vector-math,loop-vectorize -S %s \
; RUN:   | FileCheck %s --check-prefix=VECTORISED
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-attach-vector-math -S %s | FileCheck %s --check-prefix=THROUGH
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-attach-vector-math -S %s | FileCheck %s --check-prefix=DOUBLE-EXP
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64-v4 \
; RUN:   -passes=drawbridge-attach-vector-math -S %s | FileCheck %s --check-prefix=OWN-EXPF
; RUN: %opt -mtriple=aarch64-unknown-linux-gnu \
; RUN:   -passes=drawbridge-attach-vector-math -S %s | FileCheck %s --check-prefix=OTHER

; AVX512-LABEL: define void @thread_loop(
; AVX512: call float @llvm.exp.f32(float %x) #[[EXPF:[0-9]+]]
; AVX512: call float @powf(float %x, float %x) #[[POWF:[0-9]+]]
; AVX512: call double @cbrt(double %d) #[[CBRT:[0-9]+]]
; AVX512: call float @llvm.log.f32(float %x) #[[LOGF:[0-9]+]]
; AVX512: call double @llvm.exp.f64(double %d){{$}}
; AVX512: call float @expf(float %x) #[[ERRNO:[0-9]+]]
; AVX512: call float @log10f(float %x) #[[LOG10F:[0-9]+]]
; AVX512: call double @sinf(double %d){{$}}
; AVX512-DAG: define internal <16 x float> @__drawbridge_expf_x16(<16 x float> %0) #[[OWN:[0-9]+]]
; AVX512-DAG: attributes #[[OWN]] = { alwaysinline nounwind willreturn memory(none) }
; AVX512-DAG: declare <16 x float> @_ZGVeN16vv_powf(<16 x float>, <16 x float>)
; AVX512-DAG: attributes #[[EXPF]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.exp.f32(__drawbridge_expf_x4),_ZGV_LLVM_N8v_llvm.exp.f32(__drawbridge_expf_x8),_ZGV_LLVM_N16v_llvm.exp.f32(__drawbridge_expf_x16)" }
; AVX512-DAG: attributes #[[POWF]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4vv_powf(_ZGVbN4vv_powf),_ZGV_LLVM_N8vv_powf(_ZGVdN8vv_powf),_ZGV_LLVM_N16vv_powf(_ZGVeN16vv_powf)" }
; AVX512-DAG: attributes #[[CBRT]] = { "vector-function-abi-variant"="_ZGV_LLVM_N2v_cbrt(_ZGVbN2v_cbrt),_ZGV_LLVM_N4v_cbrt(_ZGVdN4v_cbrt),_ZGV_LLVM_N8v_cbrt(_ZGVeN8v_cbrt)" }
; AVX512-DAG: attributes #[[LOGF]] = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.log.f32(__drawbridge_logf_x4_through__ZGVdN4v_log),_ZGV_LLVM_N8v_llvm.log.f32(__drawbridge_logf_x8_through__ZGVeN8v_log),_ZGV_LLVM_N16v_llvm.log.f32(__drawbridge_logf_x16_through__ZGVeN8v_log)" }
; AVX512-DAG: define internal <16 x float> @__drawbridge_logf_x16_through__ZGVeN8v_log(<16 x float> %0)
; AVX512-DAG: attributes #[[LOG10F]] = { {{.*}}"vector-function-abi-variant"="_ZGV_LLVM_N4v_log10f(_ZGVbN4v_log10f),_ZGV_LLVM_N8v_log10f(_ZGVdN8v_log10f),_ZGV_LLVM_N16v_log10f(__drawbridge_log10f_x16_through__ZGVeN8v_log10)" }

; AVX2: attributes #{{[0-9]+}} = { "vector-function-abi-variant"="_ZGV_LLVM_N4v_llvm.exp.f32(__drawbridge_expf_x4),_ZGV_LLVM_N8v_llvm.exp.f32(__drawbridge_expf_x8)" }
; AVX2-NOT: _ZGVe

; VECTORISED: vector.body:
; VECTORISED: call <16 x float> @__drawbridge_expf_x16(<16 x float>
; VECTORISED: call <16 x float> @_ZGVeN16vv_powf(<16 x float>

; The float version through double: widen, two AVX-512 double calls, narrow.
; THROUGH-LABEL: define internal <16 x float> @__drawbridge_logf_x16_through__ZGVeN8v_log(
; THROUGH-NEXT:  entry:
; THROUGH-NEXT:    [[WIDE:%.*]] = fpext <16 x float> %0 to <16 x double>
; THROUGH-NEXT:    [[LOW:%.*]] = shufflevector <16 x double> [[WIDE]], <16 x double> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; THROUGH-NEXT:    [[R0:%.*]] = call <8 x double> @_ZGVeN8v_log(<8 x double> [[LOW]])
; THROUGH-NEXT:    [[HIGH:%.*]] = shufflevector <16 x double> [[WIDE]], <16 x double> poison, <8 x i32> <i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>
; THROUGH-NEXT:    [[R1:%.*]] = call <8 x double> @_ZGVeN8v_log(<8 x double> [[HIGH]])
; THROUGH-NEXT:    [[BOTH:%.*]] = shufflevector <8 x double> [[R0]], <8 x double> [[R1]], <16 x i32>
; THROUGH-NEXT:    [[NARROW:%.*]] = fptrunc <16 x double> [[BOTH]] to <16 x float>
; THROUGH-NEXT:    ret <16 x float> [[NARROW]]

; DOUBLE-EXP-NOT: _ZGV{{.}}N{{[0-9]+}}v_exp

; OWN-EXPF-LABEL: define internal <16 x float> @__drawbridge_expf_x16(<16 x float> %0)
; OWN-EXPF:      [[HIGH:%.*]] = fcmp ogt <16 x float> %0, <float 8.900000e+01,
; OWN-EXPF:      [[LOW:%.*]] = fcmp olt <16 x float>
; OWN-EXPF:      [[WIDE:%.*]] = fpext <16 x float> {{%.*}} to <16 x double>
; OWN-EXPF-NEXT: %t = fmul <16 x double> [[WIDE]], <double 0x3FF71547652B82FE,
; OWN-EXPF-NEXT: %shifted = fadd <16 x double> %t, <double 0x4338000000000000,
; OWN-EXPF-NEXT: %k = fsub <16 x double> %shifted, <double 0x4338000000000000,
; OWN-EXPF-NEXT: %r = fsub <16 x double> %t, %k
; OWN-EXPF-COUNT-8: call <16 x double> @llvm.fmuladd.v16f64(
; OWN-EXPF-NEXT: [[BITS:%.*]] = bitcast <16 x double> %shifted to <16 x i64>
; OWN-EXPF-NEXT: [[BIASED:%.*]] = add <16 x i64> [[BITS]], <i64 1023,
; OWN-EXPF-NEXT: [[FIELD:%.*]] = shl <16 x i64> [[BIASED]], <i64 52,
; OWN-EXPF-NEXT: %scale = bitcast <16 x i64> [[FIELD]] to <16 x double>
; OWN-EXPF-NEXT: [[PRODUCT:%.*]] = fmul <16 x double> {{%.*}}, %scale
; OWN-EXPF-NEXT: [[NARROW:%.*]] = fptrunc <16 x double> [[PRODUCT]] to <16 x float>
; OWN-EXPF-NEXT: [[NAN:%.*]] = fcmp uno <16 x float> %0, %0
; OWN-EXPF-NEXT: [[OUT:%.*]] = select <16 x i1> [[NAN]], <16 x float> %0, <16 x float> [[NARROW]]
; OWN-EXPF-NEXT: ret <16 x float> [[OUT]]

; OTHER-NOT: vector-function-abi-variant

define void @thread_loop(ptr %in, ptr %out, i32 %n) #2 {
entry:
  br label %body

body:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %at = getelementptr inbounds float, ptr %in, i32 %i
  %x = load float, ptr %at, align 4
  %e = call float @llvm.exp.f32(float %x)
  %p = call float @powf(float %x, float %x)
  %sum = fadd float %e, %p
  %to = getelementptr inbounds float, ptr %out, i32 %i
  store float %sum, ptr %to, align 4
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, %n
  br i1 %done, label %scalar, label %body

scalar:
  %d = fpext float %x to double
  %c = call double @cbrt(double %d)
  %l = call float @llvm.log.f32(float %x)
  %de = call double @llvm.exp.f64(double %d)
  %withErrno = call float @expf(float %x) #1
  %ten = call float @log10f(float %x) #0
  %wrong = call double @sinf(double %d)
  ret void
}

declare float @llvm.exp.f32(float)
declare float @llvm.log.f32(float)
declare double @llvm.exp.f64(double)
declare double @cbrt(double) #0
declare float @powf(float, float) #0
declare float @expf(float)
declare float @log10f(float) #0
declare double @sinf(double) #0

attributes #0 = { nounwind willreturn memory(none) }
attributes #1 = { nounwind willreturn memory(write) }
attributes #2 = { "prefer-vector-width"="512" }
