#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Gives shifts in device code the results NVIDIA GPUs give where C++ leaves them undefined: a
// shift by the operand's width or more yields 0 (left, or right unsigned) or the sign in every
// bit (right signed), as PTX's shl/shr clamp the amount to the width. An x86 scalar shift
// takes the amount modulo the width instead (`x << 32` is x), and LLVM treats such a shift as
// poison. Real code relies on the GPU's result: Rodinia's huffman packs its bits with
// `word << (32 - bit)` where bit may be 0.
class ClampShiftAmountsPass : public llvm::PassInfoMixin<ClampShiftAmountsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
