// The vector expf of VectorExpf.h.
//
// In double precision: t = x / ln 2 splits into an integer k and r = t - k in [-1/2, 1/2]
// (adding and subtracting 1.5 * 2^52 rounds t to an integer, and leaves k in the low bits of
// the sum, so no conversion instruction is needed); 2^r is a degree-8 Taylor polynomial
// (coefficients ln(2)^n / n!, truncation error below 3e-10 relative, against 6e-8 for a float
// ulp); the result is that times 2^k, built as the double with exponent field k + 1023, and
// rounded once to float. x is clamped to [-104, 89] first, past which the float result is 0 or
// infinity either way, so that k stays in the double's exponent range; a NaN goes through.
#include "VectorExpf.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace drawbridge::cpu {

void emitVectorExpf(Function &Fn) {
  LLVMContext &C = Fn.getContext();
  auto *FloatVector = cast<FixedVectorType>(Fn.getReturnType());
  const unsigned Lanes = FloatVector->getNumElements();
  auto *DoubleVector = FixedVectorType::get(Type::getDoubleTy(C), Lanes);
  auto *IntVector = FixedVectorType::get(Type::getInt64Ty(C), Lanes);
  IRBuilder<> B(BasicBlock::Create(C, "entry", &Fn));
  auto Splat = [&](double V) { return ConstantFP::get(DoubleVector, V); };

  Value *X = Fn.getArg(0);
  Value *High = ConstantFP::get(FloatVector, 89.0), *Low = ConstantFP::get(FloatVector, -104.0);
  Value *Clamped = B.CreateSelect(B.CreateFCmpOGT(X, High), High, X);
  Clamped = B.CreateSelect(B.CreateFCmpOLT(Clamped, Low), Low, Clamped);
  Value *T = B.CreateFMul(B.CreateFPExt(Clamped, DoubleVector), Splat(1.4426950408889634), "t");
  const double Shifter = 0x1.8p52;
  Value *Shifted = B.CreateFAdd(T, Splat(Shifter), "shifted");
  Value *K = B.CreateFSub(Shifted, Splat(Shifter), "k");
  Value *R = B.CreateFSub(T, K, "r");

  constexpr int Degree = 8;
  double Coefficients[Degree + 1];
  Coefficients[0] = 1.0;
  for (int N = 1; N <= Degree; ++N)
    Coefficients[N] = Coefficients[N - 1] * 0.6931471805599453 / N;
  Value *P = Splat(Coefficients[Degree]);
  for (int N = Degree - 1; N >= 0; --N)
    P = B.CreateIntrinsic(Intrinsic::fmuladd, {DoubleVector}, {P, R, Splat(Coefficients[N])});

  Value *Exponent =
      B.CreateAdd(B.CreateBitCast(Shifted, IntVector), ConstantInt::get(IntVector, 1023));
  Value *Scale = B.CreateBitCast(B.CreateShl(Exponent, ConstantInt::get(IntVector, 52)),
                                 DoubleVector, "scale");
  Value *Result = B.CreateFPTrunc(B.CreateFMul(P, Scale), FloatVector);
  B.CreateRet(B.CreateSelect(B.CreateFCmpUNO(X, X), X, Result));
}

} // namespace drawbridge::cpu
