#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Makes loops that stride by blockDim or gridDim (grid-stride and block-stride loops) advance
// one iteration at a time across the block's threads, so that neighbouring threads touch
// neighbouring memory together, as they do on a GPU.
class LockstepStrideLoopsPass : public llvm::PassInfoMixin<LockstepStrideLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
