// DivideThroughFloatingPointPass: integer divisions by a variable in a thread loop become
// floating-point divisions, which x86 has as vector instructions.
//
// x86 has no vector integer division. A thread loop that divides by a value that is not a
// constant (`i / m` with a run-time width, Thrust's examples' pixel coordinates) was vectorised
// with one extract, scalar `idiv` and insert per lane, and where the division sat under a
// branch, with a branch per lane around each: a Jump Flooding kernel of nine such divisions a
// pixel grew to 100 KB of code, slower on two cores than the plain loop on one. In an
// innermost thread loop that may be vectorised, each 32-bit division or remainder by a
// non-constant divisor becomes a `double` division of the operands converted exactly,
// truncated back (the remainder then `a - q * b`); 8- and 16-bit ones go through `float`. The
// result is exact: the quotient of two integers below 2^32 in magnitude is never within a
// double's rounding error of the next integer. A floating-point division does not trap, so the
// vectoriser computes it under a mask without branches.
//
// GpuIntegerDivision's guard around such a division (a safe divisor, then selects of the GPU's
// results for 0 and -1) is replaced as a whole: the program's divisor is divided by, a zero
// divisor is the only one that makes the ratio infinite or NaN (selecting all bits set), and
// INT_MIN / -1 the only one past the largest signed value (which wraps). Left alone, its
// selects on a divisor shared by the block are lowered as branches around vector code, and its
// size kept loops from being unswitched. The pass runs at the start of the optimisation
// pipeline, before loop unswitching, and again just before the vectoriser, for loops that
// became innermost by unrolling. Divisions by constants stay integer divisions, which LLVM
// turns into multiplications, and so do 64-bit ones, which a double cannot hold exactly.
#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

class DivideThroughFloatingPointPass : public llvm::PassInfoMixin<DivideThroughFloatingPointPass> {
public:
  // Before VersionThreadLoopQuotients, the pass leaves it the divisions of a thread's flat
  // index (an affine recurrence of the loop) by an invariant, which it makes uniform in the
  // blocks whose threads share the quotient.
  explicit DivideThroughFloatingPointPass(bool BeforeQuotientVersioning = false)
      : BeforeQuotientVersioning(BeforeQuotientVersioning) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);

private:
  bool BeforeQuotientVersioning;
};

} // namespace drawbridge::cpu
