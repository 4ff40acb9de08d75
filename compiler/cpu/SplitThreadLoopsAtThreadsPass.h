#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Splits a thread loop around the threads that a branch singles out. GPU code gives the first
// or last thread of a row extra work (`if (threadIdx.x == 0)` loads a stencil's halo); in a
// vectorised thread loop that branch becomes a masked store per lane to one address, which
// costs more than the rest of the loop. The loop is split into a loop over the threads up to
// and including the low ones (`== 0`, `< RADIUS`), a main loop over the threads in between,
// and a loop over the high ones (`== 31`, `>= blockDim.x - RADIUS`) onward; in the main loop
// the branches are known. Threads of a region are independent (the loop is marked parallel), so
// running them in three loops instead of one changes nothing but speed.
class SplitThreadLoopsAtThreadsPass : public llvm::PassInfoMixin<SplitThreadLoopsAtThreadsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
