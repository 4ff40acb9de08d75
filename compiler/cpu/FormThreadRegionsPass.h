#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Cuts each kernel at its synchronisation sites into region functions that loop over the
// block's threads (see runtime/abi/CpuAbi.h), gives __shared__ variables their offsets in
// the block's shared memory and per-thread locals their slots in the block's frame, and emits
// the kernel's descriptor. The kernel function itself is removed.
//
// StripDebugInfo: the caller drops debug information after this pass (no -g); each kernel's
// goes before its regions are built, once the errors that name source lines are reported, so
// that a region is a copy of only the code it runs rather than of the whole kernel with its
// debug metadata.
class FormThreadRegionsPass : public llvm::PassInfoMixin<FormThreadRegionsPass> {
public:
  explicit FormThreadRegionsPass(bool StripDebugInfo = false) : StripDebugInfo(StripDebugInfo) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  bool StripDebugInfo;
};

} // namespace drawbridge::cpu
