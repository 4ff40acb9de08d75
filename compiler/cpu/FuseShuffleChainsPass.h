#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Computes a warp's tree of shuffles (`for (d = 16; d > 0; d /= 2) v += __shfl_down_sync(~0u,
// v, d)`) in vectors of the warp's 32 lanes. Each shuffle is a site, and so a region of its own
// with a pass over the whole block; after this pass the first shuffle alone is a site. Where
// only lanes a branch singles out use the results (`if (lane == 0) y[row] = v`), those lanes
// read every lane's offer from its slots and do the rest with vector shuffles and arithmetic;
// where every lane uses them, lane 0 does and hands each lane its values across one warp
// barrier. The same operations in the same order, so the same bits.
class FuseShuffleChainsPass : public llvm::PassInfoMixin<FuseShuffleChainsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
