// RestoreThreadSlotAccessGroupsPass; see RestoreThreadSlotAccessGroupsPass.h.
//
// A thread loop's llvm.loop.parallel_accesses names the access groups its parallel accesses
// carry (the loop versioning passes copy loops, and the copies keep the group). An access in
// the loop without a group whose address is based only on kThreadSlotsMD loads (through
// getUnderlyingObjects, which follows the phis of a merged store's address) joins the first
// of them. An access already in some group is left alone, and so is every other access: a
// kernel's own pointers may alias, and the plain accesses that stand for shared atomics go
// through the shared-memory pointer, which is not marked.
#include "RestoreThreadSlotAccessGroupsPass.h"

#include "KernelInfo.h"
#include "ScopeBlockMemory.h"
#include "ThreadLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace drawbridge::cpu {
PreservedAnalyses RestoreThreadSlotAccessGroupsPass::run(Function &F,
                                                         FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    MDNode *Parallel = findOptionMDForLoop(L, "llvm.loop.parallel_accesses");
    auto *Group = Parallel && Parallel->getNumOperands() > 1
                      ? dyn_cast<MDNode>(Parallel->getOperand(1).get())
                      : nullptr;
    if (!Group)
      continue;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        if (!isa<LoadInst, StoreInst>(I) || I.hasMetadata(LLVMContext::MD_access_group))
          continue;
        if (!isThreadSlotAddress(getLoadStorePointerOperand(&I)))
          continue;
        I.setMetadata(LLVMContext::MD_access_group, Group);
        Changed = true;
      }
  }
  return preservedAfterInstructionEdits(Changed);
}

} // namespace drawbridge::cpu
