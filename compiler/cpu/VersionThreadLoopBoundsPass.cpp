// VersionThreadLoopBoundsPass; see VersionThreadLoopBoundsPass.h.
//
// For a thread loop L (a loop carrying llvm.loop.parallel_accesses, which FormThreadRegions
// puts on every thread loop) with a computable backedge-taken count n:
//   - a conditional branch in L is a candidate when its condition, a combination (and, or,
//     not) of comparisons `icmp pred X, B` with B invariant in L and X an affine recurrence
//     {start, +, step} in L (step a constant) or invariant in L, can be shown to have one
//     outcome for every iteration: first the branch's first successor is tried, then its
//     second (the border tests `x == 0 || x == n - 1` of a stencil are false inside);
//   - for an increasing X and `X < B` (or <=), the comparison holds for every thread when it
//     holds for the last one, X(n) = start + n * step, provided X does not wrap between start
//     and X(n) (start <= X(n) in the comparison's signedness); `X > B` is decided by the first,
//     and a decreasing X swaps the two; `X != B` holds throughout when B lies outside X's
//     range. An invariant X needs no end at all.
// The guard is the conjunction of those facts. L is cloned; the preheader branches to the
// clone when the guard holds, and in the clone each candidate branch is made unconditional
// toward the side it was shown to take. Exit values are
// merged in L's exit block. Loops whose body is large are left alone, so code size stays
// bounded.
#include "VersionThreadLoopBoundsPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "drawbridge-version-thread-loop-bounds"

STATISTIC(NumVersioned, "Thread loops given a copy without bounds checks");
STATISTIC(NumChecks, "Bounds checks dropped from the unchecked copies");

namespace drawbridge::cpu {
namespace {

// Larger loop bodies are not copied.
constexpr unsigned kMaxInstructions = 400;

// Something the guard checks at run time: that a comparison of X with B has the same outcome
// for every iteration of L. For a moving X that is `Pred(X at the deciding end, B)` and that X
// does not wrap between its ends (First <= Last in the comparison's signedness), or, for an
// equality that never holds, that B lies outside [First, Last] (unsigned, which also excludes
// a wrap). An invariant X is checked as it is.
struct Fact {
  enum Kind { Holds, Outside } Kind;
  ICmpInst::Predicate Pred;
  const SCEV *X, *B;
  const SCEV *First = nullptr, *Last = nullptr;
};

// Decides conditions of one thread loop: whether an i1 value has one outcome for every
// iteration, and what the guard must check for that.
class Decider {
public:
  Decider(Loop &L, ScalarEvolution &SE, const SCEV *Taken) : L(L), SE(SE), Taken(Taken) {}

  // Whether V is Want for every iteration once Facts hold (adding to Facts).
  bool decide(Value *V, bool Want, SmallVectorImpl<Fact> &Facts) {
    Value *A, *B;
    if (match(V, m_Not(m_Value(A))))
      return decide(A, !Want, Facts);
    bool IsAnd = match(V, m_LogicalAnd(m_Value(A), m_Value(B)));
    if (IsAnd || match(V, m_LogicalOr(m_Value(A), m_Value(B)))) {
      // Both operands must agree with Want for an `and` to be true or an `or` to be false;
      // either one decides the other two cases.
      if (IsAnd == Want) {
        size_t Before = Facts.size();
        if (decide(A, Want, Facts) && decide(B, Want, Facts))
          return true;
        Facts.resize(Before);
        return false;
      }
      return decide(A, Want, Facts) || decide(B, Want, Facts);
    }
    if (auto *Cmp = dyn_cast<ICmpInst>(V))
      return decideComparison(*Cmp, Want, Facts);
    return false;
  }

private:
  // Whether a value is where the thread loop starts: a phi of the loops around it, or
  // computed from the region's first thread (its `begin` argument).
  bool threadStart(Value *V, unsigned Depth = 0) {
    if (auto *Phi = dyn_cast<PHINode>(V))
      return L.getParentLoop() && L.getParentLoop()->contains(Phi);
    if (auto *A = dyn_cast<Argument>(V))
      return A->getArgNo() == 2;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Depth > 3)
      return false;
    return any_of(I->operands(), [&](Value *Op) { return threadStart(Op, Depth + 1); });
  }
  // Whether a thread loop's starting value involves something other than where the thread
  // loop starts (a block index, a parameter, a load).
  bool offsetFromThreadIndex(const SCEV *Start) {
    return SCEVExprContains(Start, [&](const SCEV *S) {
      auto *U = dyn_cast<SCEVUnknown>(S);
      return U && !threadStart(U->getValue());
    });
  }

