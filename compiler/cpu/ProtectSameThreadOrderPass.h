// ProtectSameThreadOrderPass: a thread loop in which LLVM's interleaved-access groups could
// reorder one thread's own dependent accesses loses its claim to be parallel.
//
// FormThreadRegions marks each thread loop llvm.loop.parallel_accesses: its iterations (the
// block's threads) do not depend on each other between two barriers. Loop access analysis then
// records no dependences for the loop at all, and the vectoriser's interleaved-access grouping
// reads the empty list as "nothing depends on anything", also within one iteration. It groups
// strided loads at the first one and strided stores at the last one, so a load of temp[2t + 1]
// that follows the thread's own store to temp[2t + 1] is moved above that store (HeCBench's
// scan: the last down-sweep step, then the copy of temp[2t] and temp[2t + 1] with no barrier
// between). Before the vectoriser, an innermost thread loop holding a store followed, in the
// vectoriser's order of the loop's accesses, by an access that may reach the same bytes in the
// same iteration, one of the two with a constant stride other than one element, has the marking
// removed: loop access analysis then checks its dependences, which keeps the order (with run-time
// checks where it needs them, or no vectorisation where it cannot tell). Two accesses are apart
// when one goes through the runtime's per-thread slots and the other through shared memory or a
// kernel parameter, when their addresses' difference never comes within their sizes of zero
// (by its residue modulo the steps and factors it is made of), or when alias analysis says so.
#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

class ProtectSameThreadOrderPass : public llvm::PassInfoMixin<ProtectSameThreadOrderPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
