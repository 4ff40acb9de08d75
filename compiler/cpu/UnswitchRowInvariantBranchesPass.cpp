// UnswitchRowInvariantBranchesPass; see UnswitchRowInvariantBranchesPass.h.
//
// For an innermost thread loop L marked kShortRowsMD, of at most kMaxInstructions instructions:
// the first conditional branch or switch in L's blocks (not the latch, not one that leaves L)
// on a value V computed from the row's indices alone (picksRows) is taken out of L. L is cloned
// behind a guard computed in its preheader: freeze(V) for a branch, and for a switch freeze(V) ==
// C1 || freeze(V) == C2 ... over the cases that lead elsewhere than its default. In the copy a
// branch goes to its true successor and a switch stays as it is; in L a branch goes to its false
// successor and a switch to its default, and the blocks only the other way reached are left
// unreachable for SimplifyCFG. One branch a loop: the copies and L are not looked at again.
#include "UnswitchRowInvariantBranchesPass.h"

#include "KernelInfo.h"
#include "ThreadLoops.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// Larger loop bodies are not copied.
constexpr unsigned kMaxInstructions = 300;

// Depth of the arithmetic searched for the row's index.
constexpr unsigned kMaxDepth = 4;

// Whether V is computed from the row's indices alone (the header phis of Rows, the loop over a
// block's rows, such as threadIdx.y) and constants: a branch on it picks rows (`threadIdx.y ==
// 0`), where one on a kernel parameter or blockIdx is a bounds check (`y + j < rows`), which
// almost every row passes and VersionThreadLoopBounds versions instead.
bool picksRows(const Value *V, const Loop &Rows, unsigned Depth = 0) {
  if (isa<Constant>(V))
    return true;
  if (const auto *Phi = dyn_cast<PHINode>(V))
    return Phi->getParent() == Rows.getHeader();
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == kMaxDepth || !(isa<CastInst>(I) || isa<BinaryOperator>(I) || isa<CmpInst>(I)))
    return false;
  return all_of(I->operands(), [&](const Value *Op) { return picksRows(Op, Rows, Depth + 1); });
}

// The first terminator in L that branches, to blocks of L, on a value that picks rows.
Instruction *findRowInvariantBranch(const Loop &L) {
  const Loop *Rows = L.getParentLoop();
  if (!Rows)
    return nullptr;
  const BasicBlock *Latch = L.getLoopLatch();
  for (BasicBlock *BB : L.blocks()) {
    if (BB == Latch)
      continue;
    Instruction *Term = BB->getTerminator();
    Value *Condition = branchCondition(*Term);
    if (!Condition || isa<Constant>(Condition) || !L.isLoopInvariant(Condition) ||
        !picksRows(Condition, *Rows))
      continue;
    if (all_of(successors(BB), [&](const BasicBlock *S) { return L.contains(S); }))
      return Term;
  }
  return nullptr;
}

// A value no case of Switch matches, so that Switch goes to its default; none when every value
// of its type is a case.
ConstantInt *unmatchedValue(const SwitchInst &Switch) {
  auto *Ty = cast<IntegerType>(Switch.getCondition()->getType());
  for (uint64_t N = 0; N <= Switch.getNumCases(); ++N) {
    if (Ty->getBitWidth() < 64 && (N >> Ty->getBitWidth()) != 0)
      break;
    ConstantInt *Value = ConstantInt::get(Ty, N);
    if (Switch.findCaseValue(Value) == Switch.case_default())
      return Value;
  }
  return nullptr;
}

// Whether Switch has a case that leads elsewhere than its default.
bool hasOwnCase(const SwitchInst &Switch) {
  return any_of(Switch.cases(), [&](const auto &Case) {
    return Case.getCaseSuccessor() != Switch.getDefaultDest();
  });
}

// The guard, at B, of the rows that take Term's true successor or one of its switch cases.
Value *takenGuard(Instruction &Term, IRBuilderBase &B) {
  if (auto *Br = dyn_cast<BranchInst>(&Term))
    return B.CreateFreeze(Br->getCondition(), "row.taken");
  auto &Switch = cast<SwitchInst>(Term);
  Value *Row = B.CreateFreeze(Switch.getCondition(), "row.case");
  Value *Guard = nullptr;
  for (const auto &Case : Switch.cases())
    if (Case.getCaseSuccessor() != Switch.getDefaultDest()) {
      Value *Hit = B.CreateICmpEQ(Row, Case.getCaseValue());
      Guard = Guard ? B.CreateOr(Guard, Hit, "row.taken") : Hit;
    }
  return Guard;
}

bool unswitchRow(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  bool Changed = false;
  if (!parseRowLatch(L, kMaxInstructions, LI, DT, SE, Changed) || !L.getExitBlock())
    return Changed;
  Instruction *Term = findRowInvariantBranch(L);
  if (!Term)
    return Changed;
  auto *Switch = dyn_cast<SwitchInst>(Term);
  ConstantInt *Unmatched = Switch ? unmatchedValue(*Switch) : nullptr;
  if (Switch && (!Unmatched || !hasOwnCase(*Switch)))
    return Changed;
  IRBuilder<> B(L.getLoopPreheader()->getTerminator());
  Value *Guard = takenGuard(*Term, B);
  ValueToValueMapTy VMap;
  cloneLoopBehindGuard(L, Guard, ".row.taken", LI, DT, VMap);
  auto *CopyTerm = cast<Instruction>(VMap[Term]);
  LLVMContext &C = Term->getContext();
  if (auto *Br = dyn_cast<BranchInst>(CopyTerm))
    Br->setCondition(ConstantInt::getTrue(C));
  if (Switch)
    Switch->setCondition(Unmatched);
  else
    cast<BranchInst>(Term)->setCondition(ConstantInt::getFalse(C));
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  ConstantFoldTerminator(CopyTerm->getParent(), /*DeleteDeadConditions=*/false, nullptr, &DTU);
  ConstantFoldTerminator(Term->getParent(), /*DeleteDeadConditions=*/false, nullptr, &DTU);
  SE.forgetLoop(&L);
  return true;
}

} // namespace

PreservedAnalyses UnswitchRowInvariantBranchesPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // Innermost loops only, each looked at once: the copies are innermost too and not revisited.
  SmallVector<Loop *> Rows;
  for (Loop *L : threadLoopsInnerFirst(LI))
    if (L->isInnermost() && findOptionMDForLoop(L, kShortRowsMD))
      Rows.push_back(L);
  bool Changed = false;
  for (Loop *L : Rows)
    Changed |= unswitchRow(*L, LI, DT, SE);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
