// LockstepVolatileSharedPass: volatile shared-memory stores as warp convergence points.
//
// Code written before Volta exchanges data between the lanes of a warp through volatile
// shared memory with no __syncwarp, relying on the lanes executing each statement together:
//     s[tid] += s[tid + 16]; s[tid] += s[tid + 8]; ...
// On the CPU the lanes of a warp run one after another, so lane 0 would read s[8] before lane
// 8 has stored its sum. Placing a convergence point (a __syncwarp that waits for no lane in
// particular: member mask 0, see cpu_abi::SiteKind) right before and right after each such
// store restores lockstep order: every lane loads before any lane stores, and every lane
// stores before any lane loads again. Stores that provably go elsewhere (locals, global
// variables, memory reached through kernel parameters) are left alone; at -O0, where pointers
// still pass through locals, unproven ones count as shared.
#include "LockstepVolatileSharedPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-lockstep-volatile-shared"

STATISTIC(NumConvergencePoints, "Warp convergence points added around volatile shared stores");

namespace drawbridge::cpu {
namespace {

bool provablyNotShared(const Value *Object) {
  if (isa<AllocaInst>(Object) || isa<Argument>(Object))
    return true;
  if (auto *G = dyn_cast<GlobalVariable>(Object))
    return !G->hasMetadata(kSharedMD);
  if (auto *Call = dyn_cast<CallBase>(Object))
    return Call->getCalledFunction() != nullptr; // malloc and friends
  return false;
}

bool mayStoreToShared(StoreInst &SI) {
  if (!SI.isVolatile())
    return false;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(SI.getPointerOperand(), Objects);
  return any_of(Objects, [](const Value *O) { return !provablyNotShared(O); });
}

bool isConvergencePoint(const Instruction *I) {
  auto *II = dyn_cast_or_null<IntrinsicInst>(I);
  if (!II || II->getIntrinsicID() != Intrinsic::nvvm_bar_warp_sync)
    return false;
  auto *Mask = dyn_cast<ConstantInt>(II->getArgOperand(0));
  return Mask && Mask->isZero();
}

} // namespace

PreservedAnalyses LockstepVolatileSharedPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<StoreInst *> Stores;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *SI = dyn_cast<StoreInst>(&I); SI && mayStoreToShared(*SI))
        Stores.push_back(SI);
  if (Stores.empty())
    return PreservedAnalyses::all();
  Function *WarpSync = Intrinsic::getDeclaration(&M, Intrinsic::nvvm_bar_warp_sync);
  for (StoreInst *SI : Stores) {
    IRBuilder<> B(SI);
    if (!isConvergencePoint(SI->getPrevNode())) {
      B.CreateCall(WarpSync, {B.getInt32(0)});
      ++NumConvergencePoints;
    }
    B.SetInsertPoint(SI->getNextNode());
    B.CreateCall(WarpSync, {B.getInt32(0)});
    ++NumConvergencePoints;
  }
  return PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
