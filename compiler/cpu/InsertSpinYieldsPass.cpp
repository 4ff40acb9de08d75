// InsertSpinYieldsPass: yield sites in spin-wait loops.
//
// Since Volta, CUDA guarantees that the threads of a block make progress independently: a
// thread may spin until another thread of its block sets a flag, even a thread of its own
// warp. The CPU runs a block's threads one after another, so a spinning thread would never
// let the one it waits for run. A loop spins when whether it goes round again depends on a
// volatile load, an atomic load or an atomic read-modify-write made in the loop. Such loops
// get a yield site (cpu_abi::SiteYield) on every back edge: a thread that goes round again
// waits there until the scheduler has run every other thread that can run. Loops that
// already hold a barrier make progress through it and are left alone; a loop that exits at
// once pays nothing, since the yield sits on the back edge only.
#include "InsertSpinYieldsPass.h"

#include "CpuAbi.h"
#include "KernelInfo.h"
#include "ThreadLoops.h"
#include "YieldSites.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-insert-spin-yields"

STATISTIC(NumYields, "Spin-wait loops given yield sites");

namespace drawbridge::cpu {
namespace {

bool readsSharedState(const Instruction &I) {
  if (auto *LI = dyn_cast<LoadInst>(&I))
    return LI->isVolatile() || LI->isAtomic();
  return isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I);
}

bool holdsBarrier(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (isBlockBarrier(I))
        return true;
  return false;
}

// Whether what decides if L goes round again depends on a volatile or atomic read made in L.
bool spins(const Loop &L) { return exitDependsOn(L, readsSharedState); }

void collectSpinLoops(Loop &L, SmallVectorImpl<Loop *> &Out) {
  if (spins(L) && !holdsBarrier(L))
    Out.push_back(&L);
  for (Loop *Inner : L)
    collectSpinLoops(*Inner, Out);
}

bool insertYields(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<Loop *> SpinLoops;
  for (Loop *L : LI)
    collectSpinLoops(*L, SpinLoops);
  for (Loop *L : SpinLoops) {
    addYieldOnBackEdges(*L, SiteYield);
    ++NumYields;
  }
  return !SpinLoops.empty();
}

} // namespace

PreservedAnalyses InsertSpinYieldsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= insertYields(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
