#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Puts a barrier on the back edge of inner loops that every thread of the block runs the same
// number of times (a loop over a shared-memory tile, say), so that the thread loop moves inside
// them and each iteration runs as one vectorisable loop across the block's threads.
class LockstepUniformLoopsPass : public llvm::PassInfoMixin<LockstepUniformLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
