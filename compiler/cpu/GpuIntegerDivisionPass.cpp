// GpuIntegerDivisionPass; see GpuIntegerDivisionPass.h.
//
// Each division or remainder whose divisor may be zero (or, signed, -1) divides by a safe
// divisor and then selects the GPU's result for the special cases:
//   x / 0 and x % 0              -> all bits set (0xffffffff; -1 when signed)
//   INT_MIN / -1                 -> INT_MIN (the quotient wraps), INT_MIN % -1 -> 0
// Divisions by other constants, the common case, are left as they are.
#include "GpuIntegerDivisionPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-gpu-integer-division"

STATISTIC(NumGuarded, "Integer divisions given the GPU's results for special divisors");

namespace drawbridge::cpu {
namespace {

bool isDivision(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    return true;
  default:
    return false;
  }
}

// Whether the divisor can be zero or, for a signed operation, -1.
bool needsGuard(const BinaryOperator &Div) {
  auto *C = dyn_cast<Constant>(Div.getOperand(1));
  if (!C)
    return true;
  bool Signed = Div.getOpcode() == Instruction::SDiv || Div.getOpcode() == Instruction::SRem;
  return C->containsUndefOrPoisonElement() || C->isNullValue() ||
         (C->getType()->isVectorTy() && !C->getSplatValue()) || (Signed && C->isAllOnesValue());
}

void guard(BinaryOperator &Div) {
  IRBuilder<> B(&Div);
  Type *Ty = Div.getType();
  Value *Dividend = Div.getOperand(0), *Divisor = Div.getOperand(1);
  Constant *Zero = Constant::getNullValue(Ty), *One = ConstantInt::get(Ty, 1);
  Constant *AllOnes = Constant::getAllOnesValue(Ty);
  bool Signed = Div.getOpcode() == Instruction::SDiv || Div.getOpcode() == Instruction::SRem;
  bool Quotient = Div.getOpcode() == Instruction::SDiv || Div.getOpcode() == Instruction::UDiv;

  Value *IsZero = B.CreateICmpEQ(Divisor, Zero);
  Value *IsMinusOne = Signed ? B.CreateICmpEQ(Divisor, AllOnes) : nullptr;
  Value *Unsafe = Signed ? B.CreateOr(IsZero, IsMinusOne) : IsZero;
  Value *SafeDivisor = B.CreateSelect(Unsafe, One, Divisor);
  Value *Result = B.CreateBinOp(Div.getOpcode(), Dividend, SafeDivisor);
  if (Signed)
    Result = B.CreateSelect(IsMinusOne, Quotient ? B.CreateNeg(Dividend) : Zero, Result);
  Result = B.CreateSelect(IsZero, AllOnes, Result);
  Div.replaceAllUsesWith(Result);
  Result->takeName(&Div);
  Div.eraseFromParent();
  ++NumGuarded;
}

} // namespace

PreservedAnalyses GpuIntegerDivisionPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<BinaryOperator *> Divisions;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (isDivision(I) && needsGuard(cast<BinaryOperator>(I)))
        Divisions.push_back(cast<BinaryOperator>(&I));
  for (BinaryOperator *Div : Divisions)
    guard(*Div);
  return Divisions.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
