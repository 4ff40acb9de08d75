; A two-dimensional __shared__ array whose every access indexes its rows by threadIdx.x and its
; columns by a value the threads of a row share (threadIdx.y plus a constant, a uniform loop's
; counter) is stored transposed: [16 x [81 x float]] becomes [81 x [16 x float]], and each
; element address swaps its indices, so that neighbouring threads touch neighbouring
; elements. An array also indexed the usual way (threadIdx.x in the column), one whose column
; index comes from a load, and one whose address escapes (passed to a call) keep their layout.
; RUN: %opt -passes=drawbridge-transpose-shared-tiles -S %s | FileCheck %s

@column = internal global [16 x [81 x float]] undef, align 4, !drawbridge.shared !0
@mixed = internal global [16 x [16 x float]] undef, align 4, !drawbridge.shared !0
@loaded = internal global [16 x [8 x float]] undef, align 4, !drawbridge.shared !0
@escapes = internal global [16 x [8 x float]] undef, align 4, !drawbridge.shared !0

; CHECK-NOT: @column =
; CHECK-DAG: @mixed = internal global [16 x [16 x float]] undef, align 4, !drawbridge.shared
; CHECK-DAG: @loaded = internal global [16 x [8 x float]] undef, align 4, !drawbridge.shared
; CHECK-DAG: @escapes = internal global [16 x [8 x float]] undef, align 4, !drawbridge.shared
; CHECK-DAG: @column.transposed = internal global [81 x [16 x float]] undef, align 4, !drawbridge.shared

; CHECK-LABEL: define void @columns(
; CHECK: %store.at = getelementptr inbounds [81 x [16 x float]], ptr @column.transposed, i64 0, i64 %y8, i64 %x
; CHECK: %load.at = getelementptr inbounds [81 x [16 x float]], ptr @column.transposed, i64 0, i64 %yk, i64 %x
define void @columns(ptr %out) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %y8 = add nuw nsw i64 %y, 8
  %store.at = getelementptr inbounds [16 x [81 x float]], ptr @column, i64 0, i64 %x, i64 %y8
  store float 1.0, ptr %store.at
  call void @llvm.nvvm.barrier0()
  br label %loop
loop:
  %k = phi i64 [ 0, %entry ], [ %k.next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %yk = add nuw nsw i64 %y, %k
  %load.at = getelementptr inbounds [16 x [81 x float]], ptr @column, i64 0, i64 %x, i64 %yk
  %v = load float, ptr %load.at
  %sum.next = fadd float %sum, %v
  %k.next = add nuw nsw i64 %k, 1
  %more = icmp ult i64 %k.next, 17
  br i1 %more, label %loop, label %done
done:
  store float %sum.next, ptr %out
  ret void
}

; CHECK-LABEL: define void @others(
; CHECK: getelementptr inbounds [16 x [16 x float]], ptr @mixed, i64 0, i64 %x, i64 %y
; CHECK: getelementptr inbounds [16 x [16 x float]], ptr @mixed, i64 0, i64 %y, i64 %x
; CHECK: getelementptr inbounds [16 x [8 x float]], ptr @loaded, i64 0, i64 %x, i64 %c
; CHECK: getelementptr inbounds [16 x [8 x float]], ptr @escapes, i64 0, i64 %x, i64 %y
define void @others(ptr %out, ptr %columns) #0 {
entry:
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %x = zext i32 %tx to i64
  %y = zext i32 %ty to i64
  %m1 = getelementptr inbounds [16 x [16 x float]], ptr @mixed, i64 0, i64 %x, i64 %y
  store float 1.0, ptr %m1
  %m2 = getelementptr inbounds [16 x [16 x float]], ptr @mixed, i64 0, i64 %y, i64 %x
  %mv = load float, ptr %m2
  %c32 = load i32, ptr %columns
  %c = zext i32 %c32 to i64
  %l = getelementptr inbounds [16 x [8 x float]], ptr @loaded, i64 0, i64 %x, i64 %c
  store float %mv, ptr %l
  %e = getelementptr inbounds [16 x [8 x float]], ptr @escapes, i64 0, i64 %x, i64 %y
  store float %mv, ptr %e
  call void @keep(ptr %e)
  ret void
}

declare void @keep(ptr)
declare void @llvm.nvvm.barrier0()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
attributes #0 = { "drawbridge-kernel" }
!0 = !{}
