// TranslateInlinePtxPass: every inline assembly call in device code through PtxAsmTranslator.
#include "TranslateInlinePtxPass.h"

#include "KernelInfo.h"
#include "PtxAsmTranslator.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-translate-inline-ptx"

STATISTIC(NumTranslated, "Inline PTX assembly statements translated to IR");

namespace drawbridge::cpu {

PreservedAnalyses TranslateInlinePtxPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<CallInst *> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I); CI && CI->isInlineAsm())
        Calls.push_back(CI);
  for (CallInst *CI : Calls) {
    std::string AsmText = cast<InlineAsm>(CI->getCalledOperand())->getAsmString();
    std::string Why = translateInlinePtx(*CI);
    if (Why.empty()) {
      ++NumTranslated;
      continue;
    }
    diagnoseDeviceCode(*CI, "inline PTX assembly cannot run on the CPU target: " + Why +
                                " (in asm(\"" + AsmText + "\"))");
  }
  return Calls.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
