// RecomputeEquivalentPhisPass; see RecomputeEquivalentPhisPass.h.
//
// Two incoming values are equivalent when they are one value that dominates the phi's block,
// or instructions of the same operation (isSameOperationAs: opcode, types, predicate, GEP
// source type) that neither touch memory nor have other effects, whose operands are pairwise
// equivalent, at most kMaxDepth operations deep. Every copy computes the same value from the
// same shared values, so one copy at the top of the phi's block gives the phi's value on every
// path; its poison flags (nsw, nuw, exact, inbounds) are those all the copies carry. The
// copies on the paths stay for their other users.
#include "RecomputeEquivalentPhisPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-recompute-equivalent-phis"

STATISTIC(NumRecomputed, "Phis of one computation made on each path recomputed after them");

namespace drawbridge::cpu {
namespace {

// How many operations deep the copies are compared: `out[y * nx + x]` is a GEP, a sign
// extension, an add and a multiply.
constexpr unsigned kMaxDepth = 6;

// Whether V is, through at most Depth integer operations, casts and GEPs, the address of a
// load or a store: the phis worth a copy more (a phi of values that feed arithmetic alone gives
// the vectoriser nothing to gain).
bool feedsAddress(const Value &V, unsigned Depth) {
  for (const User *U : V.users()) {
    if (const auto *Load = dyn_cast<LoadInst>(U); Load && Load->getPointerOperand() == &V)
      return true;
    if (const auto *Store = dyn_cast<StoreInst>(U); Store && Store->getPointerOperand() == &V)
      return true;
    if (Depth > 0 && (isa<GetElementPtrInst>(U) || isa<CastInst>(U) || isa<BinaryOperator>(U)) &&
        feedsAddress(*U, Depth - 1))
      return true;
  }
  return false;
}

bool recomputable(const Instruction &I) {
  return !isa<PHINode>(I) && !isa<CallBase>(I) && !isa<AllocaInst>(I) && !I.isTerminator() &&
         !I.isEHPad() && !I.mayReadOrWriteMemory() && !I.mayHaveSideEffects();
}

class Recomputer {
public:
  Recomputer(Instruction &At, const DominatorTree &DT) : At(At), DT(DT) {}

  // Whether the values in Copies are one computation that can be made again at At.
  bool equivalent(ArrayRef<Value *> Copies, unsigned Depth) const {
    Value *First = Copies.front();
    if (all_of(Copies, [&](Value *V) { return V == First; }))
      return !isa<Instruction>(First) || DT.dominates(cast<Instruction>(First), &At);
    auto *I = dyn_cast<Instruction>(First);
    if (!I || Depth == 0 || !recomputable(*I))
      return false;
    for (Value *V : drop_begin(Copies)) {
      auto *Other = dyn_cast<Instruction>(V);
      if (!Other || !I->isSameOperationAs(Other))
        return false;
    }
    for (unsigned K = 0; K < I->getNumOperands(); ++K)
      if (!equivalent(operands(Copies, K), Depth - 1))
        return false;
    return true;
  }

  // The computation of Copies (equivalent) made at At, its shared values reused.
  Value *recompute(ArrayRef<Value *> Copies) const {
    Value *First = Copies.front();
    if (all_of(Copies, [&](Value *V) { return V == First; }))
      return First;
    Instruction *Copy = cast<Instruction>(First)->clone();
    for (Value *V : drop_begin(Copies))
      Copy->andIRFlags(V);
    for (unsigned K = 0; K < Copy->getNumOperands(); ++K)
      Copy->setOperand(K, recompute(operands(Copies, K)));
    Copy->insertBefore(&At);
    return Copy;
  }

private:
  static SmallVector<Value *, 4> operands(ArrayRef<Value *> Copies, unsigned K) {
    SmallVector<Value *, 4> Operands;
    for (Value *V : Copies)
      Operands.push_back(cast<Instruction>(V)->getOperand(K));
    return Operands;
  }

  Instruction &At;
  const DominatorTree &DT;
};

} // namespace

PreservedAnalyses RecomputeEquivalentPhisPass::run(Function &F, FunctionAnalysisManager &FAM) {
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  bool Changed = false;
  for (BasicBlock &BB : F) {
    SmallVector<PHINode *, 4> Phis;
    for (PHINode &Phi : BB.phis())
      if (Phi.getNumIncomingValues() > 1)
        Phis.push_back(&Phi);
    for (PHINode *Phi : Phis) {
      SmallVector<Value *, 4> Copies(Phi->incoming_values());
      if (!isa<Instruction>(Copies.front()) || all_equal(Copies) || !feedsAddress(*Phi, kMaxDepth))
        continue;
      if (BB.getFirstInsertionPt() == BB.end())
        continue;
      Recomputer R(*BB.getFirstInsertionPt(), DT);
      if (!R.equivalent(Copies, kMaxDepth))
        continue;
      Phi->replaceAllUsesWith(R.recompute(Copies));
      Phi->eraseFromParent();
      ++NumRecomputed;
      Changed = true;
    }
  }
  return preservedAfterInstructionEdits(Changed);
}

} // namespace drawbridge::cpu
