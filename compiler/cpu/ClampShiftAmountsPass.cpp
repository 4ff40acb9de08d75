// ClampShiftAmountsPass; see ClampShiftAmountsPass.h.
//
// Each shift whose amount may reach the operand's width N (an amount that is not a constant
// below N) becomes
//   shl x, n   -> n <u N ? shl x, n : 0
//   lshr x, n  -> n <u N ? lshr x, n : 0
//   ashr x, n  -> ashr x, umin(n, N - 1)
// The amount compares unsigned, as PTX reads it. Amounts the optimiser later proves to be below
// N (`n & 31`, a loop counter) lose the select again. In vectorised thread loops the select
// becomes a compare and a masked operation, and the signed shift's umin nothing (AVX2's and
// AVX-512's shifts by a variable amount give these results themselves).
#include "ClampShiftAmountsPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-clamp-shift-amounts"

STATISTIC(NumClamped, "Shifts given the GPU's results for amounts of the width or more");

namespace drawbridge::cpu {
namespace {

bool isShift(const Instruction &I) {
  return I.getOpcode() == Instruction::Shl || I.getOpcode() == Instruction::LShr ||
         I.getOpcode() == Instruction::AShr;
}

// Whether the amount may be the operand's width or more: anything but a constant (each
// element, for a vector) below it.
bool mayReachWidth(const BinaryOperator &Shift) {
  unsigned Width = Shift.getType()->getScalarSizeInBits();
  auto *C = dyn_cast<Constant>(Shift.getOperand(1));
  if (!C || C->containsUndefOrPoisonElement())
    return true;
  if (auto *CI = dyn_cast<ConstantInt>(C))
    return CI->getValue().uge(Width);
  if (auto *Vector = dyn_cast<FixedVectorType>(C->getType())) {
    for (unsigned I = 0; I < Vector->getNumElements(); ++I) {
      auto *Element = dyn_cast_or_null<ConstantInt>(C->getAggregateElement(I));
      if (!Element || Element->getValue().uge(Width))
        return true;
    }
    return false;
  }
  return true;
}

void clamp(BinaryOperator &Shift) {
  IRBuilder<> B(&Shift);
  Type *Ty = Shift.getType();
  Value *X = Shift.getOperand(0), *Amount = Shift.getOperand(1);
  Constant *Width = ConstantInt::get(Ty, Ty->getScalarSizeInBits());
  Value *Result;
  if (Shift.getOpcode() == Instruction::AShr) {
    Value *Limit = ConstantInt::get(Ty, Ty->getScalarSizeInBits() - 1);
    Result = B.CreateAShr(X, B.CreateBinaryIntrinsic(Intrinsic::umin, Amount, Limit), "",
                          Shift.isExact());
  } else {
    Value *Inside = B.CreateICmpULT(Amount, Width);
    Value *Shifted = B.CreateBinOp(Shift.getOpcode(), X, Amount);
    if (auto *Copy = dyn_cast<Instruction>(Shifted))
      Copy->copyIRFlags(&Shift);
    Result = B.CreateSelect(Inside, Shifted, Constant::getNullValue(Ty));
  }
  Shift.replaceAllUsesWith(Result);
  Result->takeName(&Shift);
  Shift.eraseFromParent();
  ++NumClamped;
}

} // namespace

PreservedAnalyses ClampShiftAmountsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<BinaryOperator *> Shifts;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (isShift(I) && I.getType()->isIntOrIntVectorTy() && mayReachWidth(cast<BinaryOperator>(I)))
        Shifts.push_back(cast<BinaryOperator>(&I));
  for (BinaryOperator *Shift : Shifts)
    clamp(*Shift);
  return Shifts.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
