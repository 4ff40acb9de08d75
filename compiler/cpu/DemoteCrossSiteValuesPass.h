#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Makes every value a thread needs on both sides of a synchronisation site live in memory:
// site calls get blocks of their own, SSA values live across a site are demoted to locals,
// and locals whose contents must survive a site are marked per-thread (KernelInfo.h). After
// this pass no SSA value crosses a site, which is what lets FormThreadRegionsPass cut the
// kernel into independent region functions.
class DemoteCrossSiteValuesPass : public llvm::PassInfoMixin<DemoteCrossSiteValuesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
