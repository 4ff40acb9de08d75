// Emits the KernelDesc (runtime/abi/CpuAbi.h) of a lowered kernel: the one place that knows
// the descriptor's field order, shared by region and fiber kernels.
#pragma once

#include "llvm/ADT/ArrayRef.h"
#include "llvm/IR/Function.h"

#include <cstdint>
#include <string>
#include <vector>

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

// What nvcc -res-usage reports for a kernel, read back from its descriptor.
struct KernelResources {
  std::string Name; // the device-side (mangled) name
  uint32_t StaticSharedBytes = 0;
  uint32_t Regions = 0;
  uint32_t FrameBytesPerThread = 0;
  uint32_t LocalBytesPerThread = 0;
  bool UsesFibers = false;
};

// Every kernel descriptor emitKernelDescriptor added to M.
std::vector<KernelResources> readKernelResources(const llvm::Module &M);

} // namespace drawbridge::cpu
