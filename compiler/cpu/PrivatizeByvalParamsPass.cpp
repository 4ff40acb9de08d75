// PrivatizeByvalParamsPass: per-thread copies of written by-value parameters.
//
// Clang passes struct kernel parameters "byval": the kernel receives a pointer to its own
// copy. On the CPU the region functions point such a parameter straight at the launch's
// argument buffer, which every thread of every block shares. That is right while the kernel
// only reads it; a kernel that assigns to its parameter needs a private copy per thread, so
// the pass copies it into a local at kernel entry. Later passes keep that local per thread.
#include "PrivatizeByvalParamsPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-privatize-byval-params"

STATISTIC(NumPrivatized, "By-value kernel parameters copied per thread");

namespace drawbridge::cpu {
namespace {

// True if memory reached through P may be written or P escapes.
bool mayBeWrittenThrough(Value *P) {
  SmallVector<Value *> Worklist{P};
  SmallPtrSet<Value *, 8> Seen;
  while (!Worklist.empty()) {
    Value *V = Worklist.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (User *U : V->users()) {
      if (isa<LoadInst>(U))
        continue;
      if (isa<GetElementPtrInst>(U) || isa<PHINode>(U) || isa<SelectInst>(U) ||
          isa<AddrSpaceCastInst>(U)) {
        Worklist.push_back(U);
        continue;
      }
      if (auto *II = dyn_cast<IntrinsicInst>(U)) {
        if (II->isLifetimeStartOrEnd())
          continue;
        if (auto *MT = dyn_cast<MemTransferInst>(II); MT && MT->getDest() != V)
          continue; // only read as a copy source
      }
      if (auto *CB = dyn_cast<CallBase>(U)) {
        bool OnlyReads = true;
        for (unsigned I = 0; I < CB->arg_size(); ++I)
          if (CB->getArgOperand(I) == V && !CB->onlyReadsMemory(I))
            OnlyReads = false;
        if (OnlyReads && !CB->mayWriteToMemory())
          continue;
      }
      return true;
    }
  }
  return false;
}

} // namespace

PreservedAnalyses PrivatizeByvalParamsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (!isKernel(F) || F.isDeclaration())
      continue;
    for (Argument &Arg : F.args()) {
      if (!Arg.hasByValAttr() || !mayBeWrittenThrough(&Arg))
        continue;
      IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
      Type *Ty = Arg.getParamByValType();
      const DataLayout &DL = M.getDataLayout();
      Align Alignment = Arg.getParamAlign().value_or(DL.getABITypeAlign(Ty));
      AllocaInst *Copy = B.CreateAlloca(Ty, nullptr, Arg.getName() + ".private");
      Copy->setAlignment(Alignment);
      Arg.replaceAllUsesWith(Copy);
      B.CreateMemCpy(Copy, Alignment, &Arg, Alignment, DL.getTypeAllocSize(Ty));
      ++NumPrivatized;
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
