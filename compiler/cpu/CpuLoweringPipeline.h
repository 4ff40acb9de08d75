// The order of the CPU lowering, in one place. Each stage is a pass manager of its own so that
// drawbridge-device can stop after the first stage that reported an error in user code.
#pragma once

#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"

#include <string>
#include <vector>

namespace drawbridge::cpu {

struct CpuLoweringOptions {
  std::string ImageId = "test";
  // A device link: the output registers the -rdc translation units listed.
  bool DeviceLink = false;
  std::vector<std::string> LinkedModuleIds;
  // The virtual architecture compiled for, 10 * major + minor (cpu_abi::CpuImage::ptxVersion).
  uint32_t PtxVersion = 0;
  llvm::OptimizationLevel Level = llvm::OptimizationLevel::O2;
  // Empty: RetargetToHostPass's defaults (x86-64 Linux).
  std::string Triple;
  std::string DataLayout;
  // Debug information survives the regions stage (-g); without it, it goes during that stage.
  bool KeepDebugInfo = true;
};

struct LoweringStage {
  std::string Name;
  llvm::ModulePassManager Passes;
};

std::vector<LoweringStage> buildCpuLoweringStages(llvm::PassBuilder &PB,
                                                  const CpuLoweringOptions &Options);

// Registers every CPU lowering pass by its DEBUG_TYPE name (for opt -passes=...), plus
// "drawbridge-cpu-lowering" for all stages before optimisation.
void registerCpuLoweringPasses(llvm::PassBuilder &PB);

// Tells pass instrumentation the same names, so that -print-after=drawbridge-... and
// -filter-passes= name the lowering passes as opt's -passes= does.
void registerCpuLoweringPassNames(llvm::PassInstrumentationCallbacks &PIC);

} // namespace drawbridge::cpu
