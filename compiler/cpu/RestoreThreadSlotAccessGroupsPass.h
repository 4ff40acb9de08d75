#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives back the thread loop's access group to the accesses of the per-thread context arrays
// (kThreadSlotsMD) that lost it. The -O pipeline's MergedLoadStoreMotion sinks the two stores
// of an if/else into one store of a phi (`state[t] = waits-at-site` on one side, `= exited` on
// the other) and drops the metadata LLVM does not know how to merge, the access group among
// it. One access outside the loop's group makes the loop no longer parallel, and the
// vectoriser then adds runtime alias checks between every pair of arrays the loop touches
// and a scalar copy of the loop to fall back on: more code to compile and slower code to run.
// Thread t only ever touches slot t of these arrays in a thread loop, so every access through
// them is parallel, whatever pass made it.
class RestoreThreadSlotAccessGroupsPass
    : public llvm::PassInfoMixin<RestoreThreadSlotAccessGroupsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
