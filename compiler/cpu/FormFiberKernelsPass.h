#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// The fallback for kernels that region formation cannot cut: those that reach a barrier, a
// warp collective, a thread index or shared memory through a function that could not be
// inlined (recursion). Each thread of such a kernel runs on a fiber of its own; sites become
// runtime calls that switch fibers. The kernels are named in !drawbridge.fiber_kernels.
class FormFiberKernelsPass : public llvm::PassInfoMixin<FormFiberKernelsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
