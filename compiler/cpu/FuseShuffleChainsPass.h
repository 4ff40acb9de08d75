#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Computes a warp's tree of shuffles (`for (d = 16; d > 0; d /= 2) v += __shfl_down_sync(~0u,
// v, d)`) in one vector of the warp's 32 lanes, where only the lanes a branch singles out use
// its results (`if (lane == 0) y[row] = v`). Each shuffle is a site, and so a region of its own
// with a pass over the whole block; after this pass the first shuffle alone is a site, and the
// singled-out lanes read every lane's offer from its slots and do the rest with vector
// shuffles and arithmetic, the same operations in the same order, so the same bits.
class FuseShuffleChainsPass : public llvm::PassInfoMixin<FuseShuffleChainsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
