#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Tells the loop vectoriser which vector functions compute a math call for a whole vector of
// threads. A thread loop that calls expf or sin is vectorised across threads like any other,
// but without a vector form of the call the vectoriser makes one scalar call per lane, and the
// calls cost more than the rest of the loop. glibc's libmvec (part of every x86-64 glibc, and
// linked through libm's linker script) has SSE, AVX2 and AVX-512 versions of the common math
// functions. Before vectorisation, each call to one of them whose libmvec version meets the
// CUDA bound (docs/math-accuracy.md) gets a `vector-function-abi-variant` attribute naming the
// versions that fit the target's vector registers, with their declarations. The vectoriser
// then picks the one for its vectorisation factor, or keeps the scalar call.
class AttachVectorMathPass : public llvm::PassInfoMixin<AttachVectorMathPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
