// LockstepStrideLoopsPass: grid-stride and block-stride loops advance in lockstep.
//
// The idiom NVIDIA recommends,
//     for (i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
// is written so that in each iteration the threads of a block touch consecutive elements. The
// CPU runs a block's threads one after another, so without help each thread would walk the
// whole array alone with a stride of blockDim * gridDim elements, using one word of every
// cache line it loads and leaving the next thread to load the line again. A stride site
// (cpu_abi::SiteStride) on the back edge of such a loop turns it inside out: every thread of
// the block runs one iteration before any runs the next, and consecutive threads share cache
// lines. The region after the site repeats its thread loop itself while threads go round
// (FormThreadRegionsPass), so a round costs no trip through the runtime's scheduler. A loop
// qualifies when an induction variable steps by a loop-invariant amount computed from blockDim or
// gridDim; loops that already hold a barrier are in lockstep already.
//
// Where the loop has the usual shape (UniformStrideRounds.h), it is first rewritten so that all
// threads go round it the same number of times, and then an ordinary barrier keeps the rounds in
// step instead: the loop's counter is then uniform across the block, each thread's index affine
// in the thread, and the round runs as one vectorisable thread loop without per-thread checks.
// So are loops of that shape stepping by a constant of at least 32, the block size written out
// (`for (k = threadIdx.x; k < TILE; k += 256)`): run one thread after another, each would walk
// its elements 256 apart, and the loop vectoriser would make gathers of them.
// Not where a thread could spin at a yield site while others go round the loop: one spinning
// for a thread in the rounds would wait for ever at their barrier, and one spinning for
// anything else would be run again and again while they wait. A spin-wait loop that a block
// barrier separates from the loop on every path (CUB's decoupled look-back, before the
// barrier that hands the block its prefix) cannot, and leaves the loop its rounds.
#include "LockstepStrideLoopsPass.h"

#include "CpuAbi.h"
#include "KernelInfo.h"
#include "ThreadQueries.h"
#include "UniformStrideRounds.h"
#include "YieldSites.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-lockstep-stride-loops"

STATISTIC(NumLoops, "Block- and grid-stride loops run in lockstep by stride sites");
STATISTIC(NumUniformLoops, "Block- and grid-stride loops run in uniform rounds behind a barrier");

namespace drawbridge::cpu {
namespace {

// Whether the loop-invariant step S is computed from blockDim or gridDim.
bool isThreadStride(Value *S, const Loop &L) {
  return computedFromSpecialRegister(
      S,
      [](SpecialRegister R) {
        return R == SpecialRegister::BlockSize || R == SpecialRegister::GridSize;
      },
      &L);
}

// Whether S is a constant step of at least a warp, as in `i += 256` in a kernel launched with
// 256 threads a block: the loop is a block-stride loop whose block size is written out.
bool isBlockSizedConstant(Value *S, const Loop &) {
  auto *C = dyn_cast<ConstantInt>(S);
  return C && !C->isNegative() && C->getZExtValue() >= 32;
}

// Whether a header phi steps by a stride IsStride accepts: phi = [start, (phi + S) from the
// latch].
bool stridesBy(const Loop &L, function_ref<bool(Value *, const Loop &)> IsStride) {
  BasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return false;
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *Next = dyn_cast<BinaryOperator>(Phi.getIncomingValueForBlock(Latch));
    if (!Next || (Next->getOpcode() != Instruction::Add && Next->getOpcode() != Instruction::Sub))
      continue;
    Value *Step = Next->getOperand(0) == &Phi   ? Next->getOperand(1)
                  : Next->getOperand(1) == &Phi ? Next->getOperand(0)
                                                : nullptr;
    if (Step && L.isLoopInvariant(Step) && IsStride(Step, L))
      return true;
  }
  return false;
}

bool stridesByThreads(const Loop &L) { return stridesBy(L, isThreadStride); }

bool holdsSite(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      if (siteKindOf(I))
        return true;
  return false;
}

void collect(Loop &L, function_ref<bool(const Loop &)> Wanted, SmallVectorImpl<Loop *> &Out) {
  if (Wanted(L) && !holdsSite(L))
    Out.push_back(&L);
  for (Loop *Inner : L)
    collect(*Inner, Wanted, Out);
}

// Whether a yield site reaches L's header, or L's header a yield site, on a path that passes
// no block barrier.
bool meetsSpinWithoutBarrier(const Loop &L) {
  for (bool Forward : {true, false}) {
    SmallVector<const BasicBlock *> Worklist{L.getHeader()};
    SmallPtrSet<const BasicBlock *, 32> Seen;
    while (!Worklist.empty()) {
      const BasicBlock *BB = Worklist.pop_back_val();
      if (!Seen.insert(BB).second)
        continue;
      bool Barrier = false;
      for (const Instruction &I : *BB) {
        if (siteKindOf(I) == SiteYield)
          return true;
        Barrier |= isBlockBarrier(I);
      }
      if (Barrier && BB != L.getHeader())
        continue;
      if (Forward)
        append_range(Worklist, successors(BB));
      else
        append_range(Worklist, predecessors(BB));
    }
  }
  return false;
}

// Rewrites one stride loop (by threads, or by a block-sized constant) into uniform rounds
// behind a barrier; false when none can be.
bool makeOneLoopUniform(Function &F) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  SmallVector<Loop *> Loops;
  auto Wanted = [](const Loop &L) {
    return (stridesByThreads(L) || stridesBy(L, isBlockSizedConstant)) &&
           !meetsSpinWithoutBarrier(L);
  };
  for (Loop *L : LI)
    collect(*L, Wanted, Loops);
  if (Loops.empty())
    return false;
  BlockUniformity Uniformity(F);
  for (Loop *L : Loops) {
    // A value the loop computes reaches code after it through an exit phi, which the rewrite
    // carries through the rounds: LLVM leaves none where only the latch exits (a tile loop
    // whose first iteration it proved, `sum` used after `for (k = tid; k < 2048; k += 256)`).
    formLCSSA(*L, DT, &LI, nullptr);
    if (makeStrideRoundsUniform(*L, Uniformity))
      return true;
  }
  return false;
}

} // namespace

PreservedAnalyses LockstepStrideLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    while (makeOneLoopUniform(F)) {
      ++NumUniformLoops;
      Changed = true;
    }
    DominatorTree DT(F);
    LoopInfo LI(DT);
    SmallVector<Loop *> Loops;
    for (Loop *L : LI)
      collect(*L, stridesByThreads, Loops);
    for (Loop *L : Loops) {
      addYieldOnBackEdges(*L, SiteStride);
      ++NumLoops;
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
