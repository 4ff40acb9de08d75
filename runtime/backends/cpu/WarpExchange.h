// What happens to the exchange slots when threads waiting at a site are released: the
// semantics of every warp collective and of __syncthreads_count/and/or, in one place.
#pragma once

#include "CpuAbi.h"

#include <cstdint>

namespace drawbridge::runtime::cpu {

// The participant mask of a whole warp of `lanes` lanes.
constexpr uint32_t allLanes(uint32_t lanes) {
  return lanes >= cpu_abi::kWarpSize ? ~0u : (1u << lanes) - 1;
}

// Warp collectives: the lanes of one warp, threads [begin, end) of the block, whose bit is set
// in `participants` take part. Fills exchangeOut for them (for a shuffle in a region kernel,
// with every lane's input: the region reads its source's slot itself).
void exchangeInWarp(uint32_t kind, uint32_t participants, cpu_abi::BlockContext &ctx,
                    uint32_t begin, uint32_t end);

// A warp collective every thread of the block waits at, all with the member mask of thread
// 0: exchanges in every warp (the last one may be partial), as exchangeInWarp would with all
// lanes taking part, but in one pass per kind (a shuffle swaps exchangeIn and exchangeOut).
void exchangeWholeWarps(uint32_t kind, cpu_abi::BlockContext &ctx);

// Block sites: every thread waiting at `site` takes part.
void exchangeInBlock(uint32_t kind, uint32_t site, cpu_abi::BlockContext &ctx);

} // namespace drawbridge::runtime::cpu
