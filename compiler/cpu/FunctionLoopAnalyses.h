// Dominators, loops and scalar evolution of one function, for the module passes that need them
// and have no function analysis manager to ask (RebaseSiteLoopInductionsPass, PhiStandIns).
#pragma once

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"

namespace drawbridge::cpu {

struct FunctionLoopAnalyses {
  explicit FunctionLoopAnalyses(llvm::Function &F);

  llvm::DominatorTree DT;
  llvm::LoopInfo LI;
  llvm::TargetLibraryInfoImpl TLII;
  llvm::TargetLibraryInfo TLI;
  llvm::AssumptionCache AC;
  llvm::ScalarEvolution SE;
};

} // namespace drawbridge::cpu
