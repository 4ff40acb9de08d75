// MarkCrossBlockWaitsPass: kernels whose blocks wait for earlier blocks get
// kWaitsOnOtherBlocksAttr (cpu_abi::KernelWaitsOnOtherBlocks).
//
// A GPU starts a grid's blocks in index order, and single-pass algorithms count on it: CUB's
// scans (decoupled look-back) have each block spin until the blocks before it have published
// their tile's aggregate. The runtime's default schedule gives each worker a contiguous share
// of the grid, so the second worker's first block would spin until the first worker had run
// its whole share: correct, but one core's speed at best with the other spinning. A kernel is
// marked when it has a loop that may go round again depending on memory another block can
// write: a volatile or atomic load, an atomic read-modify-write or a compare-and-swap that
// expects a fixed value (a lock), of memory that is not __shared__, or a plain load of such
// memory in a loop that also holds a fence (CUB's
// `__threadfence_block()` before a `ld.global.cg` of the tile status), the condition traced
// through warp votes and shuffles (still intrinsics here) to the reads they take.
#include "MarkCrossBlockWaitsPass.h"

#include "KernelInfo.h"
#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-mark-cross-block-waits"

STATISTIC(NumKernels, "Kernels whose blocks wait for other blocks");

namespace drawbridge::cpu {
namespace {

bool isSharedMemory(const Value *Pointer) {
  const auto *G = dyn_cast<GlobalVariable>(getUnderlyingObject(Pointer));
  return G && hasMarker(*G, kSharedMD);
}

// Whether I, in L, reads memory another block may be writing while this one waits: in a loop
// with a fence (Fenced), any load of such memory will see a later value on a later round. A
// compare-and-swap waits (a lock's `atomicCAS(lock, 0, 1)`) when what it expects is the same
// on every round; one that expects what the last round read (`atomicCAS(p, old, f(old))`,
// the lock-free update of atomicMax on floats) goes round only when another thread got there
// first, and makes progress whatever order the blocks run in.
bool readsOtherBlocksMemory(const Instruction &I, const Loop &L, bool Fenced) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return (Fenced || Load->isVolatile() || Load->isAtomic()) &&
           !isSharedMemory(Load->getPointerOperand());
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return !isSharedMemory(RMW->getPointerOperand());
  if (const auto *CAS = dyn_cast<AtomicCmpXchgInst>(&I))
    return !isSharedMemory(CAS->getPointerOperand()) && L.isLoopInvariant(CAS->getCompareOperand());
  return false;
}

bool waitsOnOtherBlocks(const Loop &L) {
  const bool Fenced = any_of(L.blocks(), [](const BasicBlock *BB) {
    return any_of(*BB, [](const Instruction &I) { return isa<FenceInst>(I); });
  });
  return exitDependsOn(L,
                       [&](const Instruction &I) { return readsOtherBlocksMemory(I, L, Fenced); });
}

} // namespace

PreservedAnalyses MarkCrossBlockWaitsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    DominatorTree DT(F);
    LoopInfo LI(DT);
    if (any_of(LI.getLoopsInPreorder(), [](const Loop *L) { return waitsOnOtherBlocks(*L); })) {
      F.addFnAttr(kWaitsOnOtherBlocksAttr);
      ++NumKernels;
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
