#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives a 2D or 3D region's row loop a copy for the rows that take a branch the whole row takes
// alike. A tiled stencil stages its halo rows with `if (threadIdx.y == 0) tile[0][tx] = ...` and
// `if (threadIdx.y == BY - 1) ...`: the condition is the same for every thread of a row, but the
// vectoriser predicates it, so every row computed masks for, and ran masked loads and stores
// of, halo rows that only its first and last rows write. LLVM's own unswitching leaves such a
// branch when the loop is larger than its threshold. Here the row loop is cloned behind the
// condition: the copy keeps the branch and runs the rows that take it, the loop itself runs the
// others with the branch gone. Only conditions on the row's index alone count: a bounds check
// on a row (`y + j < rows`) stays a mask, as each such check unswitched doubles the loops.
class UnswitchRowInvariantBranchesPass
    : public llvm::PassInfoMixin<UnswitchRowInvariantBranchesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
