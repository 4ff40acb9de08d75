#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Rewrites every NVVM barrier and warp collective into one form, a synchronisation site:
// `__drawbridge_site_store(in, aux)` then `__drawbridge_site(kind)`, plus the plain IR that
// derives the collective's result from the exchanged value. Afterwards the site calls are the
// only synchronisation the region passes need to know about.
class NormalizeSitesPass : public llvm::PassInfoMixin<NormalizeSitesPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
