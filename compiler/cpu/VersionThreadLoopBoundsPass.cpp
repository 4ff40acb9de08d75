// VersionThreadLoopBoundsPass; see VersionThreadLoopBoundsPass.h.
//
// For a thread loop L (a loop carrying llvm.loop.parallel_accesses, which FormThreadRegions
// puts on every thread loop) with a computable backedge-taken count n:
//   - each conditional branch in L whose condition is `icmp pred X, B` with B invariant in L
//     and X an affine recurrence {start, +, step} in L (step a constant) or invariant in L is a
//     candidate;
//   - for an increasing X and `X < B` (or <=), the branch goes the same way for every thread
//     when it does so for the last one, X(n) = start + n * step, provided X does not wrap
//     between start and X(n) (start <= X(n) in the comparison's signedness); `X > B` is decided
//     by the first, and a decreasing X swaps the two. An invariant X needs no end at all.
// The guard is the conjunction, for every candidate, of "holds at the deciding end" and "does
// not wrap". L is cloned; the preheader branches to the clone when the guard holds, and in the
// clone each candidate branch is made unconditional toward its taken side. Exit values are
// merged in L's exit block. Loops whose body is large are left alone, so code size stays
// bounded.
#include "VersionThreadLoopBoundsPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-version-thread-loop-bounds"

STATISTIC(NumVersioned, "Thread loops given a copy without bounds checks");
STATISTIC(NumChecks, "Bounds checks dropped from the unchecked copies");

namespace drawbridge::cpu {
namespace {

// Larger loop bodies are not copied.
constexpr unsigned kMaxInstructions = 400;

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

// A branch of L decided alike for every iteration when Guard holds: Taken is its successor
// then.
struct Candidate {
  BranchInst *Branch;
  const SCEV *Value; // X at the end that decides, or X itself when invariant
  const SCEV *Bound; // B
  ICmpInst::Predicate Pred;
  const SCEV *First = nullptr, *Last = nullptr; // X's range, for the no-wrap condition
};

std::optional<Candidate> candidateFor(BranchInst &Br, Loop &L, ScalarEvolution &SE,
                                      const SCEV *Taken) {
  if (!Br.isConditional())
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Br.getCondition());
  if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy())
    return std::nullopt;
  const SCEV *X = SE.getSCEV(Cmp->getOperand(0)), *B = SE.getSCEV(Cmp->getOperand(1));
  ICmpInst::Predicate Pred = Cmp->getPredicate();
  if (!SE.isLoopInvariant(B, &L)) {
    std::swap(X, B);
    Pred = ICmpInst::getSwappedPredicate(Pred);
  }
  if (!SE.isLoopInvariant(B, &L) || Cmp->isEquality())
    return std::nullopt;
  if (SE.isLoopInvariant(X, &L))
    return Candidate{&Br, X, B, Pred};
  auto *AR = dyn_cast<SCEVAddRecExpr>(X);
  if (!AR || AR->getLoop() != &L || !AR->isAffine())
    return std::nullopt;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  if (!Step || Step->getValue()->isZero() || Step->getAPInt().abs().ugt(1u << 20))
    return std::nullopt;
  bool Increasing = Step->getAPInt().isStrictlyPositive();
  const SCEV *First = AR->getStart(), *Last = AR->evaluateAtIteration(Taken, SE);
  // X < B (or <=) over an increasing X is decided by its largest value, X > B by its
  // smallest.
  bool Upper = ICmpInst::isLT(Pred) || ICmpInst::isLE(Pred);
  Candidate C{&Br, Upper == Increasing ? Last : First, B, Pred};
  C.First = Increasing ? First : Last;
  C.Last = Increasing ? Last : First;
  return C;
}

// The guard: every candidate goes to its true side for every iteration of L.
Value *buildGuard(ArrayRef<Candidate> Candidates, Instruction *InsertBefore, ScalarEvolution &SE,
                  const DataLayout &DL) {
  SCEVExpander Expander(SE, DL, "bounds");
  IRBuilder<> B(InsertBefore);
  Value *Guard = nullptr;
  auto require = [&](Value *Condition) {
    Guard = Guard ? B.CreateAnd(Guard, Condition) : Condition;
  };
  for (const Candidate &C : Candidates) {
    Value *V = Expander.expandCodeFor(C.Value, nullptr, InsertBefore);
    Value *Bound = Expander.expandCodeFor(C.Bound, V->getType(), InsertBefore);
    require(B.CreateICmp(C.Pred, V, Bound));
    if (C.First) {
      Value *First = Expander.expandCodeFor(C.First, V->getType(), InsertBefore);
      Value *Last = Expander.expandCodeFor(C.Last, V->getType(), InsertBefore);
      require(B.CreateICmp(ICmpInst::isSigned(C.Pred) ? ICmpInst::ICMP_SLE : ICmpInst::ICMP_ULE,
                           First, Last));
    }
  }
  return Guard;
}

