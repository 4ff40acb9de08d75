#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives each thread its own copy of a by-value kernel parameter that the kernel writes to.
// Read-only ones stay pointers into the launch's argument buffer, shared by all threads.
class PrivatizeByvalParamsPass : public llvm::PassInfoMixin<PrivatizeByvalParamsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
