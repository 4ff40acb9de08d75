// FoldSteppedBuildVectorsPass; see FoldSteppedBuildVectorsPass.h.
//
// A build vector is a chain of insertelements from poison that sets each of the N lanes once,
// by constant index. When ScalarEvolution finds every lane's scalar to differ from lane 0's by
// k times one constant step (exactly, modulo 2^w, so the plain add below wraps the same way),
// the chain's last insertelement becomes `add (splat lane0), <0, step, ..., (N-1) * step>`, and
// a truncation of it the same in the narrow type (truncating commutes with the add); the
// inserts, and the scalar adds that only fed them, are deleted.
#include "FoldSteppedBuildVectorsPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-fold-stepped-build-vectors"

STATISTIC(NumFolded, "Lane-by-lane build vectors of stepped integers made a splat plus a step");

namespace drawbridge::cpu {
namespace {

// The scalar of each lane of the build vector Last ends, if it is one.
std::optional<SmallVector<Value *, 16>> buildVectorLanes(InsertElementInst &Last) {
  auto *Ty = cast<FixedVectorType>(Last.getType());
  SmallVector<Value *, 16> Lanes(Ty->getNumElements(), nullptr);
  Value *V = &Last;
  while (auto *IE = dyn_cast<InsertElementInst>(V)) {
    auto *Index = dyn_cast<ConstantInt>(IE->getOperand(2));
    if (!Index || Index->getZExtValue() >= Lanes.size())
      return std::nullopt;
    Value *&Lane = Lanes[Index->getZExtValue()];
    if (!Lane) // a later insert to the same lane wins
      Lane = IE->getOperand(1);
    V = IE->getOperand(0);
  }
  if (!isa<PoisonValue>(V) || is_contained(Lanes, nullptr))
    return std::nullopt;
  return Lanes;
}

// The constant step between neighbouring lanes, if lane k is lane 0 plus k steps.
std::optional<APInt> laneStep(ArrayRef<Value *> Lanes, ScalarEvolution &SE) {
  const SCEV *First = SE.getSCEV(Lanes[0]);
  std::optional<APInt> Step;
  for (unsigned K = 1; K < Lanes.size(); ++K) {
    auto *Diff = dyn_cast<SCEVConstant>(SE.getMinusSCEV(SE.getSCEV(Lanes[K]), First));
    if (!Diff)
      return std::nullopt;
    if (!Step)
      Step = Diff->getAPInt();
    if (Diff->getAPInt() != *Step * K)
      return std::nullopt;
  }
  return Step;
}

} // namespace

PreservedAnalyses FoldSteppedBuildVectorsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  SmallVector<InsertElementInst *> Lasts;
  for (Instruction &I : instructions(F))
    if (auto *IE = dyn_cast<InsertElementInst>(&I);
        IE && isa<FixedVectorType>(IE->getType()) &&
        IE->getType()->getScalarType()->isIntegerTy() &&
        none_of(IE->users(), [](const User *U) { return isa<InsertElementInst>(U); }))
      Lasts.push_back(IE);
  if (Lasts.empty())
    return PreservedAnalyses::all();
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (InsertElementInst *Last : Lasts) {
    std::optional<SmallVector<Value *, 16>> Lanes = buildVectorLanes(*Last);
    if (!Lanes || Lanes->size() < 2)
      continue;
    std::optional<APInt> Step = laneStep(*Lanes, SE);
    if (!Step)
      continue;
    // Lane 0 plus the steps, in Ty's lanes, at B's insertion point.
    auto Stepped = [&](IRBuilder<> &B, FixedVectorType *Ty) {
      Type *Lane = Ty->getElementType();
      SmallVector<Constant *, 16> Offsets;
      for (unsigned K = 0; K < Lanes->size(); ++K)
        Offsets.push_back(ConstantInt::get(Lane, (*Step * K).trunc(Lane->getIntegerBitWidth())));
      Value *Splat = B.CreateVectorSplat(Ty->getNumElements(), B.CreateTrunc((*Lanes)[0], Lane));
      return B.CreateAdd(Splat, ConstantVector::get(Offsets), "stepped");
    };
    // A truncation of the vector (a 64-bit index's low bits) is stepped in the narrow type.
    for (User *U : make_early_inc_range(Last->users()))
      if (auto *Trunc = dyn_cast<TruncInst>(U)) {
        IRBuilder<> B(Trunc);
        Trunc->replaceAllUsesWith(Stepped(B, cast<FixedVectorType>(Trunc->getType())));
        Trunc->eraseFromParent();
      }
    if (!Last->use_empty()) {
      IRBuilder<> B(Last);
      Last->replaceAllUsesWith(Stepped(B, cast<FixedVectorType>(Last->getType())));
    }
    RecursivelyDeleteTriviallyDeadInstructions(Last);
    ++NumFolded;
    Changed = true;
  }
  return preservedAfterInstructionEdits(Changed);
}

} // namespace drawbridge::cpu
