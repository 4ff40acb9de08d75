// Runs one thread block of a kernel lowered into region functions (CpuAbi.h).
//
// All threads start waiting at the entry. The scheduler repeatedly releases the threads
// waiting at one site and runs them through the matching region until each stops at its next
// site or exits. Block sites (barriers) release the whole block once every live thread has
// reached one. Warp sites release per warp: within a warp, the lowest-numbered warp site with
// waiting lanes goes first, after every lane that can still run has run. Threads that exited
// do not hold back a barrier, as on Volta and later GPUs.
#pragma once

#include "CpuAbi.h"

namespace drawbridge::runtime::cpu {

void runBlock(const cpu_abi::KernelDesc &kernel, cpu_abi::BlockContext &ctx, void *const *args);

} // namespace drawbridge::runtime::cpu
