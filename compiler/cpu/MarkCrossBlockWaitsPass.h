#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Marks kernels that wait in a loop for memory another block writes (a decoupled look-back
// scan's tile flags), so that the runtime hands their blocks out in index order.
class MarkCrossBlockWaitsPass : public llvm::PassInfoMixin<MarkCrossBlockWaitsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
