// What happens to the exchange slots when the threads waiting at a site are released: the
// semantics of every warp collective and of __syncthreads_count/and/or, in one place.
#pragma once

#include "CpuAbi.h"

#include <cstdint>

namespace drawbridge::runtime::cpu {

// Threads [begin, end) of the block, where those whose state equals `site` take part (at
// most 32 for warp sites, all of one warp). Fills exchangeOut for the participants.
void exchangeAtSite(uint32_t kind, uint32_t site, cpu_abi::BlockContext &ctx, uint32_t begin,
                    uint32_t end);

} // namespace drawbridge::runtime::cpu
