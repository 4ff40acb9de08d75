#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Makes every volatile store to shared memory a warp convergence point, so that legacy
// warp-synchronous code (the volatile shared-memory warp reduction without __syncwarp) gives
// the results it gives on NVIDIA GPUs.
class LockstepVolatileSharedPass : public llvm::PassInfoMixin<LockstepVolatileSharedPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
