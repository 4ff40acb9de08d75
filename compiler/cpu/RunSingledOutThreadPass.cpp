// RunSingledOutThreadPass; see RunSingledOutThreadPass.h.
//
// An innermost thread loop L over a row (latch `Next <u End`, its only exiting block; Next =
// {i0 + 1, +, 1}; the header's one phi its induction variable i = {i0, +, 1}) qualifies when
//   - a conditional branch in L tests `A == B` (or `A != B`) where A - B is an affine
//     recurrence {D, +, s} of L with s = 1 or -1 and D invariant: the test holds at iteration
//     k = -D (s = 1) or D (s = -1) alone;
//   - every instruction of L with a side effect lies in blocks that the branch's taken edge
//     (the one the test holding takes) dominates, its successor having the branch as its only
//     way in; what L passes out is arithmetic on i (a run's next thread, and whether there is
//     one).
// Every other iteration then only computes values nobody uses, so L runs iteration k alone:
// its preheader enters it with i = i0 + k when k <u count (count = umax(End, i0 + 1) - i0,
// the iterations L makes), and goes to the exit otherwise; the latch always exits, and L passes
// out the values of its last iteration, i = i0 + count - 1, computed in the preheader. k is
// computed in the test's type, which holds every iteration's index (a block has at most 1024
// threads), and widened to i's.
#include "RunSingledOutThreadPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-run-singled-out-thread"

STATISTIC(NumSingledOut, "Thread loops that run only the thread a branch singles out");

namespace drawbridge::cpu {
namespace {

// Larger loop bodies are left alone.
constexpr unsigned kMaxInstructions = 300;
// A test in a type this wide holds the index of any of a block's 1024 threads.
constexpr unsigned kMinTestBits = 16;

// The iteration a branch singles out, and the loop's induction variable.
struct SingledOut {
  const SCEV *Iteration; // k, in the test's type
  PHINode *Induction;
  RowLatch Latch;
};

// Where the test of Branch holds: the iteration k, as a SCEV invariant in L.
const SCEV *singledOutIteration(const BranchInst &Branch, const Loop &L, ScalarEvolution &SE) {
  auto *Cmp = dyn_cast<ICmpInst>(Branch.getCondition());
  if (!Cmp || !Cmp->isEquality() || !Cmp->getOperand(0)->getType()->isIntegerTy() ||
      Cmp->getOperand(0)->getType()->getIntegerBitWidth() < kMinTestBits)
    return nullptr;
  auto *Diff = dyn_cast<SCEVAddRecExpr>(
      SE.getMinusSCEV(SE.getSCEV(Cmp->getOperand(0)), SE.getSCEV(Cmp->getOperand(1))));
  if (!Diff || Diff->getLoop() != &L || !Diff->isAffine() ||
      !SE.isLoopInvariant(Diff->getStart(), &L))
    return nullptr;
  const SCEV *Step = Diff->getStepRecurrence(SE);
  if (Step->isOne())
    return SE.getNegativeSCEV(Diff->getStart());
  if (Step->isAllOnesValue())
    return Diff->getStart();
  return nullptr;
}

// Whether every instruction of L with a side effect is in a block that Guarded dominates, and
// every value L passes out (its exit block's phis, L being in LCSSA form) can be computed from
// its induction variable alone.
bool effectsOnlyBehind(const BasicBlock &Guarded, const Loop &L, const DominatorTree &DT) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (I.mayHaveSideEffects() && !DT.dominates(&Guarded, BB))
        return false;
  return all_of(L.getExitBlock()->phis(), [&](const PHINode &Phi) {
    return all_of(Phi.incoming_values(),
                  [&](const Value *V) { return isCopyableFromHeader(V, L); });
  });
}

std::optional<SingledOut> findSingledOut(Loop &L, LoopInfo &LI, DominatorTree &DT,
                                         ScalarEvolution &SE, bool &Changed) {
  if (!isThreadLoop(L) || !L.getSubLoops().empty())
    return std::nullopt;
  std::optional<RowLatch> Latch = parseRowLatch(L, kMaxInstructions, LI, DT, SE, Changed);
  if (!Latch || L.getExitingBlock() != Latch->Branch->getParent())
    return std::nullopt;
  BasicBlock *Header = L.getHeader();
  auto *Induction = dyn_cast<PHINode>(&Header->front());
  if (!Induction || Induction->getNextNode() != Header->getFirstNonPHI())
    return std::nullopt;
  auto *IV = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Induction));
  if (!IV || IV->getLoop() != &L || !IV->getStepRecurrence(SE)->isOne() ||
      Induction->getType() != Latch->EndValue->getType())
    return std::nullopt;
  for (BasicBlock *BB : L.blocks()) {
    auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Branch || !Branch->isConditional() || Branch == Latch->Branch)
      continue;
    const SCEV *K = singledOutIteration(*Branch, L, SE);
    if (!K)
      continue;
    const bool Equal = cast<ICmpInst>(Branch->getCondition())->getPredicate() == ICmpInst::ICMP_EQ;
    BasicBlock *Guarded = Branch->getSuccessor(Equal ? 0 : 1);
    if (Guarded->getSinglePredecessor() != BB || !L.contains(Guarded) ||
        !effectsOnlyBehind(*Guarded, L, DT))
      continue;
    SCEVExpander Expander(SE, Header->getDataLayout(), "singled.out");
    if (!Expander.isSafeToExpandAt(K, L.getLoopPreheader()->getTerminator()))
      continue;
    return SingledOut{K, Induction, *Latch};
  }
  return std::nullopt;
}

