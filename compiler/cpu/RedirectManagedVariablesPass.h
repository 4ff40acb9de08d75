#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Makes device code reach each __managed__ variable through a pointer the runtime can aim at
// the host side's copy of the variable, so that host and device share one variable.
class RedirectManagedVariablesPass : public llvm::PassInfoMixin<RedirectManagedVariablesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
