// Rewrites a block- or grid-stride loop so that every thread of the block goes round it the
// same number of times, which lets the loop run in lockstep behind an ordinary barrier, with
// its counter uniform across the block and each thread's index affine in the thread:
//
//     for (i = base + tid; i < n; i += stride) body(i);
// becomes
//     for (j = base; j < n; j += stride) { barrier; i = j + tid; if (i < n) body(i); }
//
// A thread runs body for the same i, in the same order, as before: tid >= 0, so j < n holds
// whenever i < n does, and once i reaches n it stays there. Values the body carries from one
// iteration to the next go through the rounds a thread skips unchanged. A small body runs
// eight rounds (j, j + stride, ...) between two barriers, each later one only while its j is
// below n, tested in 64 bits so that it cannot wrap; for a signed counter so is i = j + tid,
// whose sign extension the body's addresses then use. A loop whose constant start, stride and
// bound leave no thread a round past the first group (`k < 2048; k += 256`, a tile) gets no
// barrier after the group, and one before each of its later rounds: its rounds lie one after
// another in memory, which a region a round reads as one stream.
#pragma once

#include "BlockUniformity.h"

#include "llvm/Analysis/LoopInfo.h"

namespace drawbridge::cpu {

// Rewrites L (a stride loop: a header phi steps by a loop-invariant stride) and puts a
// __syncthreads site at the head of its rounds, if L has the shape the rewrite needs: a guard that
// every thread of the block reaches, before the loop, and a latch that both test the induction
// variable against the same bound with < or <=, no other exit, a start of `uniform + thread
// offset`, a stride that is not a constant below 1, and values leaving the loop only through
// header phis whose value before the first iteration is what the guard's edge gives.
// Returns false, changing nothing, otherwise.
bool makeStrideRoundsUniform(llvm::Loop &L, const BlockUniformity &Uniformity);

} // namespace drawbridge::cpu
