// Which values of a kernel are the same for every thread of a block that computes them
// (divergence analysis, on the kernel before region formation). A value is uniform when it is
// computed only from kernel parameters (struct parameters passed by value included, read
// through their pointer), constants, the block's and grid's coordinates and loads of shared
// memory that no thread may write between the barriers around the load (a block's aggregate
// handed out through a __shared__ variable),
// and, for a phi, when the threads that reach it cannot have come by different edges
// because of a branch that depends on the thread. Everything else (thread indices, loads,
// atomics, calls, locals, site results) is divergent. Uniform values crossing a site need no
// copy per thread: FormThreadRegionsPass reads them once per region call.
#pragma once

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"

namespace drawbridge::cpu {

class BlockUniformity {
public:
  explicit BlockUniformity(llvm::Function &F);
  bool isUniform(const llvm::Value *V) const { return !Divergent.contains(V); }
  // Whether the value Def has at this use is the same for every thread that gets there: Def is
  // uniform and, if threads may leave a loop around Def after different numbers of iterations,
  // the use is inside that loop.
  bool isUniformAt(const llvm::Instruction &Def, const llvm::Use &U) const;
  // Whether every thread of the block that runs the function reaches BB as often as the
  // others: no branch on a divergent condition decides whether (or how often) a thread gets
  // there before the paths it splits meet again.
  bool isUniformlyReached(const llvm::BasicBlock &BB) const {
    return !DivergentlyReached.contains(&BB);
  }

private:
  llvm::DenseSet<const llvm::Value *> Divergent;
  llvm::DenseSet<const llvm::BasicBlock *> DivergentlyReached;
  // The blocks of each loop that threads may leave after different numbers of iterations.
  llvm::SmallVector<llvm::SmallPtrSet<const llvm::BasicBlock *, 16>, 2> DivergentLoops;
};

} // namespace drawbridge::cpu
