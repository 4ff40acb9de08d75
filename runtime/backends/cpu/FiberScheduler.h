// Runs one thread block of a fiber kernel (cpu_abi::KernelUsesFibers): every thread gets a
// fiber with its own stack, and sites switch back to the scheduler, which releases them with
// the same rules as region kernels (BlockScheduler.h). Slower than regions, but it runs what
// regions cannot express: synchronisation inside recursive functions.
#pragma once

#include "CpuAbi.h"

namespace drawbridge::runtime::cpu {

void runFiberBlock(const cpu_abi::KernelDesc &kernel, cpu_abi::BlockContext &ctx,
                   void *const *args);

// Whether `address` is on the stack of one of this worker thread's fibers.
bool onFiberStack(const void *address);

} // namespace drawbridge::runtime::cpu
