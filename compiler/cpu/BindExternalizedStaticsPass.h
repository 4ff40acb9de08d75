#pragma once

#include "llvm/IR/PassManager.h"

namespace drawbridge::cpu {

// With -fgpu-rdc, clang renames a file-static device variable's definition to
// "<name>__static__<hash>" (so device links of several files cannot clash) but can leave the
// uses pointing at an external declaration of the plain name. This binds those uses to the
// definition. It must run on each translation unit's module before a device link merges
// them, since two files' plain names would otherwise become one symbol.
class BindExternalizedStaticsPass : public llvm::PassInfoMixin<BindExternalizedStaticsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace drawbridge::cpu
