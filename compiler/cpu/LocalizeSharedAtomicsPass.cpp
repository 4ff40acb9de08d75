// LocalizeSharedAtomicsPass: atomics on a block's shared memory need no lock on the CPU.
//
// All threads of a block run on the same worker thread, one after another between sites, so an
// atomicAdd on a __shared__ variable (histograms, counters, work queues within a block) cannot
// interleave with another thread's access: a load, the operation and a store give the same
// result and the same returned old value as the locked instruction. The loads and stores are
// marked (kBlockPrivateMD) so that FormThreadRegionsPass leaves them out of the thread loop's
// parallel accesses: two threads of one vector may hit the same address, so the vectoriser
// must see the dependence. Atomics whose address is not known to be shared memory stay atomic.
#include "LocalizeSharedAtomicsPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-localize-shared-atomics"

STATISTIC(NumLocalized, "Shared-memory atomics made plain read-modify-writes");

namespace drawbridge::cpu {
namespace {

bool pointsIntoShared(const Value *Pointer) {
  const auto *G = dyn_cast<GlobalVariable>(getUnderlyingObject(Pointer, /*MaxLookup=*/0));
  return G && hasMarker(*G, kSharedMD);
}

// Lowers I with Lower and marks the loads and stores it leaves in I's place.
template <class Inst> void localize(Inst *I, bool (*Lower)(Inst *)) {
  BasicBlock *BB = I->getParent();
  Instruction *Before = I->getPrevNode();
  Instruction *After = I->getNextNode();
  Lower(I);
  for (Instruction *J = Before ? Before->getNextNode() : &BB->front(); J && J != After;
       J = J->getNextNode())
    if (isa<LoadInst>(J) || isa<StoreInst>(J))
      setMarker(*J, kBlockPrivateMD);
  ++NumLocalized;
}

} // namespace

PreservedAnalyses LocalizeSharedAtomicsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    SmallVector<Instruction *> Atomics;
    for (Instruction &I : instructions(F))
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
          RMW && pointsIntoShared(RMW->getPointerOperand()))
        Atomics.push_back(RMW);
      else if (auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I);
               CAS && pointsIntoShared(CAS->getPointerOperand()))
        Atomics.push_back(CAS);
    for (Instruction *I : Atomics) {
      if (auto *RMW = dyn_cast<AtomicRMWInst>(I))
        localize(RMW, lowerAtomicRMWInst);
      else
        localize(cast<AtomicCmpXchgInst>(I), lowerAtomicCmpXchgInst);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
