// A function's loop analyses, built in place; see FunctionLoopAnalyses.h.
#include "FunctionLoopAnalyses.h"

#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace drawbridge::cpu {

FunctionLoopAnalyses::FunctionLoopAnalyses(Function &F)
    : DT(F), LI(DT), TLII(Triple(F.getParent()->getTargetTriple())), TLI(TLII, &F), AC(F),
      SE(F, TLI, AC, DT, LI) {}

} // namespace drawbridge::cpu
