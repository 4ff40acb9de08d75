// The KernelDesc of CpuAbi.h as an LLVM constant; see KernelDescriptor.h.
#include "KernelDescriptor.h"

#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

namespace drawbridge::cpu {
namespace {

Constant *nullPointer(LLVMContext &C) { return ConstantPointerNull::get(PointerType::get(C, 0)); }

Constant *internalArray(Module &M, Type *EltTy, ArrayRef<Constant *> Elts, const Twine &Name) {
  if (Elts.empty())
    return nullPointer(M.getContext());
  auto *Ty = ArrayType::get(EltTy, Elts.size());
  return new GlobalVariable(M, Ty, true, GlobalValue::InternalLinkage, ConstantArray::get(Ty, Elts),
                            Name);
}

Constant *u32Array(Module &M, ArrayRef<uint32_t> Values, const Twine &Name) {
  Type *I32 = Type::getInt32Ty(M.getContext());
  SmallVector<Constant *> Elts;
  for (uint32_t V : Values)
    Elts.push_back(ConstantInt::get(I32, V));
  return internalArray(M, I32, Elts, Name);
}

// KernelUsesPrintf / KernelUsesMalloc if K or a function it calls uses them.
uint32_t runtimeServiceFlags(Function &K) {
  uint32_t Flags = 0;
  SmallPtrSet<Function *, 8> Seen{&K};
  SmallVector<Function *> Worklist{&K};
  while (!Worklist.empty()) {
    Function *F = Worklist.pop_back_val();
    for (Instruction &I : instructions(*F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      Function *Callee = CB ? CB->getCalledFunction() : nullptr;
      if (!Callee)
        continue;
      if (Callee->getName() == "__drawbridge_vprintf")
        Flags |= KernelUsesPrintf;
      else if (Callee->getName() == "__drawbridge_device_malloc" ||
               Callee->getName() == "__drawbridge_device_aligned_malloc")
        Flags |= KernelUsesMalloc;
      else if (!Callee->isDeclaration() && Seen.insert(Callee).second)
        Worklist.push_back(Callee);
    }
  }
  return Flags;
}

// KernelFlushesSubnormals if clang compiled K with -fgpu-flush-denormals-to-zero (nvcc's
// -ftz=true), which makes its float denormal mode flush.
uint32_t floatModeFlags(const Function &K) {
  Attribute Mode = K.getFnAttribute("denormal-fp-math-f32");
  if (!Mode.isValid())
    return 0;
  StringRef Output = Mode.getValueAsString().split(',').first;
  return Output == "preserve-sign" || Output == "positive-zero" ? KernelFlushesSubnormals : 0;
}

} // namespace

void emitKernelDescriptor(Function &K, const KernelDescriptorFields &Fields) {
  Module &M = *K.getParent();
  LLVMContext &C = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  Type *I32 = Type::getInt32Ty(C);
  Type *PtrTy = PointerType::get(C, 0);

  SmallVector<uint32_t> ParamSizes;
  for (Argument &A : K.args())
    ParamSizes.push_back(A.hasByValAttr() ? DL.getTypeAllocSize(A.getParamByValType())
                                          : DL.getTypeStoreSize(A.getType()));
  uint32_t MaxThreads = 0;
  if (K.hasFnAttribute(kMaxThreadsAttr))
    K.getFnAttribute(kMaxThreadsAttr).getValueAsString().getAsInteger(10, MaxThreads);
  uint64_t LocalBytes = 0;
  for (Instruction &I : K.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I))
      if (std::optional<TypeSize> Size = A->getAllocationSize(DL))
        LocalBytes += Size->getFixedValue();

  std::string Name = K.getName().str();
  Constant *NameStr = ConstantDataArray::getString(C, Name);
  auto *NameG = new GlobalVariable(M, NameStr->getType(), true, GlobalValue::PrivateLinkage,
                                   NameStr, Name + ".name");
  SmallVector<Constant *> Regions(Fields.Regions.begin(), Fields.Regions.end());

  // Field order and types follow struct KernelDesc; the layout is checked below.
  auto *DescTy = StructType::get(
      C, {PtrTy, I32, I32, PtrTy, PtrTy, PtrTy, I32, I32, I32, I32, I32, I32, PtrTy});
  const StructLayout *SL = DL.getStructLayout(DescTy);
  if (SL->getElementOffset(3) != offsetof(KernelDesc, paramSizes) ||
      SL->getElementOffset(6) != offsetof(KernelDesc, numRegions) ||
      SL->getElementOffset(12) != offsetof(KernelDesc, fiberEntry) ||
      SL->getSizeInBytes() != sizeof(KernelDesc))
    report_fatal_error("KernelDesc layout does not match runtime/abi/CpuAbi.h");
  Constant *FieldValues[] = {
      NameG,
      ConstantInt::get(I32, ParamSizes.size()),
      ConstantInt::get(I32, Fields.StaticSharedBytes),
      u32Array(M, ParamSizes, Name + ".params"),
      internalArray(M, PtrTy, Regions, Name + ".regions"),
      u32Array(M, Fields.SiteKinds, Name + ".sites"),
      ConstantInt::get(I32, Fields.Regions.size()),
      ConstantInt::get(I32, Fields.FrameBytesPerThread),
      ConstantInt::get(
          I32, Fields.Flags | runtimeServiceFlags(K) | floatModeFlags(K) |
                   (K.hasFnAttribute(kWaitsOnOtherBlocksAttr) ? KernelWaitsOnOtherBlocks : 0)),
      ConstantInt::get(I32, MaxThreads),
      ConstantInt::get(I32, LocalBytes),
      ConstantInt::get(I32, 0),
      Fields.FiberEntry ? static_cast<Constant *>(Fields.FiberEntry) : nullPointer(C),
  };
  auto *Desc = new GlobalVariable(M, DescTy, true, GlobalValue::InternalLinkage,
                                  ConstantStruct::get(DescTy, FieldValues), Name + ".desc");
  setMarker(*Desc, kKernelDescMD);
}

std::vector<KernelResources> readKernelResources(const Module &M) {
  std::vector<KernelResources> Kernels;
  for (const GlobalVariable &G : M.globals()) {
    if (!hasMarker(G, kKernelDescMD) || !G.hasInitializer())
      continue;
    const auto *Desc = cast<ConstantStruct>(G.getInitializer());
    auto Field = [&](unsigned I) {
      return static_cast<uint32_t>(cast<ConstantInt>(Desc->getOperand(I))->getZExtValue());
    };
    const auto *NameG = cast<GlobalVariable>(Desc->getOperand(0));
    KernelResources K;
    K.Name = cast<ConstantDataArray>(NameG->getInitializer())->getAsCString().str();
    K.StaticSharedBytes = Field(2);
    K.Regions = Field(6);
    K.FrameBytesPerThread = Field(7);
    K.UsesFibers = Field(8) & KernelUsesFibers;
    K.LocalBytesPerThread = Field(10);
    Kernels.push_back(std::move(K));
  }
  return Kernels;
}

} // namespace drawbridge::cpu
