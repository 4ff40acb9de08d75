// RedirectManagedVariablesPass: __managed__ variables shared by host and device.
//
// Clang's CUDA mode does not support managed variables; Drawbridge's headers declare them as
// device variables annotated "drawbridge.managed". The host side then has a shadow variable
// (which host code reads and writes) and the device side its own storage. This pass gives
// each managed variable a pointer global, initialised to the device storage, and makes every
// device access go through it; the variable's VarDesc records the pointer (EmitCpuImagePass),
// and when the host registers its shadow the runtime copies the initial value into the
// shadow and points the device side at it. Host and device then use the same memory, which is
// what managed means on a machine where device memory is host memory.
#include "RedirectManagedVariablesPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-redirect-managed-variables"

STATISTIC(NumManaged, "Managed variables redirected");

namespace drawbridge::cpu {
namespace {

constexpr StringLiteral kManagedAnnotation = "drawbridge.managed";

// Managed variables, from llvm.global.annotations; their entries are removed.
SmallVector<GlobalVariable *> takeManagedAnnotations(Module &M) {
  SmallVector<GlobalVariable *> Managed;
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Managed;
  auto *Array = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Array)
    return Managed;
  SmallVector<Constant *> Kept;
  for (Value *Op : Array->operands()) {
    auto *Entry = cast<ConstantStruct>(Op);
    auto *Var = dyn_cast<GlobalVariable>(Entry->getOperand(0)->stripPointerCasts());
    auto *Str = dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    StringRef Text;
    if (Str && Str->hasInitializer())
      if (auto *Data = dyn_cast<ConstantDataArray>(Str->getInitializer()))
        Text = Data->getAsCString();
    if (Var && Text == kManagedAnnotation) {
      Managed.push_back(Var);
      continue;
    }
    Kept.push_back(cast<Constant>(Op));
  }
  if (Kept.size() != Array->getNumOperands()) {
    if (Kept.empty()) {
      Annotations->eraseFromParent();
    } else {
      auto *Ty = ArrayType::get(Array->getType()->getElementType(), Kept.size());
      auto *Replacement = new GlobalVariable(
          M, Ty, false, Annotations->getLinkage(), ConstantArray::get(Ty, Kept), "", nullptr,
          GlobalValue::NotThreadLocal, Annotations->getAddressSpace());
      Replacement->setSection(Annotations->getSection());
      Replacement->takeName(Annotations);
      Annotations->eraseFromParent();
    }
  }
  return Managed;
}

void redirect(GlobalVariable &Var) {
  Module &M = *Var.getParent();
  LLVMContext &C = M.getContext();
  auto *Slot = new GlobalVariable(M, PointerType::get(C, 0), false, GlobalValue::InternalLinkage,
                                  &Var, Var.getName() + ".redirect");
  setMarker(Var, kManagedMD);
  setMarker(Var, kDeviceVarMD);
  Var.setMetadata(kManagedMD, MDNode::get(C, {ValueAsMetadata::get(Slot)}));

  convertUsersOfConstantsToInstructions({&Var});
  DenseMap<Function *, Value *> Loaded;
  for (Use &U : make_early_inc_range(Var.uses())) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I)
      continue; // the slot's own initialiser, llvm.used
    Function *F = I->getFunction();
    Value *&Pointer = Loaded[F];
    if (!Pointer) {
      IRBuilder<> B(&*F->getEntryBlock().getFirstInsertionPt());
      Pointer = B.CreateLoad(B.getPtrTy(), Slot, Var.getName() + ".address");
    }
    U.set(Pointer);
  }
  ++NumManaged;
}

} // namespace

PreservedAnalyses RedirectManagedVariablesPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<GlobalVariable *> Managed = takeManagedAnnotations(M);
  for (GlobalVariable *Var : Managed)
    redirect(*Var);
  return Managed.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
