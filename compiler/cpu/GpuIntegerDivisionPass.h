#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives integer division and remainder in device code the results NVIDIA GPUs give where C++
// leaves them undefined: a zero divisor yields all bits set, and the most negative value
// divided by -1 wraps. An x86 division would raise SIGFPE and fail the whole launch.
class GpuIntegerDivisionPass : public llvm::PassInfoMixin<GpuIntegerDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