bool versionLoop(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Exit = L.getExitBlock();
  if (!Preheader || !Exit || !Exit->getSinglePredecessor())
    return false;
  if (!L.isLCSSAForm(DT))
    formLCSSA(L, DT, &LI, &SE);
  unsigned Size = 0;
  for (BasicBlock *BB : L.blocks())
    Size += BB->size();
  if (Size > kMaxInstructions)
    return false;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken))
    return false;
  SmallVector<Candidate> Candidates;
  for (BasicBlock *BB : L.blocks())
    if (auto *Br = dyn_cast<BranchInst>(BB->getTerminator()))
      if (L.contains(Br->getSuccessor(0)) && L.contains(Br->getSuccessor(1)) &&
          Br->getSuccessor(0) != Br->getSuccessor(1))
        if (std::optional<Candidate> C = candidateFor(*Br, L, SE, Taken))
          Candidates.push_back(*C);
  if (Candidates.empty())
    return false;

  const DataLayout &DL = Preheader->getModule()->getDataLayout();
  Value *Guard = buildGuard(Candidates, Preheader->getTerminator(), SE, DL);
  // The no-wrap conditions assume a thread loop's few iterations (a block has at most 1024
  // threads); a longer loop takes the checked copy.
  {
    SCEVExpander Expander(SE, DL, "bounds");
    IRBuilder<> B(Preheader->getTerminator());
    Value *Count = Expander.expandCodeFor(Taken, nullptr, Preheader->getTerminator());
    Guard = B.CreateAnd(Guard, B.CreateICmpULE(Count, ConstantInt::get(Count->getType(), 4096)));
  }

  // The copy, entered from a preheader of its own placed before L's.
  BasicBlock *Exiting = Exit->getSinglePredecessor();
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *> Blocks;
  BasicBlock *Dispatch = SplitBlock(Preheader, Preheader->getTerminator(), &DT, &LI);
  Loop *Copy =
      cloneLoopWithPreheader(Dispatch, Preheader, &L, VMap, ".unchecked", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  BasicBlock *CopyPreheader = Copy->getLoopPreheader();
  CopyPreheader->getTerminator()->setSuccessor(0, cast<BasicBlock>(VMap[L.getHeader()]));
  // Preheader: branch to the copy or on to the checked loop's preheader (Dispatch).
  Instruction *OldTerm = Preheader->getTerminator();
  BranchInst::Create(CopyPreheader, Dispatch, Guard, OldTerm);
  OldTerm->eraseFromParent();
  DT.changeImmediateDominator(CopyPreheader, Preheader);
  // The copy exits where L does: the exit block's LCSSA phis take the copy's values too.
  BasicBlock *CopyExiting = cast<BasicBlock>(VMap[Exiting]);
  for (PHINode &Phi : Exit->phis()) {
    Value *In = Phi.getIncomingValueForBlock(Exiting);
    Value *Mapped = VMap.count(In) ? static_cast<Value *>(VMap[In]) : In;
    Phi.addIncoming(Mapped, CopyExiting);
  }
  DT.changeImmediateDominator(Exit, Preheader);
  // In the copy every candidate takes its true side.
  for (const Candidate &C : Candidates) {
    auto *Br = cast<BranchInst>(VMap[C.Branch]);
    Br->setCondition(ConstantInt::getTrue(Br->getContext()));
    ++NumChecks;
  }
  ++NumVersioned;
  return true;
}

} // namespace

PreservedAnalyses VersionThreadLoopBoundsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // Inner loops first, so that an outer thread loop's copy holds their copies too.
  SmallVector<Loop *> ThreadLoops;
  for (Loop *L : LI.getLoopsInPreorder())
    if (isThreadLoop(*L))
      ThreadLoops.push_back(L);
  bool Changed = false;
  for (Loop *L : reverse(ThreadLoops)) {
    Changed |= versionLoop(*L, LI, DT, SE);
    SE.forgetLoop(L);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
