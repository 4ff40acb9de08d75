#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Keeps a kernel's loops that hold a warp vote, warp sync, match or redux rolled: marks them
// llvm.loop.unroll.disable (over any #pragma unroll) before the simplification stage. Each
// such call is a synchronisation site, and the CPU lowering makes a region, a copy of the
// kernel's code between two sites, for every site; a fully unrolled loop multiplies them. CUB's
// radix sort ranks keys with a ballot per digit bit per item (BlockRadixRankMatch): unrolled,
// one kernel held 414 sites and compiled for minutes. Rolled, the loop goes round its site as
// any loop with a runtime trip count does. Shuffles are left alone: FuseShuffleChains fuses
// the unrolled chains of a warp reduction into one site.
class KeepVoteLoopsRolledPass : public llvm::PassInfoMixin<KeepVoteLoopsRolledPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