void runSingledOut(Loop &L, const SingledOut &S, DominatorTree &DT, ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Exit = L.getExitBlock();
  BasicBlock *LatchBlock = S.Latch.Branch->getParent();
  Instruction *Entry = Preheader->getTerminator();
  SCEVExpander Expander(SE, Preheader->getDataLayout(), "singled.out");
  Value *K = Expander.expandCodeFor(S.Iteration, S.Iteration->getType(), Entry);
  IRBuilder<> B(Entry);
  Type *Ty = S.Induction->getType();
  K = B.CreateZExtOrTrunc(K, Ty, "singled.out.iteration");
  Value *First = S.Induction->getIncomingValueForBlock(Preheader);
  Value *Count = B.CreateSub(B.CreateBinaryIntrinsic(Intrinsic::umax, S.Latch.EndValue,
                                                     B.CreateAdd(First, ConstantInt::get(Ty, 1))),
                             First, "iterations");
  Value *Runs = B.CreateICmpULT(K, Count, "singled.out.runs");
  // What L passes out is what its last iteration computed.
  ValueToValueMapTy Last;
  Last[S.Induction] = B.CreateAdd(First, B.CreateSub(Count, ConstantInt::get(Ty, 1)), "last");
  for (PHINode &Phi : Exit->phis()) {
    Value *Out = copyFromHeader(Phi.getIncomingValueForBlock(LatchBlock), L, B, Last);
    Phi.setIncomingValueForBlock(LatchBlock, Out);
    Phi.addIncoming(Out, Preheader);
  }
  S.Induction->setIncomingValueForBlock(Preheader, B.CreateAdd(First, K, "singled.out.thread"));
  B.CreateCondBr(Runs, L.getHeader(), Exit);
  Entry->eraseFromParent();
  DT.insertEdge(Preheader, Exit);

  S.Induction->removeIncomingValue(LatchBlock, /*DeletePHIIfEmpty=*/false);
  B.SetInsertPoint(S.Latch.Branch);
  B.CreateBr(Exit);
  S.Latch.Branch->eraseFromParent();
  DT.deleteEdge(LatchBlock, L.getHeader());
  ++NumSingledOut;
}

} // namespace

PreservedAnalyses RunSingledOutThreadPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    bool Simplified = false;
    std::optional<SingledOut> S = findSingledOut(*L, LI, DT, SE, Simplified);
    Changed |= Simplified;
    if (!S)
      continue;
    SE.forgetLoop(L);
    runSingledOut(*L, *S, DT, SE);
    LI.erase(L);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
