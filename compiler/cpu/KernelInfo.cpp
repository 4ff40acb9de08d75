// Markers shared by the CPU lowering passes; see KernelInfo.h.
#include "KernelInfo.h"

#include "CpuAbi.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace drawbridge::cpu {

bool isKernel(const Function &F) { return F.hasFnAttribute(kKernelAttr); }

void markKernel(Function &F) { F.addFnAttr(kKernelAttr); }

SetVector<Function *> callees(Function &K) {
  SetVector<Function *> Reached;
  SmallVector<Function *> Worklist{&K};
  while (!Worklist.empty()) {
    Function *F = Worklist.pop_back_val();
    for (Instruction &I : instructions(*F))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction();
            Callee && !Callee->isDeclaration() && Reached.insert(Callee))
          Worklist.push_back(Callee);
  }
  return Reached;
}

static FunctionCallee getConvergentDecl(Module &M, StringRef Name, FunctionType *Ty) {
  FunctionCallee Callee = M.getOrInsertFunction(Name, Ty);
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    F->addFnAttr(Attribute::Convergent);
    F->addFnAttr(Attribute::NoUnwind);
  }
  return Callee;
}

FunctionCallee getSiteFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return getConvergentDecl(M, kSiteFn,
                           FunctionType::get(Type::getInt64Ty(C), {Type::getInt32Ty(C)}, false));
}

FunctionCallee getSiteStoreFunction(Module &M) {
  LLVMContext &C = M.getContext();
  return getConvergentDecl(
      M, kSiteStoreFn,
      FunctionType::get(Type::getVoidTy(C), {Type::getInt64Ty(C), Type::getInt32Ty(C)}, false));
}

FunctionCallee getSiteOfferedFunction(Module &M) {
  LLVMContext &C = M.getContext();
  FunctionCallee Callee = M.getOrInsertFunction(
      kSiteOfferedFn, FunctionType::get(Type::getInt64Ty(C), {Type::getInt64Ty(C)}, false));
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind);
    F->setDoesNotAccessMemory();
  }
  return Callee;
}

FunctionCallee getSiteWarpOffersFunction(Module &M) {
  LLVMContext &C = M.getContext();
  FunctionCallee Callee =
      M.getOrInsertFunction(kSiteWarpOffersFn, FunctionType::get(PointerType::getUnqual(C),
                                                                 {Type::getInt64Ty(C)}, false));
  if (auto *F = dyn_cast<Function>(Callee.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind);
    F->setDoesNotAccessMemory();
  }
  return Callee;
}

static const Function *calledFunction(const Instruction &I) {
  if (const auto *CI = dyn_cast<CallInst>(&I))
    return CI->getCalledFunction();
  return nullptr;
}

std::optional<uint32_t> siteKindOf(const Instruction &I) {
  const Function *F = calledFunction(I);
  if (!F || F->getName() != kSiteFn)
    return std::nullopt;
  const auto *Kind = cast<ConstantInt>(cast<CallInst>(I).getArgOperand(0));
  return static_cast<uint32_t>(Kind->getZExtValue());
}

bool isBlockBarrier(const Instruction &I) {
  std::optional<uint32_t> Kind = siteKindOf(I);
  return Kind && (*Kind == cpu_abi::SiteBlockSync || *Kind == cpu_abi::SiteBlockCount);
}

bool hasSiteOfKind(const Function &F, uint32_t Kind) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (siteKindOf(I) == Kind)
        return true;
  return false;
}

bool isSiteStore(const Instruction &I) {
  const Function *F = calledFunction(I);
  return F && F->getName() == kSiteStoreFn;
}

bool isSiteOffered(const Instruction &I) {
  const Function *F = calledFunction(I);
  return F && F->getName() == kSiteOfferedFn;
}

bool isSiteWarpOffers(const Instruction &I) {
  const Function *F = calledFunction(I);
  return F && F->getName() == kSiteWarpOffersFn;
}

bool hasMarker(const GlobalObject &G, StringRef Kind) { return G.getMetadata(Kind) != nullptr; }

void setMarker(GlobalObject &G, StringRef Kind) {
  G.setMetadata(Kind, MDNode::get(G.getContext(), {}));
}

bool hasMarker(const Instruction &I, StringRef Kind) { return I.getMetadata(Kind) != nullptr; }

void setMarker(Instruction &I, StringRef Kind) {
  I.setMetadata(Kind, MDNode::get(I.getContext(), {}));
}

void diagnoseDeviceCode(const Instruction &I, const Twine &Message) {
  I.getContext().diagnose(
      DiagnosticInfoUnsupported(*I.getFunction(), Message, I.getDebugLoc(), DS_Error));
}

void diagnoseDeviceCode(const Function &F, const Twine &Message) {
  F.getContext().diagnose(DiagnosticInfoUnsupported(F, Message, DebugLoc(), DS_Error));
}

void diagnoseDeviceCode(Module &M, const Twine &Message) { M.getContext().emitError(Message); }

PreservedAnalyses preservedAfterInstructionEdits(bool Changed) {
  if (!Changed)
    return PreservedAnalyses::all();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace drawbridge::cpu
