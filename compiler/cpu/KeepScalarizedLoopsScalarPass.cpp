// KeepScalarizedLoopsScalarPass; see KeepScalarizedLoopsScalarPass.h.
#include "KeepScalarizedLoopsScalarPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-keep-scalarized-loops-scalar"

STATISTIC(NumKeptScalar, "Thread loops kept scalar for their per-lane narrow accesses");

namespace drawbridge::cpu {
namespace {

// A loop with fewer such accesses is left to the vectoriser's cost model: a few scalarised
// lanes beside vector work cost little code.
constexpr unsigned kMinScalarizedAccesses = 16;

// Whether the vectoriser would make an access of Ty through Pointer one scalar access per lane:
// narrower than the narrowest x86 gather (bytes, 16-bit integers, halves), and neither the same
// address for every thread nor consecutive ones.
bool scalarizedPerLane(Type *Ty, Value *Pointer, const Loop &L, ScalarEvolution &SE,
                       const DataLayout &DL) {
  const TypeSize Bytes = DL.getTypeStoreSize(Ty);
  if (Bytes.isScalable() || Bytes.getFixedValue() >= 4)
    return false;
  const SCEV *Address = SE.getSCEV(Pointer);
  if (SE.isLoopInvariant(Address, &L))
    return false;
  if (auto *Rec = dyn_cast<SCEVAddRecExpr>(Address); Rec && Rec->getLoop() == &L)
    if (auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE)))
      return Step->getAPInt().abs().getZExtValue() != Bytes.getFixedValue();
  return true;
}

} // namespace

PreservedAnalyses KeepScalarizedLoopsScalarPass::run(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  const DataLayout &DL = F.getDataLayout();
  LLVMContext &C = F.getContext();
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    if (!L->isInnermost())
      continue;
    unsigned Accesses = 0, Scalarized = 0;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB) {
        Type *Ty = nullptr;
        Value *Pointer = nullptr;
        if (auto *Load = dyn_cast<LoadInst>(&I)) {
          Ty = Load->getType();
          Pointer = Load->getPointerOperand();
        } else if (auto *Store = dyn_cast<StoreInst>(&I)) {
          Ty = Store->getValueOperand()->getType();
          Pointer = Store->getPointerOperand();
        } else {
          continue;
        }
        ++Accesses;
        Scalarized += scalarizedPerLane(Ty, Pointer, *L, SE, DL);
      }
    if (Scalarized < kMinScalarizedAccesses || 4 * Scalarized < Accesses)
      continue;
    auto *One = ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), 1));
    addLoopAttribute(*L, MDNode::get(C, {MDString::get(C, "llvm.loop.vectorize.width"), One}));
    addLoopAttribute(*L, MDNode::get(C, {MDString::get(C, "llvm.loop.interleave.count"), One}));
    ++NumKeptScalar;
  }
  // Loop metadata only: every analysis still holds.
  return PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
