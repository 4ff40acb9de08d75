#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives the thread loop of a region that reads threadIdx.y or threadIdx.z (marked
// kShortRowsMD) copies for a whole row of 32, of 16 and of 8 threads, in which the row's first and
// last thread are constants. A 2D block's rows are short (16 threads in a 16 x 16 tile, 32 in
// 32 x 8), and a row loop of unknown length pays for its vector loop's checks, a narrower
// epilogue and a scalar remainder in every row; with a constant length the vectoriser makes
// one or two vector iterations of it and nothing else, and the passes after it (the split at
// singled-out threads, bounds versioning) fold their own tests.
class SpecializeFullRowsPass : public llvm::PassInfoMixin<SpecializeFullRowsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
