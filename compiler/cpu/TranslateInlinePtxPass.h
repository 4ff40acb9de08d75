#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Replaces inline PTX assembly in device code by the IR it stands for (PtxAsmTranslator), so
// that code written with hand-picked PTX instructions (CUB's lane ids, shuffles with validity
// predicates, non-coherent loads and bit-field extracts; tuned kernels' carry chains and byte
// permutes) runs on the CPU. What cannot be translated is a compile error naming the
// instruction and the asm it sits in. Runs in the retarget stage, before the device builtins
// are lowered, so the NVVM intrinsics it emits are lowered with clang's own.
class TranslateInlinePtxPass : public llvm::PassInfoMixin<TranslateInlinePtxPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
