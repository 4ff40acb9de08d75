// CollapseAddressSpacesPass: every address space becomes the generic one.
//
// NVPTX IR keeps __device__ variables in address space 1, __shared__ in 3 and __constant__ in
// 4, and reaches them through addrspacecast constant expressions; a few intrinsics are
// mangled on address-spaced pointer types (llvm.memcpy.p3.p0). On the CPU all of these are
// plain memory, so the pass recreates each such global in address space 0, rewrites constant
// expressions and instruction types, redeclares the affected intrinsics and deletes the casts
// that became no-ops. Shared variables are only marked here; FormThreadRegionsPass gives them
// their place in each block's shared memory.
#include "CollapseAddressSpacesPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-collapse-address-spaces"

STATISTIC(NumGlobalsMoved, "Globals moved to address space 0");
STATISTIC(NumCastsRemoved, "addrspacecast instructions removed");

namespace drawbridge::cpu {
namespace {

enum : unsigned { GlobalAS = 1, SharedAS = 3, ConstantAS = 4 };

Type *collapseType(Type *T) {
  if (auto *PT = dyn_cast<PointerType>(T))
    return PT->getAddressSpace() == 0 ? T : PointerType::get(T->getContext(), 0);
  if (auto *VT = dyn_cast<VectorType>(T)) {
    Type *Elt = collapseType(VT->getElementType());
    return Elt == VT->getElementType() ? T : VectorType::get(Elt, VT->getElementCount());
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    Type *Elt = collapseType(AT->getElementType());
    return Elt == AT->getElementType() ? T : ArrayType::get(Elt, AT->getNumElements());
  }
  if (auto *ST = dyn_cast<StructType>(T); ST && ST->isLiteral()) {
    SmallVector<Type *> Elts;
    bool Changed = false;
    for (Type *E : ST->elements()) {
      Elts.push_back(collapseType(E));
      Changed |= Elts.back() != E;
    }
    return Changed ? StructType::get(T->getContext(), Elts, ST->isPacked()) : T;
  }
  return T;
}

bool needsCollapse(Type *T) { return collapseType(T) != T; }

// Rebuilds constants so that no address-spaced pointer remains in them.
class ConstantCollapser {
public:
  Constant *collapse(Constant *C) {
    if (isa<GlobalValue>(C))
      return C;
    if (auto It = Cache.find(C); It != Cache.end())
      return It->second;
    Constant *Result = rebuild(C);
    Cache[C] = Result;
    return Result;
  }

private:
  Constant *rebuild(Constant *C) {
    Type *NewTy = collapseType(C->getType());
    if (auto *CE = dyn_cast<ConstantExpr>(C)) {
      SmallVector<Constant *> Ops;
      bool Changed = NewTy != C->getType();
      for (Value *Op : CE->operands()) {
        Ops.push_back(collapse(cast<Constant>(Op)));
        Changed |= Ops.back() != Op;
      }
      if (CE->getOpcode() == Instruction::AddrSpaceCast)
        return Ops[0];
      if (!Changed)
        return C;
      Type *SrcElemTy = nullptr;
      if (auto *GEP = dyn_cast<GEPOperator>(CE))
        SrcElemTy = GEP->getSourceElementType();
      return CE->getWithOperands(Ops, NewTy, false, SrcElemTy);
    }
    if (NewTy == C->getType() && !isa<ConstantAggregate>(C))
      return C;
    if (isa<ConstantPointerNull>(C))
      return ConstantPointerNull::get(cast<PointerType>(NewTy));
    if (isa<PoisonValue>(C))
      return PoisonValue::get(NewTy);
    if (isa<UndefValue>(C))
      return UndefValue::get(NewTy);
    if (isa<ConstantAggregateZero>(C))
      return ConstantAggregateZero::get(NewTy);
    if (auto *CA = dyn_cast<ConstantAggregate>(C)) {
      SmallVector<Constant *> Elts;
      bool Changed = NewTy != C->getType();
      for (Value *Op : CA->operands()) {
        Elts.push_back(collapse(cast<Constant>(Op)));
        Changed |= Elts.back() != Op;
      }
      if (!Changed)
        return C;
      if (auto *ST = dyn_cast<StructType>(NewTy))
        return ConstantStruct::get(ST, Elts);
      if (auto *AT = dyn_cast<ArrayType>(NewTy))
        return ConstantArray::get(AT, Elts);
      return ConstantVector::get(Elts);
    }
    return C;
  }

