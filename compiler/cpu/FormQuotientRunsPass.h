#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/PassManager.h"

#include <optional>

namespace drawbridge::cpu {

// Splits a thread loop that divides the thread's index by a constant power of two (`lane =
// threadIdx.x % 32`, `row = (blockIdx.x * blockDim.x + threadIdx.x) / 32`, which InstCombine
// makes `and` and `lshr`) into runs of threads that share the quotient: an outer loop over
// runs, the thread loop within a run, where the quotient is computed once for the run and
// the remainder is affine in the thread. The vectoriser then reads `rowStart[row]` once a run
// and a warp's `values[rowStart[row] + lane]` contiguously, where it gathered one a thread.
class FormQuotientRunsPass : public llvm::PassInfoMixin<FormQuotientRunsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

// The loop attribute that marks a run loop; its operand is the most iterations a run makes.
inline constexpr llvm::StringLiteral kThreadRunAttr = "drawbridge.thread.run";

// The most iterations a run loop L makes, if L is one.
std::optional<unsigned> threadRunLength(const llvm::Loop &L);

// The kThreadRunAttr loop attribute for runs of at most Length iterations.
llvm::MDNode *threadRunAttribute(llvm::LLVMContext &Ctx, unsigned Length);

} // namespace drawbridge::cpu
