#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives spin-wait loops a yield site on their back edge, so that a thread waiting for another
// thread of its block (through a volatile or atomic flag) lets that thread run.
class InsertSpinYieldsPass : public llvm::PassInfoMixin<InsertSpinYieldsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
