// VersionThreadLoopQuotientsPass; see VersionThreadLoopQuotientsPass.h.
//
// In a thread loop L, a division `X / D` (udiv or sdiv) whose divisor is invariant in L and
// whose dividend is an affine recurrence {First, +, Step} in L with a positive constant step
// (a thread's flat index) changes its quotient only where X crosses a multiple of D. When the
// loop's first and last X give the same quotient (and, for sdiv, the first X is not negative
// and D is positive; for udiv, D is not zero), every thread of the loop has that quotient Q,
// as X only grows between them: the copy uses Q, computed once in the preheader, for the
// division, and X - Q * D for a remainder `X % D` of the same operands. Only divisions whose
// quotient or remainder reaches an address are versioned, since those are what the
// vectoriser turns into gathers. Loops whose body is large, or that run more than 4096
// iterations, keep their divisions.
#include "VersionThreadLoopQuotientsPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-version-thread-loop-quotients"

STATISTIC(NumVersioned, "Thread loops given a copy with one quotient for all threads");

namespace drawbridge::cpu {
namespace {

// Larger loop bodies are not copied.
constexpr unsigned kMaxInstructions = 400;

// A division to make uniform, with the remainders of the same operands.
struct Quotient {
  BinaryOperator *Division;
  SmallVector<BinaryOperator *, 2> Remainders;
  const SCEV *First, *Last; // the dividend's values in the first and last iteration
};

bool isDivision(const Instruction &I) {
  return I.getOpcode() == Instruction::UDiv || I.getOpcode() == Instruction::SDiv;
}

Instruction::BinaryOps remainderOf(Instruction::BinaryOps Division) {
  return Division == Instruction::UDiv ? Instruction::URem : Instruction::SRem;
}

// The divisions of L that qualify, given its backedge-taken count.
SmallVector<Quotient> findQuotients(Loop &L, ScalarEvolution &SE, const SCEV *Taken) {
  SmallVector<Quotient> Found;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      // 32 and 64 bits only: a narrower dividend could wrap more than once in a loop's span.
      if (!isDivision(I) || !L.isLoopInvariant(I.getOperand(1)) ||
          I.getType()->getIntegerBitWidth() < 32)
        continue;
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(I.getOperand(0)));
      if (!AR || AR->getLoop() != &L || !AR->isAffine())
        continue;
      auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
      if (!Step || !Step->getAPInt().isStrictlyPositive() || Step->getAPInt().ugt(1u << 20))
        continue;
      Quotient Q{cast<BinaryOperator>(&I), {}, AR->getStart(), AR->evaluateAtIteration(Taken, SE)};
      bool Addressing = reachesAddress(I);
      for (User *U : I.getOperand(0)->users())
        if (auto *Rem = dyn_cast<BinaryOperator>(U);
            Rem && L.contains(Rem) && Rem->getOpcode() == remainderOf(Q.Division->getOpcode()) &&
            Rem->getOperand(0) == I.getOperand(0) && Rem->getOperand(1) == I.getOperand(1)) {
          Q.Remainders.push_back(Rem);
          Addressing |= reachesAddress(*Rem);
        }
      if (Addressing)
        Found.push_back(Q);
    }
  return Found;
}

bool versionLoop(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Preheader || !L.getExitBlock())
    return false;
  if (instructionCount(L) > kMaxInstructions)
    return false;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Taken))
    return false;
  SmallVector<Quotient> Quotients = findQuotients(L, SE, Taken);
  if (Quotients.empty())
    return false;
  if (!L.isLCSSAForm(DT))
    formLCSSA(L, DT, &LI, &SE);

  // The guard: for each division, a usable divisor, no wrap from the first dividend to the
  // last, and one quotient for both. The quotients are computed with a divisor of 1 where the
  // divisor is not usable, so that the preheader never divides by zero.
  const DataLayout &DL = Preheader->getModule()->getDataLayout();
  SCEVExpander Expander(SE, DL, "quotient");
  Instruction *At = Preheader->getTerminator();
  IRBuilder<> B(At);
  Value *Guard = nullptr;
  auto require = [&](Value *Condition) {
    if (auto *Known = dyn_cast<ConstantInt>(Condition); Known && Known->isOne())
      return; // a constant divisor is usable
    Guard = Guard ? B.CreateAnd(Guard, Condition) : Condition;
  };
  SmallVector<Value *> Uniform; // each division's quotient in the copy
  for (const Quotient &Q : Quotients) {
    const bool Signed = Q.Division->getOpcode() == Instruction::SDiv;
    Value *Divisor = Q.Division->getOperand(1);
    Type *Ty = Divisor->getType();
    Value *First = Expander.expandCodeFor(Q.First, Ty, At);
    Value *Last = Expander.expandCodeFor(Q.Last, Ty, At);
    Value *Zero = ConstantInt::get(Ty, 0);
    Value *Usable = Signed ? B.CreateICmpSGT(Divisor, Zero) : B.CreateICmpNE(Divisor, Zero);
    Value *Safe = B.CreateSelect(Usable, Divisor, ConstantInt::get(Ty, 1));
    require(Usable);
    if (Signed)
      require(B.CreateICmpSGE(First, Zero));
    require(Signed ? B.CreateICmpSLE(First, Last) : B.CreateICmpULE(First, Last));
    Value *QFirst = Signed ? B.CreateSDiv(First, Safe) : B.CreateUDiv(First, Safe);
    Value *QLast = Signed ? B.CreateSDiv(Last, Safe) : B.CreateUDiv(Last, Safe);
    require(B.CreateICmpEQ(QFirst, QLast));
    Uniform.push_back(QFirst);
  }
  // The no-wrap conditions assume a thread loop's few iterations (with steps of at most 2^20
  // the dividend spans less than 2^32, so a wrap leaves the last below the first); a longer
  // loop keeps the divisions.
  Value *Count = Expander.expandCodeFor(Taken, nullptr, At);
  require(B.CreateICmpULE(Count, ConstantInt::get(Count->getType(), 4096)));

  ValueToValueMapTy VMap;
  cloneLoopBehindGuard(L, Guard, ".quotient", LI, DT, VMap);
  for (auto [Q, Value] : zip(Quotients, Uniform)) {
    auto *Division = cast<Instruction>(VMap[Q.Division]);
    for (BinaryOperator *Rem : Q.Remainders) {
      auto *Copy = cast<Instruction>(VMap[Rem]);
      IRBuilder<> RB(Copy);
      Copy->replaceAllUsesWith(
          RB.CreateSub(Copy->getOperand(0), RB.CreateMul(Value, Copy->getOperand(1)), "rem"));
      Copy->eraseFromParent();
    }
    Division->replaceAllUsesWith(Value);
    Division->eraseFromParent();
  }
  ++NumVersioned;
  return true;
}

} // namespace

PreservedAnalyses VersionThreadLoopQuotientsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  return versionThreadLoops(F, FAM, versionLoop);
}

} // namespace drawbridge::cpu
