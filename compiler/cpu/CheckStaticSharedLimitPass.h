#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// Refuses a kernel whose `__shared__` variables of fixed size come to more than 48 KB, as
// NVIDIA's toolchain does (ptxas: "uses too much shared data"): CUDA gives statically sized
// shared memory 48 KB a block on every architecture, and more only to dynamic shared memory
// that the kernel opts into with cudaFuncSetAttribute. The CPU would run such a kernel, but
// the program would not build with nvcc, and a user porting code should learn that here. The
// error names the kernel's line, the size and the way out.
class CheckStaticSharedLimitPass : public llvm::PassInfoMixin<CheckStaticSharedLimitPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
