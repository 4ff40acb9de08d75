#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Moves every global and pointer into address space 0: on the CPU, global, shared, constant
// and local memory are all ordinary memory. Globals that were __shared__ or user-visible
// device variables keep that fact as metadata (KernelInfo.h) for later passes.
class CollapseAddressSpacesPass : public llvm::PassInfoMixin<CollapseAddressSpacesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
