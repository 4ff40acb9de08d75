#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives each read of a CUDA special register (threadIdx, blockDim, blockIdx, gridDim, the lane
// and warp size) the range of values a launch can give it, as `!range` metadata: threadIdx.x
// is below 1024, blockDim.x is 1 to 1024, and so on, the limits the runtime enforces at launch.
// Without them the simplification pipeline keeps tests such as `threadIdx.x < 2048`, the guard
// of a block-stride loop over a 2048-element tile, and the lockstep rewrites that need the
// loop's first iteration to be sure do not recognise the loop.
class AnnotateSpecialRegisterRangesPass
    : public llvm::PassInfoMixin<AnnotateSpecialRegisterRangesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
