// DivideThroughFloatingPointPass: integer divisions by a variable in a thread loop become
// floating-point divisions, which x86 has as vector instructions.
//
// x86 has no vector integer division. A thread loop that divides by a value that is not a
// constant (`i / m` with a run-time width, Thrust's examples' pixel coordinates) was vectorised
// with one extract, scalar `idiv` and insert per lane, and where the division sat under a
// branch, with a branch per lane around each: a Jump Flooding kernel of nine such divisions a
// pixel grew to 100 KB of code, slower on two cores than the plain loop on one. Before the
// vectoriser, each 32-bit division or remainder by a non-constant divisor in an innermost thread
// loop that may be vectorised becomes a `double` division of the operands converted exactly,
// truncated back (the remainder then `a - q * b`); 8- and 16-bit ones go through `float`. The
// result is exact: the quotient of two integers below 2^32 in magnitude is never within a
// double's rounding error of the next integer. A floating-point division does not trap, so the
// vectoriser computes it under a mask without branches. GpuIntegerDivision has already
// replaced divisors of zero (and -1, signed) by 1, so no conversion overflows. Divisions by
// constants stay integer divisions, which LLVM turns into multiplications, and so do 64-bit
// ones, which a double cannot hold exactly.
#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

class DivideThroughFloatingPointPass : public llvm::PassInfoMixin<DivideThroughFloatingPointPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
