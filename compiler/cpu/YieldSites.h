// Yield sites (cpu_abi::SiteYield) on a loop's back edges: a thread that goes round the loop
// again waits there until every other thread of its block that can run has run. Used for
// spin-wait loops (progress) and stride loops (lockstep memory access). They exchange
// nothing, so they have no site store.
#pragma once

#include "llvm/Analysis/LoopInfo.h"

#include <cstdint>

namespace drawbridge::cpu {

// Kind is SiteYield or SiteStride.
void addYieldOnBackEdges(llvm::Loop &L, uint32_t Kind);

} // namespace drawbridge::cpu
