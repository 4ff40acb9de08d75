#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Prefetches, before each row of a thread loop, the memory the same row of the next block will
// read. A GPU-style kernel reads its block's piece of an array and then works on it in shared
// memory for longer than the read took; on a GPU other blocks' reads fill that time, but a CPU
// worker runs its blocks one after another, so memory idles while a block computes and each
// block's first region then waits for its data (a block reduction's load region stalled for a
// third of the kernel's time). A worker runs a contiguous share of the grid in order, its
// next blocks blockIdx.x + 1 and + 2, so each row of the entry region's thread loop prefetches
// the lines that its kernel-pointer loads and stores, affine in the thread index, would touch
// with blockIdx.x two higher (for writing where it stores: a store to a line the core does not
// own waits for the line as a load does); lines it reads go to L2. A later region that each block
// also runs once (a tile's write-back after the last barrier, a round of a tile's load) does the
// same for its loads, and for its stores in rows that touch several stretches. A grid-stride loop's
// interleaved rounds run a group of rounds after another for one block; their region's rows
// prefetch what the next group will read instead. A prefetch never faults, so a guessed address
// past the grid costs nothing but the instruction.
class PrefetchNextBlockPass : public llvm::PassInfoMixin<PrefetchNextBlockPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
};

} // namespace drawbridge::cpu
