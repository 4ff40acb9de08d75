#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Replaces device builtins that have a direct CPU meaning (clock, timers, fences, sleep, trap,
// device printf) by host code or runtime calls, and reports what the CPU target cannot run
// (NVVM intrinsics without a CPU lowering) as compile errors.
class LowerDeviceBuiltinsPass : public llvm::PassInfoMixin<LowerDeviceBuiltinsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
