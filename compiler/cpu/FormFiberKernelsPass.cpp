// FormFiberKernelsPass: one fiber per thread for kernels regions cannot express.
//
// After inlining, only recursive functions remain calls. If a kernel reaches one that uses
// thread state (a synchronisation site, a special-register read, a __shared__ variable), the
// kernel cannot be cut into regions, because the cut would have to go through a call. Such
// kernels keep their code whole and run each thread on its own fiber (its own stack, so
// every local is private to the thread):
//  - special registers are read from __drawbridge_fiber_thread, which the runtime sets for
//    the running fiber, and from the block context it points to;
//  - __shared__ variables live at fixed offsets in the block's shared memory, one layout for
//    all fiber code of the module (a recursive function may serve several kernels);
//  - each site becomes __drawbridge_fiber_site(id, kind), which switches back to the
//    scheduler until the site is released; ids number the sites in program order;
//  - the kernel gets an entry `<kernel>.fiber(args)` that unpacks the launch arguments.
// The scheduler then follows the same release rules as for region kernels.
#include "FormFiberKernelsPass.h"

#include "CpuAbi.h"
#include "KernelDescriptor.h"
#include "KernelInfo.h"
#include "ThreadQueries.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-form-fiber-kernels"

STATISTIC(NumFiberKernels, "Kernels run with one fiber per thread");

namespace drawbridge::cpu {
namespace {

bool isThreadQuery(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  return II && II->getCalledFunction()->getName().starts_with("llvm.nvvm.read.ptx.sreg.");
}

bool referencesShared(const Value *V) {
  if (const auto *G = dyn_cast<GlobalVariable>(V))
    return hasMarker(*G, kSharedMD);
  if (const auto *CE = dyn_cast<ConstantExpr>(V))
    return any_of(CE->operands(), [](const Use &U) { return referencesShared(U.get()); });
  return false;
}

bool usesThreadState(Function &F) {
  for (Instruction &I : instructions(F)) {
    if (siteKindOf(I) || isSiteStore(I) || isThreadQuery(I))
      return true;
    if (any_of(I.operands(), [](const Use &U) { return referencesShared(U.get()); }))
      return true;
  }
  return false;
}

class FiberLowering {
public:
  explicit FiberLowering(Module &M) : M(M), C(M.getContext()) {
    Type *PtrTy = PointerType::get(C, 0);
    Type *I32 = Type::getInt32Ty(C);
    FiberThreadTy = StructType::get(C, {PtrTy, I32, ArrayType::get(I32, 3)});
    FiberThread = M.getNamedGlobal("__drawbridge_fiber_thread");
    if (!FiberThread) {
      FiberThread = new GlobalVariable(M, FiberThreadTy, false, GlobalValue::ExternalLinkage,
                                       nullptr, "__drawbridge_fiber_thread", nullptr,
                                       GlobalValue::GeneralDynamicTLSModel);
    }
    SiteStore = M.getOrInsertFunction(
        "__drawbridge_fiber_site_store",
        FunctionType::get(Type::getVoidTy(C), {Type::getInt64Ty(C), I32}, false));
    Site = M.getOrInsertFunction("__drawbridge_fiber_site",
                                 FunctionType::get(Type::getInt64Ty(C), {I32, I32}, false));
  }

