#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Runs only the one iteration of a thread loop whose effects all sit behind a branch that
// singles out one thread (`if (lane == 0) y[row] = sum` in a run of a warp's lanes, where the
// lane is the run's first plus the iteration): the loop becomes that iteration, entered when
// the singled-out thread is among the loop's. The vectoriser made a masked store of it, one
// lane of each vector live, after loading every lane's inputs.
class RunSingledOutThreadPass : public llvm::PassInfoMixin<RunSingledOutThreadPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
