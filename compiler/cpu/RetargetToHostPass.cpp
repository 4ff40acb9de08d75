// RetargetToHostPass: the first CPU lowering step.
//
// Clang compiles CUDA device code for nvptx64-nvidia-cuda. The IR is close to what a host
// compile would give (same type sizes, 64-bit generic pointers, structs laid out with the host
// as aux triple), so the CPU back end starts from it and only swaps the target: triple, data
// layout, the per-function "target-cpu"/"target-features" of sm_XX, and the PTX calling
// conventions. Kernels are found in !nvvm.annotations (and the ptx_kernel calling convention
// newer clangs use) and marked with a function attribute that later passes read.
#include "RetargetToHostPass.h"

#include "KernelInfo.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-retarget"

namespace drawbridge::cpu {

// What lit tests get when they run the pass alone through opt.
RetargetToHostPass::RetargetToHostPass()
    : Triple("x86_64-unknown-linux-gnu"),
      DataLayout(
          "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128") {}

static void readAnnotations(Module &M) {
  NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return;
  for (MDNode *Node : Annotations->operands()) {
    if (Node->getNumOperands() < 3)
      continue;
    auto *FnMD = dyn_cast_or_null<ValueAsMetadata>(Node->getOperand(0).get());
    auto *F = FnMD ? dyn_cast<Function>(FnMD->getValue()->stripPointerCasts()) : nullptr;
    if (!F)
      continue;
    // Operands come in (name, value) pairs after the function.
    for (unsigned I = 1; I + 1 < Node->getNumOperands(); I += 2) {
      auto *Key = dyn_cast<MDString>(Node->getOperand(I));
      auto *Value = mdconst::dyn_extract<ConstantInt>(Node->getOperand(I + 1));
      if (!Key || !Value)
        continue;
      if (Key->getString() == "kernel" && Value->getZExtValue() == 1)
        markKernel(*F);
      else if (Key->getString() == "maxntidx" || Key->getString() == "maxntidy" ||
               Key->getString() == "maxntidz") {
        // __launch_bounds__(N) gives maxntidx = N; the total is what launches check.
        uint64_t Total = Value->getZExtValue();
        if (F->hasFnAttribute(kMaxThreadsAttr)) {
          uint64_t Known = 0;
          F->getFnAttribute(kMaxThreadsAttr).getValueAsString().getAsInteger(10, Known);
          Total *= Known;
        }
        F->addFnAttr(kMaxThreadsAttr, std::to_string(Total));
      }
    }
  }
  Annotations->eraseFromParent();
}

PreservedAnalyses RetargetToHostPass::run(Module &M, ModuleAnalysisManager &) {
  readAnnotations(M);
  M.setTargetTriple(Triple);
  M.setDataLayout(DataLayout);
  for (Function &F : M) {
    if (F.getCallingConv() == CallingConv::PTX_Kernel)
      markKernel(F);
    if (F.getCallingConv() == CallingConv::PTX_Kernel ||
        F.getCallingConv() == CallingConv::PTX_Device)
      F.setCallingConv(CallingConv::C);
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
    // The CPU pipeline chooses its own optimisation level (clang's -O0 marks everything
    // optnone); kernels are entered through region functions and never called directly.
    F.removeFnAttr(Attribute::OptimizeNone);
    if (isKernel(F))
      F.removeFnAttr(Attribute::NoInline);
  }
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *CB = dyn_cast<CallBase>(&I);
          CB && (CB->getCallingConv() == CallingConv::PTX_Kernel ||
                 CB->getCallingConv() == CallingConv::PTX_Device))
        CB->setCallingConv(CallingConv::C);
  return PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
