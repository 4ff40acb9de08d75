// Which of a block's threads a region sends on to a site, so that the region can go on into
// the next region itself where otherwise it would ask the runtime to pass over every thread's
// state: all of them when the first one gets there, because every branch that could part them
// on the way is taken by all threads alike or rejoins first (a tiled loop's bounds test, a
// reduction step's `if (tid < s)`); or the run one test of the thread's index against a
// constant sends there while every other thread leaves the kernel: the tail of a reduction
// (`if (tid < 32) { shuffles }`, cooperative groups' `if (cta.thread_rank() < 32)`).
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/BasicBlock.h"

#include <cstdint>
#include <optional>

namespace drawbridge::cpu {

// The threads that reach the site: [0, Bound) (Prefix) or [Bound, threads) of the block,
// clamped to its size. FlatIndex: the test reads the thread's index in the block; otherwise it
// reads threadIdx.x, and the run is that only when the block is one row (blockDim.x threads).
struct ThreadRangeSplit {
  uint32_t Bound = 0;
  bool Prefix = true;
  bool FlatIndex = true;
};

// For the code a thread runs from First until it reaches a site (an edge into SiteBlocks[s -
// 1] reaches site s) or leaves the kernel: the split when exactly one conditional branch, on
// `index <op> constant`, is passed once by every thread that gets anywhere, its one side
// reaching site Next alone and the other only leaving the kernel, with no other way to a site
// or out of the kernel. Edges into site Ignored (a barrier-rounds region's own barrier, which
// the caller checks no thread came back to) do not count.
std::optional<ThreadRangeSplit> findThreadRangeSplit(llvm::BasicBlock *First,
                                                     llvm::ArrayRef<llvm::BasicBlock *> SiteBlocks,
                                                     unsigned Next,
                                                     std::optional<unsigned> Ignored);

// For the same code: whether every thread that gets anywhere ends at site Next when the first
// one does. Each conditional branch on the way is one IsUniform accepts (all threads take it
// the same way), one from which Next cannot be reached, or one whose sides meet again at its
// immediate post-dominator in the kernel (PDT) with no site or way out of the kernel between.
bool arrivesTogether(llvm::BasicBlock *First, llvm::ArrayRef<llvm::BasicBlock *> SiteBlocks,
                     unsigned Next, const llvm::PostDominatorTree &PDT,
                     llvm::function_ref<bool(const llvm::Instruction &)> IsUniform);

} // namespace drawbridge::cpu
