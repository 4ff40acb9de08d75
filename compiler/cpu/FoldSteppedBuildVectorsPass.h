#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Rebuilds a vector of integers that the loop vectoriser assembles lane by lane, where lane k
// is lane 0 plus k steps of a constant (a thread's index t, t + 1, ..., t + N - 1), as one
// splat of lane 0 plus a constant vector. The vectoriser makes such a chain of scalar adds and
// insertelements when an index it also uses as a scalar, widened to 64 bits by IndVarSimplify,
// is needed as a vector too: a shuffle region's `t & 31` for the lane within the warp, a dozen
// instructions a vector iteration where two do.
class FoldSteppedBuildVectorsPass : public llvm::PassInfoMixin<FoldSteppedBuildVectorsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
