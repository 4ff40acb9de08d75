// DivideThroughFloatingPointPass; see DivideThroughFloatingPointPass.h.
#include "DivideThroughFloatingPointPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <cmath>

using namespace llvm;
using namespace llvm::PatternMatch;

#define DEBUG_TYPE "drawbridge-divide-through-floating-point"

STATISTIC(NumDivisions, "Integer divisions in thread loops done in floating point");
STATISTIC(NumGuards, "GPU division guards done in floating point");

namespace drawbridge::cpu {
namespace {

// Whether the vectoriser may widen L: KeepScalarizedLoopsScalar and users can say it may not.
bool mayBeVectorised(const Loop &L) {
  if (std::optional<int> Width = getOptionalIntLoopAttribute(&L, "llvm.loop.vectorize.width"))
    return *Width != 1;
  return getOptionalBoolLoopAttribute(&L, "llvm.loop.vectorize.enable").value_or(true);
}

bool isSigned(const BinaryOperator &Div) {
  return Div.getOpcode() == Instruction::SDiv || Div.getOpcode() == Instruction::SRem;
}

bool isRemainder(const BinaryOperator &Div) {
  return Div.getOpcode() == Instruction::SRem || Div.getOpcode() == Instruction::URem;
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

// GpuIntegerDivision's guard around a division, as the optimiser leaves it: the division of
// A by select(_, 1, D), then for signed ones select(D == -1, -A or 0, ...), then
// select(D == 0, -1, ...).
struct Guard {
  Value *Divisor;                        // D, the program's divisor
  SelectInst *Result;                    // the last select, whose value the program uses
  SmallVector<Instruction *, 2> Between; // the division and the -1 select, if any
};

// The select that is V's only user and picks V where Divisor equals Special, else
// OtherValue.
SelectInst *specialCaseSelect(Value *V, Value *Divisor, auto Special, auto OtherValue) {
  if (!V->hasOneUse())
    return nullptr;
  auto *S = dyn_cast<SelectInst>(V->user_back());
  if (!S || S->getFalseValue() != V ||
      !match(S->getCondition(), m_SpecificICmp(ICmpInst::ICMP_EQ, m_Specific(Divisor), Special)) ||
      !match(S->getTrueValue(), OtherValue))
    return nullptr;
  return S;
}

// Whether Test is the guard's test of Divisor: Divisor == 0, or, signed, either Divisor == 0 ||
// Divisor == -1 or InstCombine's form of it, Divisor + 1 <u 2.
bool testsUnsafeDivisor(Value *Test, Value *Divisor) {
  auto IsZero = m_SpecificICmp(ICmpInst::ICMP_EQ, m_Specific(Divisor), m_Zero());
  auto IsMinusOne = m_SpecificICmp(ICmpInst::ICMP_EQ, m_Specific(Divisor), m_AllOnes());
  return match(Test, IsZero) || match(Test, m_c_LogicalOr(IsZero, IsMinusOne)) ||
         match(Test, m_SpecificICmp(ICmpInst::ICMP_ULT, m_Add(m_Specific(Divisor), m_One()),
                                    m_SpecificInt(2)));
}

std::optional<Guard> matchGuard(BinaryOperator &Div) {
  auto *Safe = dyn_cast<SelectInst>(Div.getOperand(1));
  if (!Safe || !match(Safe->getTrueValue(), m_One()) ||
      !testsUnsafeDivisor(Safe->getCondition(), Safe->getFalseValue()))
    return std::nullopt;
  Value *Divisor = Safe->getFalseValue(), *Dividend = Div.getOperand(0);
  Guard G{Divisor, nullptr, {&Div}};
  Value *Last = &Div;
  if (isSigned(Div)) {
    SelectInst *MinusOne =
        isRemainder(Div)
            ? specialCaseSelect(&Div, Divisor, m_AllOnes(), m_Zero())
            : specialCaseSelect(&Div, Divisor, m_AllOnes(), m_Neg(m_Specific(Dividend)));
    // A remainder by the safe divisor 1 is 0 already; a quotient needs its negation.
    if (!MinusOne && !isRemainder(Div))
      return std::nullopt;
    if (MinusOne) {
      G.Between.push_back(MinusOne);
      Last = MinusOne;
    }
  }
  G.Result = specialCaseSelect(Last, Divisor, m_Zero(), m_AllOnes());
  if (!G.Result)
    return std::nullopt;
  return G;
}

// Dividend / Divisor (or the remainder) through floating point, exact. With GpuResults, the
// divisor may be anything and the result is the GPU's for 0 and, signed, -1: all bits set for
// a zero divisor (whose ratio is infinite or NaN, the only ones that are), and a quotient
// that wraps for the most negative value over -1 (whose ratio, 2^(bits-1), is the only one
// past the largest signed value).
Value *divideInFloatingPoint(IRBuilder<> &B, const BinaryOperator &Div, Value *Dividend,
                             Value *Divisor, bool GpuResults) {
  Type *IntTy = Div.getType();
  const unsigned Bits = IntTy->getIntegerBitWidth();
  // A float's 24-bit significand holds 16-bit operands exactly and keeps their quotient
  // further from the next integer than its rounding error, as a double does for 32 bits.
  Type *FpTy = Bits <= 16 ? B.getFloatTy() : B.getDoubleTy();
  const bool Signed = isSigned(Div);
  auto ToFp = [&](Value *V) { return Signed ? B.CreateSIToFP(V, FpTy) : B.CreateUIToFP(V, FpTy); };
  Value *Ratio = B.CreateFDiv(ToFp(Dividend), ToFp(Divisor));
  Value *Quotient;
  if (Signed && GpuResults) {
    const double Wrapping = std::ldexp(1.0, Bits - 1);
    Constant *Largest = ConstantFP::get(FpTy, Wrapping - 1);
    // The form of x86's minpd, which also takes a NaN ratio to Largest.
    Value *Clamped = B.CreateSelect(B.CreateFCmpOLT(Ratio, Largest), Ratio, Largest);
    Value *Wraps = B.CreateFCmpOEQ(Ratio, ConstantFP::get(FpTy, Wrapping));
    Quotient = B.CreateAdd(B.CreateFPToSI(Clamped, IntTy), B.CreateZExt(Wraps, IntTy));
  } else {
    Quotient = Signed ? B.CreateFPToSI(Ratio, IntTy) : B.CreateFPToUI(Ratio, IntTy);
  }
  Value *Result = Quotient;
  if (isRemainder(Div))
    Result = B.CreateSub(Dividend, B.CreateMul(Quotient, Divisor));
  if (!GpuResults)
    return Result;
  Value *Fabs = B.CreateUnaryIntrinsic(Intrinsic::fabs, Ratio);
  Value *ByZero = B.CreateFCmpUGT(Fabs, ConstantFP::get(FpTy, std::ldexp(1.0, Bits)));
  return B.CreateSelect(ByZero, Constant::getAllOnesValue(IntTy), Result);
}

void divideThroughFloatingPoint(BinaryOperator &Div) {
  Instruction *Replaced = &Div;
  Value *Divisor = Div.getOperand(1);
  std::optional<Guard> G = matchGuard(Div);
  if (G) {
    Replaced = G->Result;
    Divisor = G->Divisor;
    ++NumGuards;
  }
  IRBuilder<> B(Replaced);
  Value *Result = divideInFloatingPoint(B, Div, Div.getOperand(0), Divisor, G.has_value());
  Result->takeName(Replaced);
  Replaced->replaceAllUsesWith(Result);
  Replaced->eraseFromParent();
  if (G)
    for (Instruction *I : reverse(G->Between))
      I->eraseFromParent();
  ++NumDivisions;
}

// Whether V is invariant in L or will be once LICM hoists it: before the optimisation
// pipeline, a guarded division's safe divisor is computed beside the division.
bool invariantOnceHoisted(const Value *V, const Loop &L, unsigned Depth = 0) {
  if (L.isLoopInvariant(V))
    return true;
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth == 4 || I->mayReadOrWriteMemory() || isa<PHINode>(I) ||
      !isSafeToSpeculativelyExecute(I))
    return false;
  return all_of(I->operands(),
                [&](const Use &Op) { return invariantOnceHoisted(Op.get(), L, Depth + 1); });
}

// A division of an affine recurrence of L by an invariant of L: what
// VersionThreadLoopQuotients looks for.
bool dividesStepsByInvariant(const Instruction &I, const Loop &L, ScalarEvolution &SE) {
  if (!invariantOnceHoisted(I.getOperand(1), L))
    return false;
  auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(I.getOperand(0)));
  return Rec && Rec->getLoop() == &L && Rec->isAffine();
}

} // namespace

PreservedAnalyses DivideThroughFloatingPointPass::run(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  // Leaves VersionThreadLoopQuotients its divisions; scalar evolution only for a function
  // that divides by a variable at all, which most do not.
  auto LeftForVersioning = [&](const Instruction &I, const Loop &L) {
    return BeforeQuotientVersioning &&
           dividesStepsByInvariant(I, L, FAM.getResult<ScalarEvolutionAnalysis>(F));
  };
  SmallVector<BinaryOperator *> Divisions;
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    if (!L->isInnermost() || !mayBeVectorised(*L))
      continue;
    for (BasicBlock *BB : L->blocks())
      for (Instruction &I : *BB)
        if (dividesByVariable(I) && !LeftForVersioning(I, *L))
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
