#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Turns atomics on __shared__ variables into plain read-modify-write sequences: a block runs on
// one worker thread, so nothing else can touch its shared memory in between, and a locked
// instruction costs an order of magnitude more than the load and store it replaces.
class LocalizeSharedAtomicsPass : public llvm::PassInfoMixin<LocalizeSharedAtomicsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
