// Replaces reads of the thread's special registers (llvm.nvvm.read.ptx.sreg.*: threadIdx,
// blockIdx, blockDim, gridDim, lane and warp ids, ...) with values the caller provides: loop
// variables in region functions, per-fiber state in fiber kernels.
#pragma once

#include "llvm/IR/Function.h"
#include "llvm/IR/Value.h"

namespace drawbridge::cpu {

struct ThreadValues {
  llvm::Value *Tid[3] = {};
  llvm::Value *BlockDim[3] = {};
  llvm::Value *BlockIdx[3] = {};
  llvm::Value *GridDim[3] = {};
  llvm::Value *LinearIndex = nullptr; // i32: the thread's index within its block
  llvm::Value *NumThreads = nullptr;  // i32
};

void lowerThreadQueries(llvm::Function &F, const ThreadValues &Values);

} // namespace drawbridge::cpu
