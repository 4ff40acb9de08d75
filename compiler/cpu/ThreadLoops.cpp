// Thread-loop recognition; see ThreadLoops.h.
#include "ThreadLoops.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <algorithm>

using namespace llvm;

namespace drawbridge::cpu {

bool isThreadLoop(const Loop &L) {
  MDNode *ID = L.getLoopID();
  if (!ID)
    return false;
  for (const MDOperand &Op : ID->operands())
    if (auto *N = dyn_cast<MDNode>(Op.get()))
      if (auto *S =
              dyn_cast_or_null<MDString>(N->getNumOperands() ? N->getOperand(0).get() : nullptr))
        if (S->getString() == "llvm.loop.parallel_accesses")
          return true;
  return false;
}

SmallVector<Loop *> threadLoopsInnerFirst(const LoopInfo &LI) {
  SmallVector<Loop *> ThreadLoops;
  for (Loop *L : LI.getLoopsInPreorder())
    if (isThreadLoop(*L))
      ThreadLoops.push_back(L);
  std::reverse(ThreadLoops.begin(), ThreadLoops.end());
  return ThreadLoops;
}

Loop *cloneLoopBehindGuard(Loop &L, Value *Guard, const Twine &Suffix, LoopInfo &LI,
                           DominatorTree &DT, ValueToValueMapTy &VMap) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Exit = L.getExitBlock();
  SmallSetVector<BasicBlock *, 4> Exiting;
  for (BasicBlock *Pred : predecessors(Exit))
    if (L.contains(Pred))
      Exiting.insert(Pred);
  BasicBlock *ExitDominator = DT.getNode(Exit)->getIDom()->getBlock();
  // The copy is entered from a preheader of its own placed before L's (Dispatch).
  SmallVector<BasicBlock *> Blocks;
  BasicBlock *Dispatch = SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI);
  Loop *Copy = cloneLoopWithPreheader(Dispatch, Preheader, &L, VMap, Suffix, &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  BasicBlock *CopyPreheader = Copy->getLoopPreheader();
  CopyPreheader->getTerminator()->setSuccessor(0, cast<BasicBlock>(VMap[L.getHeader()]));
  Instruction *OldTerm = Preheader->getTerminator();
  BranchInst::Create(CopyPreheader, Dispatch, Guard, OldTerm);
  OldTerm->eraseFromParent();
  DT.changeImmediateDominator(CopyPreheader, Preheader);
  for (PHINode &Phi : Exit->phis())
    for (BasicBlock *From : Exiting) {
      Value *In = Phi.getIncomingValueForBlock(From);
      Value *Mapped = VMap.count(In) ? static_cast<Value *>(VMap[In]) : In;
      Phi.addIncoming(Mapped, cast<BasicBlock>(VMap[From]));
    }
  DT.changeImmediateDominator(Exit, DT.findNearestCommonDominator(ExitDominator, Preheader));
  return Copy;
}

bool mergeRepeatedIncrement(Value *&Increment, ScalarEvolution &SE, const DominatorTree &DT) {
  Value *V = Increment;
  while (auto *Cast = dyn_cast<CastInst>(V))
    V = Cast->getOperand(0);
  auto *Phi = dyn_cast<PHINode>(V);
  if (!Phi || Phi->getNumIncomingValues() < 2)
    return false;
  auto *First = dyn_cast<BinaryOperator>(Phi->getIncomingValue(0));
  if (!First)
    return false;
  for (Value *In : Phi->incoming_values())
    if (!isa<Instruction>(In) || !cast<Instruction>(In)->isIdenticalTo(First))
      return false;
  for (Value *Op : First->operands())
    if (auto *I = dyn_cast<Instruction>(Op); I && !DT.dominates(I, Phi->getParent()))
      return false;
  Instruction *Merged = First->clone();
  Merged->insertBefore(Phi->getParent()->getFirstInsertionPt());
  Merged->takeName(Phi);
  SE.forgetValue(Phi);
  Phi->replaceAllUsesWith(Merged);
  if (Increment == Phi)
    Increment = Merged;
  Phi->eraseFromParent();
  return true;
}

unsigned instructionCount(const Loop &L) {
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    Size += BB->size();
  return Size;
}

PreservedAnalyses versionThreadLoops(
    Function &F, FunctionAnalysisManager &FAM,
    function_ref<bool(Loop &, LoopInfo &, DominatorTree &, ScalarEvolution &)> Version) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    Changed |= Version(*L, LI, DT, SE);
    SE.forgetLoop(L);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

std::optional<RowLatch> parseRowLatch(Loop &L, unsigned MaxInstructions, LoopInfo &LI,
                                      DominatorTree &DT, ScalarEvolution &SE, bool &Changed) {
  Changed = false;
  if (instructionCount(L) > MaxInstructions)
    return std::nullopt;
  Changed = simplifyLoop(&L, &DT, &LI, &SE, nullptr, nullptr, /*PreserveLCSSA=*/false);
  Changed |= formLCSSA(L, DT, &LI, &SE);
  if (!L.isLoopSimplifyForm() || !L.getExitBlock())
    return std::nullopt;
  auto *Latch = dyn_cast<BranchInst>(L.getLoopLatch()->getTerminator());
  auto *Cmp = Latch && Latch->isConditional() ? dyn_cast<ICmpInst>(Latch->getCondition()) : nullptr;
  if (!Cmp || Latch->getSuccessor(0) != L.getHeader())
    return std::nullopt;
  unsigned EndOperand = 1;
  if (Cmp->getPredicate() == ICmpInst::ICMP_UGT)
    EndOperand = 0;
  else if (Cmp->getPredicate() != ICmpInst::ICMP_ULT)
    return std::nullopt;
  Value *NextValue = Cmp->getOperand(1 - EndOperand), *EndValue = Cmp->getOperand(EndOperand);
  Changed |= mergeRepeatedIncrement(NextValue, SE, DT);
  SE.forgetLoop(&L);
  auto *Next = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(NextValue));
  if (!Next || Next->getLoop() != &L || !Next->getStepRecurrence(SE)->isOne() ||
      !L.isLoopInvariant(EndValue))
    return std::nullopt;
  return RowLatch{Latch, Cmp, EndOperand, NextValue, EndValue, Next};
}

} // namespace drawbridge::cpu
