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

MDNode *copyLoopID(LLVMContext &Ctx, const MDNode *ID, ArrayRef<Metadata *> Extra) {
  SmallVector<Metadata *> Ops{nullptr};
  if (ID)
    append_range(Ops, drop_begin(ID->operands()));
  append_range(Ops, Extra);
  MDNode *Copy = MDNode::getDistinct(Ctx, Ops);
  Copy->replaceOperandWith(0, Copy);
  return Copy;
}

void addLoopAttribute(Loop &L, Metadata *Attribute) {
  L.setLoopID(copyLoopID(L.getHeader()->getContext(), L.getLoopID(), {Attribute}));
}

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

bool reachesAddress(const Value &V, unsigned Depth) {
  if (Depth > 4)
    return false;
  for (const User *U : V.users()) {
    if (const auto *GEP = dyn_cast<GetElementPtrInst>(U); GEP && GEP->getPointerOperand() != &V)
      return true;
    if ((isa<CastInst>(U) || isa<BinaryOperator>(U) || isa<SelectInst>(U)) &&
        reachesAddress(*U, Depth + 1))
      return true;
  }
  return false;
}

static bool isCopyableFromHeader(const Value *V, const Loop &L, unsigned Depth) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return true;
  if (isa<PHINode>(I))
    return I->getParent() == L.getHeader();
  if (Depth > 8 || !(isa<CastInst>(I) || isa<BinaryOperator>(I) || isa<ICmpInst>(I)) ||
      I->isIntDivRem())
    return false;
  return all_of(I->operands(),
                [&](const Value *Op) { return isCopyableFromHeader(Op, L, Depth + 1); });
}

bool isCopyableFromHeader(const Value *V, const Loop &L) { return isCopyableFromHeader(V, L, 0); }

Value *copyFromHeader(Value *V, const Loop &L, IRBuilderBase &B, ValueToValueMapTy &Copies) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L.contains(I))
    return V;
  if (Value *Known = Copies.lookup(I))
    return Known;
  Instruction *Copy = I->clone();
  for (Use &Op : Copy->operands())
    Op.set(copyFromHeader(Op.get(), L, B, Copies));
  B.Insert(Copy, I->getName() + ".copy");
  Copies[I] = Copy;
  return Copy;
}

Value *branchCondition(const Instruction &Term) {
  if (const auto *Br = dyn_cast<BranchInst>(&Term); Br && Br->isConditional())
    return Br->getCondition();
  if (const auto *Switch = dyn_cast<SwitchInst>(&Term))
    return Switch->getCondition();
  return nullptr;
}

bool exitDependsOn(const Loop &L, function_ref<bool(const Instruction &)> Source) {
  SmallVector<BasicBlock *> Exiting;
  L.getExitingBlocks(Exiting);
  SmallVector<Value *> Worklist;
  for (BasicBlock *BB : Exiting)
    if (Value *Condition = branchCondition(*BB->getTerminator()))
      Worklist.push_back(Condition);
  SmallPtrSet<Value *, 16> Seen;
  while (!Worklist.empty()) {
    auto *I = dyn_cast<Instruction>(Worklist.pop_back_val());
    if (!I || !L.contains(I) || !Seen.insert(I).second)
      continue;
    if (Source(*I))
      return true;
    append_range(Worklist, I->operands());
  }
  return false;
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
