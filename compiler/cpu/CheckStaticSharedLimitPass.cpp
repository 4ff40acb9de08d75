// CheckStaticSharedLimitPass; see CheckStaticSharedLimitPass.h.
//
// A kernel's static shared memory is every sized `__shared__` variable that it or a device
// function it calls (directly or not: recursive functions stay calls) uses. Their sizes are
// summed without the padding between them, the least any layout needs, so that no kernel nvcc
// accepts is refused. `extern __shared__` arrays are declarations and count nothing here;
// their size comes with the launch, which the runtime checks.
#include "CheckStaticSharedLimitPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// CUDA's limit for statically sized shared memory, the same on every architecture.
constexpr uint64_t kStaticSharedLimit = 48 * 1024;

// The sized shared variables K uses, itself or through the functions it calls.
SetVector<GlobalVariable *> sharedVariablesOf(Function &K) {
  SetVector<GlobalVariable *> Found;
  SetVector<Function *> Reached;
  Reached.insert(&K);
  for (size_t Next = 0; Next < Reached.size(); ++Next)
    for (Instruction &I : instructions(*Reached[Next])) {
      if (auto *Call = dyn_cast<CallBase>(&I))
        if (Function *Callee = Call->getCalledFunction(); Callee && !Callee->isDeclaration())
          Reached.insert(Callee);
      for (Value *Op : I.operands()) {
        auto *G = dyn_cast<GlobalVariable>(Op->stripPointerCasts());
        if (G && hasMarker(*G, kSharedMD) && !G->isDeclaration())
          Found.insert(G);
      }
    }
  return Found;
}

uint64_t staticSharedBytes(const SetVector<GlobalVariable *> &Shared, const DataLayout &DL) {
  uint64_t Bytes = 0;
  for (GlobalVariable *G : Shared)
    Bytes += DL.getTypeAllocSize(G->getValueType());
  return Bytes;
}

} // namespace

PreservedAnalyses CheckStaticSharedLimitPass::run(Module &M, ModuleAnalysisManager &) {
  for (Function &K : M) {
    if (K.isDeclaration() || !isKernel(K))
      continue;
    const uint64_t Bytes = staticSharedBytes(sharedVariablesOf(K), M.getDataLayout());
    if (Bytes <= kStaticSharedLimit)
      continue;
    DebugLoc At;
    if (DISubprogram *SP = K.getSubprogram())
      At = DILocation::get(K.getContext(), SP->getLine(), 0, SP);
    K.getContext().diagnose(DiagnosticInfoUnsupported(
        K,
        "kernel '" + demangle(K.getName().str()) + "' uses too much shared data (" + Twine(Bytes) +
            " bytes, " + Twine(kStaticSharedLimit) +
            " max): CUDA limits statically sized __shared__ variables to 48 KB a block, and "
            "nvcc refuses this kernel too; for more, declare the array 'extern __shared__', "
            "give its size at launch and allow it with cudaFuncSetAttribute(kernel, "
            "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes)",
        At, DS_Error));
  }
  return PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