  bool decideComparison(ICmpInst &Cmp, bool Want, SmallVectorImpl<Fact> &Facts) {
    if (!Cmp.getOperand(0)->getType()->isIntegerTy())
      return false;
    const SCEV *X = SE.getSCEV(Cmp.getOperand(0)), *B = SE.getSCEV(Cmp.getOperand(1));
    ICmpInst::Predicate Pred = Want ? Cmp.getPredicate() : Cmp.getInversePredicate();
    if (!SE.isLoopInvariant(B, &L)) {
      std::swap(X, B);
      Pred = ICmpInst::getSwappedPredicate(Pred);
    }
    if (!SE.isLoopInvariant(B, &L))
      return false;
    // An equality that holds for every thread is rare (`threadIdx.y == 0` holds for one row of
    // a block), so the copy is never made to depend on one.
    if (SE.isLoopInvariant(X, &L)) {
      if (Pred == ICmpInst::ICMP_EQ)
        return false;
      Facts.push_back({Fact::Holds, Pred, X, B});
      return true;
    }
    auto *AR = dyn_cast<SCEVAddRecExpr>(X);
    if (!AR || AR->getLoop() != &L || !AR->isAffine())
      return false;
    auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!Step || Step->getValue()->isZero() || Step->getAPInt().abs().ugt(1u << 20))
      return false;
    bool Increasing = Step->getAPInt().isStrictlyPositive();
    const SCEV *Start = AR->getStart(), *End = AR->evaluateAtIteration(Taken, SE);
    const SCEV *First = Increasing ? Start : End, *Last = Increasing ? End : Start;
    if (Pred == ICmpInst::ICMP_NE) { // X never equals B
      // Only an X offset from the thread index (by a block index or a parameter: x == 0 is
      // false in all blocks but the first) can miss B everywhere; the thread index itself
      // reaches every value of the block (threadIdx.x == 0 is true for one thread).
      if (!offsetFromThreadIndex(Start))
        return false;
      Facts.push_back({Fact::Outside, Pred, X, B, First, Last});
      return true;
    }
    if (Pred == ICmpInst::ICMP_EQ) // X equal to B throughout: not for a moving X
      return false;
    // X < B (or <=) is decided by X's largest value, X > B by its smallest.
    bool Upper = ICmpInst::isLT(Pred) || ICmpInst::isLE(Pred);
    Facts.push_back({Fact::Holds, Pred, Upper ? Last : First, B, First, Last});
    return true;
  }

  Loop &L;
  ScalarEvolution &SE;
  const SCEV *Taken;
};

// A branch whose outcome is the same for every iteration once its facts hold: the copy goes
// to Successor.
struct Candidate {
  BranchInst *Branch;
  unsigned Successor;
};

// The guard: every fact holds.
Value *buildGuard(ArrayRef<Fact> Facts, Instruction *InsertBefore, ScalarEvolution &SE,
                  const DataLayout &DL) {
  SCEVExpander Expander(SE, DL, "bounds");
  IRBuilder<> B(InsertBefore);
  Value *Guard = nullptr;
  auto require = [&](Value *Condition) {
    Guard = Guard ? B.CreateAnd(Guard, Condition) : Condition;
  };
  for (const Fact &F : Facts) {
    Value *X = Expander.expandCodeFor(F.X, nullptr, InsertBefore);
    Type *Ty = X->getType();
    Value *Bound = Expander.expandCodeFor(F.B, Ty, InsertBefore);
    Value *First = F.First ? Expander.expandCodeFor(F.First, Ty, InsertBefore) : nullptr;
    Value *Last = F.Last ? Expander.expandCodeFor(F.Last, Ty, InsertBefore) : nullptr;
    if (F.Kind == Fact::Outside) {
      require(B.CreateICmpULE(First, Last));
      require(B.CreateOr(B.CreateICmpULT(Bound, First), B.CreateICmpUGT(Bound, Last)));
      continue;
    }
    require(B.CreateICmp(F.Pred, X, Bound));
    if (First)
      require(B.CreateICmp(ICmpInst::isSigned(F.Pred) ? ICmpInst::ICMP_SLE : ICmpInst::ICMP_ULE,
                           First, Last));
  }
  return Guard;
}

bool versionLoop(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Exit = L.getExitBlock();
  if (!Preheader || !Exit)
    return false;
  if (instructionCount(L) > kMaxInstructions)
    return false;
  // From here on, giving up returns whether forming LCSSA changed the loop.
  const bool FormedLCSSA = !L.isLCSSAForm(DT) && formLCSSA(L, DT, &LI, &SE);
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken))
    return FormedLCSSA;
  // Each branch inside L: decided toward its first successor if that can be shown, else
  // toward its second.
  Decider Decide(L, SE, Taken);
  SmallVector<Fact> Facts;
  SmallVector<Candidate> Candidates;
  for (BasicBlock *BB : L.blocks()) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional() || !L.contains(Br->getSuccessor(0)) ||
        !L.contains(Br->getSuccessor(1)) || Br->getSuccessor(0) == Br->getSuccessor(1))
      continue;
    for (unsigned Successor : {0u, 1u})
      if (Decide.decide(Br->getCondition(), Successor == 0, Facts)) {
        Candidates.push_back({Br, Successor});
        break;
      }
  }
  if (Candidates.empty())
    return FormedLCSSA;

  const DataLayout &DL = Preheader->getModule()->getDataLayout();
  Value *Guard = buildGuard(Facts, Preheader->getTerminator(), SE, DL);
  // The no-wrap conditions assume a thread loop's few iterations (a block has at most 1024
  // threads); a longer loop takes the checked copy.
  {
    SCEVExpander Expander(SE, DL, "bounds");
    IRBuilder<> B(Preheader->getTerminator());
    Value *Count = Expander.expandCodeFor(Taken, nullptr, Preheader->getTerminator());
    Guard = B.CreateAnd(Guard, B.CreateICmpULE(Count, ConstantInt::get(Count->getType(), 4096)));
  }

  ValueToValueMapTy VMap;
  cloneLoopBehindGuard(L, Guard, ".unchecked", LI, DT, VMap);
  // In the copy every candidate goes the way it was shown to go.
  for (const Candidate &C : Candidates) {
    auto *Br = cast<BranchInst>(VMap[C.Branch]);
    Br->setCondition(ConstantInt::getBool(Br->getContext(), C.Successor == 0));
    ++NumChecks;
  }
  ++NumVersioned;
  return true;
}

} // namespace

PreservedAnalyses VersionThreadLoopBoundsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  return versionThreadLoops(F, FAM, versionLoop);
}

} // namespace drawbridge::cpu
