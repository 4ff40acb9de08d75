#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Before AVX-512, x86's masked vector stores (VMASKMOVPS and VPMASKMOVD) are microcoded on
// AMD's cores: 42 micro-ops and one every 12 cycles on Zen 2 and Zen 3, where a plain store
// takes one. The loop vectoriser still makes them for thread loops: the masked tail of a
// row of 30 threads, the stores of a stencil's halo rows (a mask of all lanes in the rows
// that store, of none in the others) and of a bounds-checked block. On a target without
// AVX-512, a masked store with a constant mask becomes plain stores of its runs of lanes,
// and one whose mask does not depend on memory the loop reads (so that it is the same from
// block to block, and a branch on it predicts well) becomes a plain store when every lane is
// set, nothing when none is, and the masked store otherwise.
class AvoidSlowMaskedStoresPass : public llvm::PassInfoMixin<AvoidSlowMaskedStoresPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
