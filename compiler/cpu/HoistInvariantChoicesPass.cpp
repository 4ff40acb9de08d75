// HoistInvariantChoicesPass; see HoistInvariantChoicesPass.h.
//
// For a phi P with two incoming values V1 (from B1) and V2 (from B2), both invariant in the
// innermost thread loop L that holds P: the facts of an edge are the conditions, invariant in
// L, of the branches that every path from L's header to it takes one way (found by walking up
// the dominator tree from the edge's source: a block whose only predecessor ends in a
// conditional branch adds that branch's condition, true or false; the edge itself adds its
// source's branch). If B1's edge has a fact C = c and B2's edge the fact C != c, P reaching
// from B1 means C == c and from B2 means C != c, so P equals `select(C == c, V1, V2)` wherever
// it is reached; the condition's instructions have invariant operands and are hoisted with it.
// (A condition is not poison where a branch on it was taken, and both edges branch on C.)
#include "HoistInvariantChoicesPass.h"

#include "KernelInfo.h"
#include "ThreadLoops.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

struct Fact {
  Value *Condition;
  bool Holds;
};

// The facts that hold on the edge From -> To inside L.
SmallVector<Fact, 4> edgeFacts(BasicBlock *From, BasicBlock *To, const Loop &L,
                               const DominatorTree &DT) {
  SmallVector<Fact, 4> Facts;
  auto AddBranch = [&](BasicBlock *Source, BasicBlock *Target) {
    auto *Br = dyn_cast<BranchInst>(Source->getTerminator());
    if (!Br || !Br->isConditional() || Br->getSuccessor(0) == Br->getSuccessor(1))
      return;
    auto *Condition = dyn_cast<Instruction>(Br->getCondition());
    if (Condition ? !L.hasLoopInvariantOperands(Condition) || Condition->mayReadOrWriteMemory() ||
                        !isSafeToSpeculativelyExecute(Condition)
                  : !L.isLoopInvariant(Br->getCondition()))
      return;
    Facts.push_back({Br->getCondition(), Br->getSuccessor(0) == Target});
  };
  AddBranch(From, To);
  for (DomTreeNode *N = DT.getNode(From); N && L.contains(N->getBlock()); N = N->getIDom()) {
    BasicBlock *BB = N->getBlock();
    if (BasicBlock *Pred = BB->getSinglePredecessor(); Pred && L.contains(Pred))
      AddBranch(Pred, BB);
  }
  return Facts;
}

// A fact of First that Second has the other way round.
std::optional<Fact> separatingFact(ArrayRef<Fact> First, ArrayRef<Fact> Second) {
  for (const Fact &A : First)
    for (const Fact &B : Second)
      if (A.Condition == B.Condition && A.Holds != B.Holds)
        return A;
  return std::nullopt;
}

// Whether V goes, through arithmetic, casts and address computations, into the address of a
// load or store: the choices this pass is for pick a row of memory. A choice of what to store
// (a thread's next state, say) gains nothing from being made early, and the vectoriser's
// if-conversion handles it as well or better in place.
bool feedsAddress(const Value &V) {
  SmallVector<const Value *, 8> Work{&V};
  SmallPtrSet<const Value *, 16> Seen;
  while (!Work.empty()) {
    const Value *Cur = Work.pop_back_val();
    if (!Seen.insert(Cur).second || Seen.size() > 32)
      continue;
    for (const User *U : Cur->users()) {
      if (auto *Load = dyn_cast<LoadInst>(U); Load && Load->getPointerOperand() == Cur)
        return true;
      if (auto *Store = dyn_cast<StoreInst>(U); Store && Store->getPointerOperand() == Cur)
        return true;
      if (isa<GetElementPtrInst>(U) || isa<CastInst>(U) || isa<BinaryOperator>(U))
        Work.push_back(U);
    }
  }
  return false;
}

bool hoistChoices(Loop &L, const DominatorTree &DT) {
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Preheader)
    return false;
  bool Changed = false;
  for (BasicBlock *BB : L.blocks()) {
    if (BB == L.getHeader())
      continue;
    for (PHINode &P : make_early_inc_range(BB->phis())) {
      if (P.getNumIncomingValues() != 2 || !L.isLoopInvariant(P.getIncomingValue(0)) ||
          !L.isLoopInvariant(P.getIncomingValue(1)) || !feedsAddress(P))
        continue;
      SmallVector<Fact, 4> First = edgeFacts(P.getIncomingBlock(0), BB, L, DT);
      SmallVector<Fact, 4> Second = edgeFacts(P.getIncomingBlock(1), BB, L, DT);
      std::optional<Fact> Separating = separatingFact(First, Second);
      if (!Separating)
        continue;
      bool Hoisted = false;
      if (!L.makeLoopInvariant(Separating->Condition, Hoisted, Preheader->getTerminator()))
        continue;
      IRBuilder<> B(Preheader->getTerminator());
      Value *Choice =
          B.CreateSelect(Separating->Condition, P.getIncomingValue(Separating->Holds ? 0 : 1),
                         P.getIncomingValue(Separating->Holds ? 1 : 0), P.getName() + ".choice");
      P.replaceAllUsesWith(Choice);
      P.eraseFromParent();
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

PreservedAnalyses HoistInvariantChoicesPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (Loop *L : threadLoopsInnerFirst(LI))
    if (L->isInnermost())
      Changed |= hoistChoices(*L, DT);
  return preservedAfterInstructionEdits(Changed);
}

} // namespace drawbridge::cpu
