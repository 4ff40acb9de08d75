#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Writes each per-thread induction variable of a uniform loop that holds a site (a 2.5D
// stencil's `idx += stride` as its block marches along z, a pointer stepped a plane at a time)
// as its start plus the loop's iteration count times its step. Carried round the loop, the
// variable crosses the loop's barriers in a per-thread slot, and every region past them reads
// it from there: the vectoriser sees `in[slot[t]]`, a gather, and `out[slot[t]] = v`, a
// scatter. As `start + k * step`, with the start an expression of the thread index and the
// count uniform, DemoteCrossSiteValuesPass computes the variable again past each site, and the
// accesses are affine in the thread index: vector loads and stores.
class RebaseSiteLoopInductionsPass : public llvm::PassInfoMixin<RebaseSiteLoopInductionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
