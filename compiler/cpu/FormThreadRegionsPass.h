#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Cuts each kernel at its synchronisation sites into region functions that loop over the
// block's threads (see runtime/abi/CpuAbi.h), gives __shared__ variables their offsets in
// the block's shared memory and per-thread locals their slots in the block's frame, and emits
// the kernel's descriptor. The kernel function itself is removed.
class FormThreadRegionsPass : public llvm::PassInfoMixin<FormThreadRegionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
