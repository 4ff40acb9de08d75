// CheckStaticSharedLimitPass; see CheckStaticSharedLimitPass.h.
//
// A kernel's static shared memory is every sized `__shared__` variable that an instruction of
// it or of a device function it calls (directly or not: recursive functions stay calls) takes
// as an operand. Their sizes are summed without the padding between them, the least any
// layout needs, so that no kernel nvcc accepts is refused; for the same reason a variable
// reached only through constant indices (a constant expression) is not counted, as NVVM may
// split such an array into scalars (nvcc accepts `__shared__ float big[13000]` used only as
// `big[5]` and `big[7]`). `extern __shared__` arrays are declarations and count nothing here;
// their size comes with the launch, which the runtime checks.
#include "CheckStaticSharedLimitPass.h"

#include "KernelInfo.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// CUDA's limit for statically sized shared memory, the same on every architecture.
constexpr uint64_t kStaticSharedLimit = 48 * 1024;

// The sized shared variables K uses, itself or through the functions it calls.
SetVector<GlobalVariable *> sharedVariablesOf(Function &K) {
  SetVector<Function *> Reached = callees(K);
  Reached.insert(&K);
  SetVector<GlobalVariable *> Found;
  for (Function *F : Reached)
    for (Instruction &I : instructions(*F))
      for (Value *Op : I.operands())
        if (auto *G = dyn_cast<GlobalVariable>(Op);
            G && hasMarker(*G, kSharedMD) && !G->isDeclaration())
          Found.insert(G);
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
