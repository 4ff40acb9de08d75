#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Turns a phi in a thread loop that chooses between two loop-invariant values, on a path
// decided by loop-invariant branches, into a select in the loop's preheader. A 2D stencil
// stages its halo rows with `if (threadIdx.y == 0) tile[0][tx] = in[y - 1]` and
// `if (threadIdx.y == BY - 1) tile[BY + 1][tx] = in[y + 1]`; LLVM sinks the two stores into
// one whose row is such a phi, and the vectoriser, which cannot see that a phi inside the loop
// is the same for every thread of the row, makes a gather and a scatter of it. As a select
// outside the loop the row is uniform: the accesses become contiguous masked ones.
class HoistInvariantChoicesPass : public llvm::PassInfoMixin<HoistInvariantChoicesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
