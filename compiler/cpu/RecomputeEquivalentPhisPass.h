#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Replaces a phi whose incoming values are one computation made separately on each path (the
// same operations on the same operands) by that computation in the phi's block. Such a phi is
// what SimplifyCFG and GVN leave when both arms of a branch store to the same element
// (`if (border) out[i] = in[i]; else out[i] = f(...)`, the store sunk below the branch with a
// phi of the two copies of `i`): the loop vectoriser cannot see through the phi, so the
// address is not affine in the thread index and the store becomes a scatter. Only phis that
// lead to an address are recomputed.
class RecomputeEquivalentPhisPass : public llvm::PassInfoMixin<RecomputeEquivalentPhisPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
