; Special-register reads get the ranges CUDA's launch limits give them, so that simplification
; folds tests they decide (`threadIdx.x < 2048` below); clocks get none.
; RUN: %opt -passes=drawbridge-annotate-special-register-ranges -S %s | FileCheck %s
; RUN: %opt -passes=drawbridge-annotate-special-register-ranges,instcombine -S %s \
; RUN:   | FileCheck %s --check-prefix=FOLDED

define i32 @registers() {
; CHECK-LABEL: define i32 @registers(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !range [[TID_XY:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !range [[TID_XY]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !range [[TID_Z:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !range [[NTID_XY:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !range [[NTID_Z:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !range [[CTAID_X:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !range [[CTAID_YZ:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(), !range [[NCTAID_X:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z(), !range [[NCTAID_YZ:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.laneid(), !range [[LANE:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.warpsize(), !range [[WARP:![0-9]+]]
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.clock(){{$}}
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %nz = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %gz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %lane = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %warp = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %clock = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %s1 = add i32 %tx, %ty
  %s2 = add i32 %s1, %tz
  %s3 = add i32 %s2, %nx
  %s4 = add i32 %s3, %nz
  %s5 = add i32 %s4, %bx
  %s6 = add i32 %s5, %by
  %s7 = add i32 %s6, %gx
  %s8 = add i32 %s7, %gz
  %s9 = add i32 %s8, %lane
  %s10 = add i32 %s9, %warp
  %s11 = add i32 %s10, %clock
  ret i32 %s11
}

; The guard of a block-stride loop over a 2048-element tile always holds.
define i1 @tile_guard() {
; FOLDED-LABEL: define i1 @tile_guard(
; FOLDED-NEXT: ret i1 true
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %enters = icmp slt i32 %tx, 2048
  ret i1 %enters
}

; blockDim.x is never zero, and the grid's x dimension never reaches 2^31.
define i1 @sizes() {
; FOLDED-LABEL: define i1 @sizes(
; FOLDED-NEXT: ret i1 true
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %some = icmp ne i32 %nx, 0
  %positive = icmp sgt i32 %gx, 0
  %both = and i1 %some, %positive
  ret i1 %both
}

; CHECK-DAG: [[TID_XY]] = !{i32 0, i32 1024}
; CHECK-DAG: [[TID_Z]] = !{i32 0, i32 64}
; CHECK-DAG: [[NTID_XY]] = !{i32 1, i32 1025}
; CHECK-DAG: [[NTID_Z]] = !{i32 1, i32 65}
; CHECK-DAG: [[CTAID_X]] = !{i32 0, i32 2147483647}
; CHECK-DAG: [[CTAID_YZ]] = !{i32 0, i32 65535}
; CHECK-DAG: [[NCTAID_X]] = !{i32 1, i32 -2147483648}
; CHECK-DAG: [[NCTAID_YZ]] = !{i32 1, i32 65536}
; CHECK-DAG: [[LANE]] = !{i32 0, i32 32}
; CHECK-DAG: [[WARP]] = !{i32 32, i32 33}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
