// What happens to the exchange slots when threads waiting at a site are released: the
// semantics of every warp collective and of __syncthreads_count/and/or, in one place.
#pragma once

#include "CpuAbi.h"

#include <cstdint>

namespace drawbridge::runtime::cpu {

// Warp collectives: the lanes of one warp, threads [begin, end) of the block, whose bit is set
// in `participants` take part. Fills exchangeOut for them.
void exchangeInWarp(uint32_t kind, uint32_t participants, cpu_abi::BlockContext &ctx,
                    uint32_t begin, uint32_t end);

// Block sites: every thread waiting at `site` takes part.
void exchangeInBlock(uint32_t kind, uint32_t site, cpu_abi::BlockContext &ctx);

} // namespace drawbridge::runtime::cpu
