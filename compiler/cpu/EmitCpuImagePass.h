#pragma once

#include "llvm/IR/PassManager.h"

#include <cstdint>
#include <string>
#include <vector>

namespace drawbridge::cpu {

// Collects the kernel descriptors and device variables of the module into one CpuImage
// (runtime/abi/CpuAbi.h), registers it with the runtime from a constructor, and makes every
// other device definition internal so device code never clashes with host symbols.
//
// For a device link (-rdc), LinkedModuleIds names the translation units whose host code
// registers through __cudaRegisterLinkedBinary<id>; the pass defines those functions so that
// each unit registers its kernels and variables against this image.
class EmitCpuImagePass : public llvm::PassInfoMixin<EmitCpuImagePass> {
public:
  explicit EmitCpuImagePass(std::string ImageId = "test", bool DeviceLink = false,
                            std::vector<std::string> LinkedModuleIds = {}, uint32_t PtxVersion = 0)
      : ImageId(std::move(ImageId)), DeviceLink(DeviceLink),
        LinkedModuleIds(std::move(LinkedModuleIds)), PtxVersion(PtxVersion) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string ImageId;
  bool DeviceLink;
  std::vector<std::string> LinkedModuleIds;
  uint32_t PtxVersion; // cpu_abi::CpuImage::ptxVersion
};

} // namespace drawbridge::cpu
