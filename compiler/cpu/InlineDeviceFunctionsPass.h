#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Inlines every device function into the kernels that call it, whatever its inline hints, so
// that barriers and warp collectives in callees become visible to region formation. Only
// recursive functions stay calls. With TidyCallees (above -O0), each callee is simplified once
// before it is copied into its callers.
class InlineDeviceFunctionsPass : public llvm::PassInfoMixin<InlineDeviceFunctionsPass> {
public:
  explicit InlineDeviceFunctionsPass(bool TidyCallees = true) : TidyCallees(TidyCallees) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  bool TidyCallees;
};

} // namespace drawbridge::cpu