  void layOutShared(ArrayRef<Function *> Functions);
  void lowerFunction(Function &F);
  Function *createEntry(Function &K);
  uint64_t staticSharedBytes() const { return StaticShared; }

private:
  Module &M;
  LLVMContext &C;
  StructType *FiberThreadTy;
  GlobalVariable *FiberThread;
  FunctionCallee SiteStore, Site;
  MapVector<GlobalVariable *, uint64_t> SharedOffsets;
  uint64_t StaticShared = 0;
  uint32_t NextSite = 1;
};

void FiberLowering::layOutShared(ArrayRef<Function *> Functions) {
  const DataLayout &DL = M.getDataLayout();
  SmallVector<Constant *> Shared;
  for (GlobalVariable &G : M.globals())
    if (hasMarker(G, kSharedMD))
      Shared.push_back(&G);
  for (Function *F : Functions)
    convertUsersOfConstantsToInstructions(Shared, F);
  SetVector<GlobalVariable *> Used;
  for (Function *F : Functions)
    for (Instruction &I : instructions(*F))
      for (Value *Op : I.operands())
        if (auto *G = dyn_cast<GlobalVariable>(Op); G && hasMarker(*G, kSharedMD))
          Used.insert(G);
  Align DynamicAlign(kDynamicSharedAlign);
  for (GlobalVariable *G : Used) {
    Align A = DL.getValueOrABITypeAlignment(G->getAlign(), G->getValueType());
    if (G->isDeclaration()) {
      DynamicAlign = std::max(DynamicAlign, A);
      continue;
    }
    StaticShared = alignTo(StaticShared, A);
    SharedOffsets[G] = StaticShared;
    StaticShared += DL.getTypeAllocSize(G->getValueType());
  }
  for (GlobalVariable *G : Used)
    if (G->isDeclaration())
      SharedOffsets[G] = alignTo(StaticShared, DynamicAlign);
}

void FiberLowering::lowerFunction(Function &F) {
  IRBuilder<> B(&*F.getEntryBlock().getFirstInsertionPt());
  Type *I32 = B.getInt32Ty();
  Value *Ctx = B.CreateLoad(B.getPtrTy(), B.CreateStructGEP(FiberThreadTy, FiberThread, 0), "ctx");
  ThreadValues V;
  V.LinearIndex = B.CreateLoad(I32, B.CreateStructGEP(FiberThreadTy, FiberThread, 1), "t");
  auto CtxField = [&](size_t Offset, Type *Ty, const Twine &Name) -> Value * {
    return B.CreateLoad(Ty, B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset), Name);
  };
  for (unsigned D = 0; D < 3; ++D) {
    V.Tid[D] = B.CreateLoad(I32,
                            B.CreateInBoundsGEP(FiberThreadTy, FiberThread,
                                                {B.getInt32(0), B.getInt32(2), B.getInt32(D)}),
                            "tid");
    V.BlockDim[D] = CtxField(offsetof(BlockContext, blockDim) + 4 * D, I32, "blockdim");
    V.BlockIdx[D] = CtxField(offsetof(BlockContext, blockIdx) + 4 * D, I32, "blockidx");
    V.GridDim[D] = CtxField(offsetof(BlockContext, gridDim) + 4 * D, I32, "griddim");
  }
  V.NumThreads = CtxField(offsetof(BlockContext, numThreads), I32, "threads");
  Value *Shared = CtxField(offsetof(BlockContext, shared), B.getPtrTy(), "shared");
  for (auto &[G, Offset] : SharedOffsets) {
    Value *Address = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Shared, Offset, G->getName());
    G->replaceUsesWithIf(Address, [&](Use &U) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      return I && I->getFunction() == &F;
    });
  }
  // Last: it may erase the instruction B inserts before.
  lowerThreadQueries(F, V);

  SmallVector<CallInst *> Calls;
  for (Instruction &I : instructions(F))
    if (siteKindOf(I) || isSiteStore(I))
      Calls.push_back(cast<CallInst>(&I));
  for (CallInst *Call : Calls) {
    IRBuilder<> CB(Call);
    Value *Replacement;
    if (std::optional<uint32_t> Kind = siteKindOf(*Call))
      Replacement = CB.CreateCall(Site, {CB.getInt32(NextSite++), CB.getInt32(*Kind)});
    else
      Replacement = CB.CreateCall(SiteStore, {Call->getArgOperand(0), Call->getArgOperand(1)});
    Call->replaceAllUsesWith(Replacement);
    Call->eraseFromParent();
  }
}

// `<kernel>.fiber(args)`: unpacks the launch arguments and runs the kernel for one thread.
Function *FiberLowering::createEntry(Function &K) {
  Type *PtrTy = PointerType::get(C, 0);
  auto *Entry = Function::Create(FunctionType::get(Type::getVoidTy(C), {PtrTy}, false),
                                 GlobalValue::InternalLinkage, K.getName() + ".fiber", M);
  IRBuilder<> B(BasicBlock::Create(C, "entry", Entry));
  const DataLayout &DL = M.getDataLayout();
  SmallVector<Value *> Args;
  for (Argument &A : K.args()) {
    Value *Slot = B.CreateAlignedLoad(
        PtrTy, B.CreateConstInBoundsGEP1_64(PtrTy, Entry->getArg(0), A.getArgNo()), Align(8));
    Args.push_back(A.hasByValAttr()
                       ? Slot
                       : B.CreateAlignedLoad(A.getType(), Slot, DL.getABITypeAlign(A.getType())));
  }
  CallInst *Call = B.CreateCall(&K, Args);
  Call->setAttributes(K.getAttributes());
  B.CreateRetVoid();
  return Entry;
}

} // namespace

PreservedAnalyses FormFiberKernelsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *> FiberKernels;
  SetVector<Function *> FiberFunctions;
  SmallVector<Metadata *> Reported;
  for (Function &K : M) {
    if (!isKernel(K) || K.isDeclaration())
      continue;
    SetVector<Function *> Reached = callees(K);
    auto Culprit = find_if(Reached, [&](Function *F) { return F != &K && usesThreadState(*F); });
    if (Culprit == Reached.end())
      continue;
    FiberKernels.push_back(&K);
    FiberFunctions.insert(&K);
    FiberFunctions.insert(Reached.begin(), Reached.end());
    Reported.push_back(
        MDNode::get(M.getContext(), {MDString::get(M.getContext(), K.getName()),
                                     MDString::get(M.getContext(), (*Culprit)->getName())}));
  }
  if (FiberKernels.empty())
    return PreservedAnalyses::all();

  FiberLowering Lowering(M);
  Lowering.layOutShared(FiberFunctions.getArrayRef());
  for (Function *F : FiberFunctions)
    Lowering.lowerFunction(*F);
  for (Function *K : FiberKernels) {
    KernelDescriptorFields Fields;
    Fields.StaticSharedBytes = Lowering.staticSharedBytes();
    Fields.Flags = KernelUsesFibers;
    Fields.FiberEntry = Lowering.createEntry(*K);
    emitKernelDescriptor(*K, Fields);
    K->removeFnAttr(kKernelAttr);
    K->setLinkage(GlobalValue::InternalLinkage);
    ++NumFiberKernels;
  }
  NamedMDNode *Names = M.getOrInsertNamedMetadata("drawbridge.fiber_kernels");
  for (Metadata *MD : Reported)
    Names->addOperand(cast<MDNode>(MD));
  return PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
