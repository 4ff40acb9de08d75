#pragma once

#include "llvm/IR/PassManager.h"

#include <string>

namespace drawbridge::cpu {

// Collects the kernel descriptors and device variables of the module into one CpuImage
// (runtime/abi/CpuAbi.h), registers it with the runtime from a constructor, and makes every
// other device definition internal so device code never clashes with host symbols.
class EmitCpuImagePass : public llvm::PassInfoMixin<EmitCpuImagePass> {
public:
  explicit EmitCpuImagePass(std::string ImageId = "test") : ImageId(std::move(ImageId)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string ImageId;
};

} // namespace drawbridge::cpu
