; Globals in the NVPTX address spaces move to address space 0: __shared__ ones are marked
; drawbridge.shared, externally initialised __device__/__constant__ ones drawbridge.device_var
; (__constant__ ones also drawbridge.constant), an internal lookup table neither. Casts between address spaces disappear and intrinsics
; mangled on address-spaced pointers are redeclared for generic ones.
; RUN: %opt -passes=drawbridge-collapse-address-spaces -S %s | FileCheck %s

@tile = internal addrspace(3) global [64 x float] undef, align 4
@dev = addrspace(1) externally_initialized global [4 x i32] zeroinitializer, align 4
@table = internal addrspace(4) constant [2 x i32] [i32 1, i32 2], align 4
@coeffs = addrspace(4) externally_initialized global [2 x float] zeroinitializer, align 4

; CHECK: @tile = internal global [64 x float] undef, align 4, !drawbridge.shared
; CHECK: @dev = externally_initialized global [4 x i32] zeroinitializer, align 4, !drawbridge.device_var
; CHECK: @table = internal constant [2 x i32] [i32 1, i32 2], align 4{{$}}
; CHECK: @coeffs = externally_initialized global [2 x float] zeroinitializer, align 4, !drawbridge.device_var ![[MD:[0-9]+]], !drawbridge.constant ![[MD]]

define float @use(i64 %i, ptr %src) {
; CHECK-LABEL: define float @use(
; CHECK-NEXT: %p = getelementptr inbounds [64 x float], ptr @tile, i64 0, i64 %i
; CHECK-NEXT: %q = getelementptr inbounds i32, ptr @dev, i64 %i
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr @tile, ptr %src, i64 16, i1 false)
; CHECK-NEXT: %v = load float, ptr %p
; CHECK-NEXT: %w = load i32, ptr getelementptr inbounds ([2 x i32], ptr @table, i64 0, i64 1)
  %p = getelementptr inbounds [64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %i
  %cast = addrspacecast ptr addrspace(1) @dev to ptr
  %q = getelementptr inbounds i32, ptr %cast, i64 %i
  call void @llvm.memcpy.p3.p0.i64(ptr addrspace(3) @tile, ptr %src, i64 16, i1 false)
  %v = load float, ptr %p
  %w = load i32, ptr addrspace(4) getelementptr inbounds ([2 x i32], ptr addrspace(4) @table, i64 0, i64 1)
  store i32 %w, ptr %q
  ret float %v
}

declare void @llvm.memcpy.p3.p0.i64(ptr addrspace(3), ptr, i64, i1)
