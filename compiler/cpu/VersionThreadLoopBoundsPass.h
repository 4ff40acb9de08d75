#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives a thread loop a copy without its bounds checks, for the threads that pass them all.
// CUDA kernels guard their work with checks such as `if (i < n)`, i affine in the thread
// index: in a thread loop the vectoriser turns such a branch into masked loads and stores,
// which on current x86 processors stream memory at a fraction of the speed of plain ones.
// Before vectorisation, a thread loop whose branches compare a value that moves monotonically
// with the thread index (or does not move) against a loop-invariant bound is versioned: when
// the comparison holds at both ends of the loop's range, and the value cannot wrap between
// them, it holds for every thread, and the copy runs with the branch taken unconditionally.
// Only the last, partial block of a grid usually runs the checked loop.
class VersionThreadLoopBoundsPass : public llvm::PassInfoMixin<VersionThreadLoopBoundsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
