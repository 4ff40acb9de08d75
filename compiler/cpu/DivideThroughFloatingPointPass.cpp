// DivideThroughFloatingPointPass; see DivideThroughFloatingPointPass.h.
#include "DivideThroughFloatingPointPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-divide-through-floating-point"

STATISTIC(NumDivisions, "Integer divisions in thread loops done in floating point");

namespace drawbridge::cpu {
namespace {

// Whether the vectoriser may widen L: KeepScalarizedLoopsScalar and users can say it may not.
bool mayBeVectorised(const Loop &L) {
  if (std::optional<int> Width = getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width"))
    return *Width != 1;
  return getOptionalBoolLoopAttribute(&L, "llvm.loop.vectorize.enable").value_or(true);
}

// A division or remainder of 32 bits or fewer by a value that is not a constant.
bool dividesByVariable(const Instruction &I) {
  switch (I.getOpcode()) {
  case Instruction::UDiv:
  case Instruction::SDiv:
  case Instruction::URem:
  case Instruction::SRem:
    break;
  default:
    return false;
  }
  auto *Ty = dyn_cast<IntegerType>(I.getType());
  return Ty && Ty->getBitWidth() <= 32 && !isa<Constant>(I.getOperand(1));
}

void divideThroughFloatingPoint(BinaryOperator &Div) {
  IRBuilder<> B(&Div);
  Type *IntTy = Div.getType();
  // A float's 24-bit significand holds 16-bit operands exactly and keeps their quotient
  // further from the next integer than its rounding error, as a double does for 32 bits.
  Type *FpTy = IntTy->getIntegerBitWidth() <= 16 ? B.getFloatTy() : B.getDoubleTy();
  const unsigned Op = Div.getOpcode();
  const bool Signed = Op == Instruction::SDiv || Op == Instruction::SRem;
  Value *Dividend = Div.getOperand(0), *Divisor = Div.getOperand(1);
  auto ToFp = [&](Value *V) { return Signed ? B.CreateSIToFP(V, FpTy) : B.CreateUIToFP(V, FpTy); };
  Value *Ratio = B.CreateFDiv(ToFp(Dividend), ToFp(Divisor));
  Value *Quotient = Signed ? B.CreateFPToSI(Ratio, IntTy) : B.CreateFPToUI(Ratio, IntTy);
  Value *Result = Quotient;
  if (Op == Instruction::URem || Op == Instruction::SRem)
    Result = B.CreateSub(Dividend, B.CreateMul(Quotient, Divisor));
  Result->takeName(&Div);
  Div.replaceAllUsesWith(Result);
  Div.eraseFromParent();
  ++NumDivisions;
}

} // namespace

PreservedAnalyses DivideThroughFloatingPointPass::run(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<BinaryOperator *> Divisions;
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    if (!L->isInnermost() || !mayBeVectorised(*L))
      continue;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (dividesByVariable(I))
          Divisions.push_back(cast<BinaryOperator>(&I));
  }
  for (BinaryOperator *Div : Divisions)
    divideThroughFloatingPoint(*Div);
  if (Divisions.empty())
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace drawbridge::cpu
