// Emits the KernelDesc (runtime/abi/CpuAbi.h) of a lowered kernel: the one place that knows
// the descriptor's field order, shared by region and fiber kernels.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"

#include <cstdint>

namespace drawbridge::cpu {

struct KernelDescriptorFields {
  uint64_t StaticSharedBytes = 0;
  llvm::ArrayRef<llvm::Function *> Regions;
  llvm::ArrayRef<uint32_t> SiteKinds;
  uint64_t FrameBytesPerThread = 0;
  uint32_t Flags = 0;
  llvm::Function *FiberEntry = nullptr;
};

// Adds `<kernel>.desc` (marked with kKernelDescMD) describing kernel K, which must still have
// its original parameters.
void emitKernelDescriptor(llvm::Function &K, const KernelDescriptorFields &Fields);

} // namespace drawbridge::cpu
