// Finds the phis that stand for one value. The optimiser folds a value to a constant on paths
// where a branch fixed what it is computed from: after `if (threadIdx.x == 0) { ... }`, a
// `threadIdx.x / 32` used past the join becomes `phi [0, then], [tid / 32, else]`. Such a phi
// is still that value on every path, and a pass that wants the value's expression (to compute
// it again rather than keep it per thread) can take the expression instead of the phi.
#pragma once

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"

namespace drawbridge::cpu {

class PhiStandIns {
public:
  // Finds them all at once: a caller may then rewrite the phis' operands (give each incoming
  // value a copy of its own) and still ask what each phi was.
  explicit PhiStandIns(llvm::Function &F);

  // The one value Phi equals on every path, or null: each incoming value is that value V, the
  // same expression as V computed again (the optimiser leaves a copy in each arm of a branch
  // that both compute it, sometimes reassociated: equal as scalar evolution reads them), or a
  // constant V folds to when an operand of V's expression takes the constant a dominating
  // `icmp eq` (true edge) or `icmp ne` (false edge) compared it with.
  llvm::Value *standIn(const llvm::PHINode &Phi) const { return Known.lookup(&Phi); }

private:
  llvm::DenseMap<const llvm::PHINode *, llvm::Value *> Known;
};

} // namespace drawbridge::cpu