  DenseMap<Constant *, Constant *> Cache;
};

void moveGlobals(Module &M) {
  SmallVector<GlobalVariable *> ToMove;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() != 0)
      ToMove.push_back(&G);
  for (GlobalVariable *G : ToMove) {
    auto *NewG =
        new GlobalVariable(M, G->getValueType(), G->isConstant(), G->getLinkage(),
                           G->hasInitializer() ? G->getInitializer() : nullptr, "", nullptr,
                           G->getThreadLocalMode(), 0, G->isExternallyInitialized());
    NewG->copyAttributesFrom(G);
    NewG->copyMetadata(G, 0);
    NewG->takeName(G);
    unsigned AS = G->getAddressSpace();
    if (AS == SharedAS)
      setMarker(*NewG, kSharedMD);
    else if ((AS == GlobalAS || AS == ConstantAS) && G->isExternallyInitialized())
      setMarker(*NewG, kDeviceVarMD);
    if (AS == ConstantAS && G->isExternallyInitialized())
      setMarker(*NewG, kConstantVarMD);
    G->replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(NewG, G->getType()));
    G->eraseFromParent();
    ++NumGlobalsMoved;
  }
}

bool functionTypeHasAddressSpaces(const Function &F) {
  return needsCollapse(F.getFunctionType()->getReturnType()) ||
         any_of(F.getFunctionType()->params(), needsCollapse);
}

// Intrinsics overloaded on pointer types get the declaration for generic pointers.
DenseMap<Function *, Function *> redeclareIntrinsics(Module &M) {
  DenseMap<Function *, Function *> Replacements;
  for (Function &F : M) {
    if (!F.isIntrinsic() || !functionTypeHasAddressSpaces(F))
      continue;
    SmallVector<Type *> OverloadTys;
    if (!Intrinsic::getIntrinsicSignature(&F, OverloadTys))
      continue;
    for (Type *&T : OverloadTys)
      T = collapseType(T);
    Replacements[&F] = Intrinsic::getDeclaration(&M, F.getIntrinsicID(), OverloadTys);
  }
  return Replacements;
}

} // namespace

PreservedAnalyses CollapseAddressSpacesPass::run(Module &M, ModuleAnalysisManager &) {
  moveGlobals(M);

  ConstantCollapser Collapser;
  for (GlobalVariable &G : M.globals())
    if (G.hasInitializer())
      G.setInitializer(Collapser.collapse(G.getInitializer()));

  DenseMap<Function *, Function *> Intrinsics = redeclareIntrinsics(M);
  SmallVector<Instruction *> Casts;
  for (Function &F : M) {
    if (!F.isDeclaration() && !F.isIntrinsic() && functionTypeHasAddressSpaces(F)) {
      diagnoseDeviceCode(F, "functions with address-space-qualified pointer parameters are not "
                            "supported on the CPU target");
      continue;
    }
    for (Instruction &I : instructions(F)) {
      for (Use &U : I.operands())
        if (auto *C = dyn_cast<Constant>(U.get()); C && !isa<Function>(C))
          U.set(Collapser.collapse(C));
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction())
          if (auto It = Intrinsics.find(Callee); It != Intrinsics.end())
            CB->setCalledFunction(It->second);
      if (needsCollapse(I.getType()))
        I.mutateType(collapseType(I.getType()));
      if (isa<AddrSpaceCastInst>(I))
        Casts.push_back(&I);
    }
  }
  for (Instruction *Cast : Casts) {
    Cast->replaceAllUsesWith(Cast->getOperand(0));
    Cast->eraseFromParent();
    ++NumCastsRemoved;
  }
  for (auto &[Old, New] : Intrinsics)
    if (Old->use_empty())
      Old->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
