// Makes the CPU lowering passes available to `opt -load-pass-plugin` for lit tests.
#include "CpuLoweringPipeline.h"

#include "llvm/Passes/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::llvm::PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "DrawbridgeCpu", LLVM_VERSION_STRING,
          [](llvm::PassBuilder &PB) { drawbridge::cpu::registerCpuLoweringPasses(PB); }};
}
