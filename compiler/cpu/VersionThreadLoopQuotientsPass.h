#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives a thread loop that divides the thread's flat index by an invariant divisor
// (`offsets[i / TILE]`, `row = i / width`) a copy for the blocks whose threads all have the same
// quotient, in which the quotient is computed once and the remainder is affine in the thread:
// the vectoriser then loads `offsets[q]` once and `in[row][col]` contiguously, where it
// gathered one element a thread.
class VersionThreadLoopQuotientsPass : public llvm::PassInfoMixin<VersionThreadLoopQuotientsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
