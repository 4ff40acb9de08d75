#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Runs the inner loop of a run of threads (FormQuotientRuns: the lanes of one warp) one
// iteration at a time across the run, where each thread ran all of its own iterations before
// the next thread began. A warp-per-row loop (`for (k = rowStart[row] + lane; k <
// rowStart[row + 1]; k += 32)`) then vectorises across the lanes, reading a warp's values and
// columns contiguously, where the vectoriser left each lane's loop scalar. Rows of 32 threads
// of a 2D block (threadIdx.x the lane) get the same.
class LockstepRunLoopsPass : public llvm::PassInfoMixin<LockstepRunLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
