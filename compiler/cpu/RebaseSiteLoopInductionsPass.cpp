// RebaseSiteLoopInductionsPass: a uniform loop's per-thread induction variables, written as
// start + count * step; see RebaseSiteLoopInductionsPass.h.
//
// A loop qualifies when it holds a site, every thread of the block goes round it the same
// number of times (BlockUniformity: its latch is reached uniformly and it leaves on uniform
// conditions; a barrier in it makes that so in any correct program), and it is not a stride
// loop's rounds (UniformStrideRounds has its own form for those). An induction variable is a
// header phi that the threads do not all hold alike, entered with S and stepped on the back
// edge by `+ T`, `- T` or a one-index GEP by T, with T defined outside the loop. The loop gets
// a counter k, 0 on entry and one more each time round (uniform: every thread counts the same
// trips; 32 bits wide where scalar evolution bounds the back edges by 2^32 - 1), and the phi
// becomes `S + k * T` (`S - k * T`, `gep S, k * T`) in wrapping arithmetic, which is what
// stepping it k times computes.
#include "RebaseSiteLoopInductionsPass.h"

#include "BlockUniformity.h"
#include "FunctionLoopAnalyses.h"
#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "drawbridge-rebase-site-loop-inductions"

STATISTIC(NumRebased, "Per-thread induction variables of site loops rebased on a counter");

namespace drawbridge::cpu {
namespace {

// How an induction variable steps.
enum class Step { Add, Sub, Gep };

struct Induction {
  PHINode *Phi;
  Value *Start;
  Value *Stride;
  Step Kind;
  Type *GepElement = nullptr; // the GEP's source element type, for Step::Gep
};

bool holdsSite(const Loop &L, bool &StrideRounds) {
  bool Site = false;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB)
      if (siteKindOf(I)) {
        Site = true;
        StrideRounds |= hasMarker(I, kStrideRoundsMD);
      }
  return Site;
}

bool isUniformLoop(const Loop &L, const BlockUniformity &Uniformity) {
  if (!Uniformity.isUniformlyReached(*L.getLoopLatch()))
    return false;
  SmallVector<BasicBlock *> Exiting;
  L.getExitingBlocks(Exiting);
  for (const BasicBlock *BB : Exiting) {
    const auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Branch || (Branch->isConditional() && !Uniformity.isUniform(Branch->getCondition())))
      return false;
  }
  return true;
}

std::optional<Induction> matchInduction(PHINode &Phi, const Loop &L) {
  BasicBlock *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  if (Phi.getNumIncomingValues() != 2)
    return std::nullopt;
  Value *Start = Phi.getIncomingValueForBlock(Preheader);
  auto *Next = dyn_cast<Instruction>(Phi.getIncomingValueForBlock(Latch));
  if (!Next || !L.contains(Next))
    return std::nullopt;
  auto Invariant = [&](Value *V) {
    auto *I = dyn_cast<Instruction>(V);
    return !I || !L.contains(I);
  };
  Value *Stride;
  if (Phi.getType()->isIntegerTy()) {
    if (match(Next, m_c_Add(m_Specific(&Phi), m_Value(Stride))) && Invariant(Stride))
      return Induction{&Phi, Start, Stride, Step::Add};
    if (match(Next, m_Sub(m_Specific(&Phi), m_Value(Stride))) && Invariant(Stride))
      return Induction{&Phi, Start, Stride, Step::Sub};
    return std::nullopt;
  }
  auto *Gep = dyn_cast<GetElementPtrInst>(Next);
  if (!Gep || Gep->getPointerOperand() != &Phi || Gep->getNumIndices() != 1 ||
      !Invariant(Gep->getOperand(1)))
    return std::nullopt;
  return Induction{&Phi, Start, Gep->getOperand(1), Step::Gep, Gep->getSourceElementType()};
}

// The counter's type: 32 bits where the loop goes back at most 2^32 - 1 times, the most a
// 32-bit count of back edges taken holds (`for (z = 0; z < nz; z++)`), which keeps its
// per-thread copy as narrow as a float's and lets the vectoriser fill a vector with 16 threads'
// floats; 64 bits otherwise.
IntegerType *counterType(Loop &L, ScalarEvolution &SE, LLVMContext &C) {
  const SCEV *Max = SE.getSymbolicMaxBackedgeTakenCount(&L);
  if (!isa<SCEVCouldNotCompute>(Max) && SE.getTypeSizeInBits(Max->getType()) <= 32)
    return Type::getInt32Ty(C);
  return Type::getInt64Ty(C);
}

// Gives L a counter of its trips and writes each induction as start + count * step.
void rebase(Loop &L, ArrayRef<Induction> Inductions, IntegerType *CountTy) {
  BasicBlock *Header = L.getHeader(), *Preheader = L.getLoopPreheader(), *Latch = L.getLoopLatch();
  IRBuilder<> B(&Header->front());
  PHINode *Count = B.CreatePHI(CountTy, 2, "trips");
  setMarker(*Count, kSiteLoopTripsMD);
  Count->addIncoming(ConstantInt::get(CountTy, 0), Preheader);
  IRBuilder<> LB(Latch->getTerminator());
  Count->addIncoming(LB.CreateAdd(Count, ConstantInt::get(CountTy, 1), "trips.next"), Latch);

  B.SetInsertPoint(Header->getFirstNonPHIIt());
  const DataLayout &DL = Header->getDataLayout();
  for (const Induction &I : Inductions) {
    // A GEP widens its index to the pointer's index width at each step: so does the product,
    // which a narrow index's k * T could otherwise wrap.
    Value *Stride = I.Kind == Step::Gep
                        ? B.CreateSExtOrTrunc(I.Stride, DL.getIndexType(I.Phi->getType()))
                        : I.Stride;
    Value *Times = B.CreateZExtOrTrunc(Count, Stride->getType());
    Value *Offset = B.CreateMul(Times, Stride, I.Phi->getName() + ".offset");
    Value *Rebased = I.Kind == Step::Add   ? B.CreateAdd(I.Start, Offset)
                     : I.Kind == Step::Sub ? B.CreateSub(I.Start, Offset)
                                           : B.CreateGEP(I.GepElement, I.Start, Offset);
    Rebased->takeName(I.Phi);
    I.Phi->replaceAllUsesWith(Rebased);
    I.Phi->eraseFromParent();
    ++NumRebased;
  }
}

bool rebaseFunction(Function &F) {
  FunctionLoopAnalyses A(F);
  LoopInfo &LI = A.LI;
  ScalarEvolution &SE = A.SE;
  BlockUniformity Uniformity(F);
  bool Changed = false;
  // Outer loops first, each rebased before the next loop's inductions are read: an inner
  // loop's start may be an outer loop's induction.
  for (Loop *L : LI.getLoopsInPreorder()) {
    bool StrideRounds = false;
    if (!L->getLoopPreheader() || !L->getLoopLatch() || !holdsSite(*L, StrideRounds) ||
        StrideRounds || !isUniformLoop(*L, Uniformity))
      continue;
    SmallVector<Induction> Inductions;
    for (PHINode &Phi : L->getHeader()->phis())
      if (!Uniformity.isUniform(&Phi))
        if (std::optional<Induction> I = matchInduction(Phi, *L))
          Inductions.push_back(*I);
    if (!Inductions.empty()) {
      rebase(*L, Inductions, counterType(*L, SE, F.getContext()));
      SE.forgetAllLoops();
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

PreservedAnalyses RebaseSiteLoopInductionsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration() && isKernel(F) &&
        any_of(instructions(F), [](const Instruction &I) { return siteKindOf(I).has_value(); }))
      Changed |= rebaseFunction(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
