// The block scheduler; see BlockScheduler.h.
#include "backends/cpu/BlockScheduler.h"

#include "backends/cpu/FiberScheduler.h"
#include "backends/cpu/WarpExchange.h"

#include <algorithm>

namespace drawbridge::runtime::cpu {

using namespace cpu_abi;

namespace {

// Runs the lanes of one warp from `released` (entry or a block site) until all of them wait
// at block sites or have exited.
void runWarp(const KernelDesc &k, BlockContext &ctx, void *const *args, uint32_t released,
             uint32_t begin, uint32_t end) {
  uint32_t site = released;
  for (;;) {
    k.regions[site](args, &ctx, begin, end);
    uint32_t next = kThreadExited;
    for (uint32_t t = begin; t < end; ++t) {
      uint32_t s = ctx.state[t];
      if (s != kThreadExited && isWarpSite(k.siteKinds[s]))
        next = std::min(next, s);
    }
    if (next == kThreadExited)
      return;
    exchangeAtSite(k.siteKinds[next], next, ctx, begin, end);
    site = next;
  }
}

} // namespace

void runBlock(const KernelDesc &k, BlockContext &ctx, void *const *args) {
  if (k.flags & KernelUsesFibers) {
    runFiberBlock(k, ctx, args);
    return;
  }
  const uint32_t n = ctx.numThreads;
  if (k.numRegions == 1) {
    k.regions[0](args, &ctx, 0, n);
    return;
  }
  std::fill(ctx.state, ctx.state + n, 0u);
  const bool byWarp = k.flags & KernelHasWarpSites;
  uint32_t released = 0;
  for (;;) {
    if (byWarp) {
      for (uint32_t begin = 0; begin < n; begin += kWarpSize)
        runWarp(k, ctx, args, released, begin, std::min(n, begin + kWarpSize));
    } else {
      k.regions[released](args, &ctx, 0, n);
    }
    // Every live thread now waits at a block site; release the lowest one.
    uint32_t next = kThreadExited;
    for (uint32_t t = 0; t < n; ++t)
      next = std::min(next, ctx.state[t]);
    if (next == kThreadExited)
      return;
    exchangeAtSite(k.siteKinds[next], next, ctx, 0, n);
    released = next;
  }
}

} // namespace drawbridge::runtime::cpu
