#pragma once

#include "llvm/IR/PassManager.h"

#include <string>

namespace drawbridge::cpu {

// Turns an NVPTX device module from clang into one for the host CPU: sets the host triple and
// data layout, drops NVPTX target attributes and calling conventions, and records which
// functions are kernels (and their __launch_bounds__) as function attributes.
class RetargetToHostPass : public llvm::PassInfoMixin<RetargetToHostPass> {
public:
  RetargetToHostPass(std::string Triple, std::string DataLayout)
      : Triple(std::move(Triple)), DataLayout(std::move(DataLayout)) {}
  RetargetToHostPass();
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }

private:
  std::string Triple;
  std::string DataLayout;
};

} // namespace drawbridge::cpu
