// LockstepUniformLoopsPass: uniform inner loops advance one iteration at a time across the
// block.
//
// A region's thread loop is the outermost loop of its code, and LLVM's loop vectoriser only
// vectorises innermost loops, so a kernel such as n-body, whose threads each walk a shared
// tile (`for (j = 0; j < blockDim.x; ++j) acc = pull(me, tile[j], acc)`), runs one thread at a
// time in scalar code. When every thread of the block goes round such a loop the same number
// of times (BlockUniformity: the loop is reached uniformly and leaves on uniform conditions),
// a barrier on its back edge is invisible to the program, and region formation then cuts the
// loop body into a region of its own: one thread loop per iteration, vectorised across threads,
// with the loop counter uniform and the running values in per-thread slots.
//
// Only innermost loops without sites, in kernels without spin-wait yields (which a barrier
// could starve), and with a body big enough (kMinBodyInstructions) that a round's fixed cost
// (a region call and one pass over the thread states) stays small beside it.
//
// The iterations' region also runs the code after the loop up to the next site, in the same
// thread loop. Where that code goes round a loop of its own (CUB's even-share reduction: the
// ragged last tile, `for (i = threadIdx.x; i < valid; i += 256)`, after the full tiles), the
// thread loop is no longer innermost and the vectoriser leaves the whole region scalar, so
// such an exit gets a barrier too, as invisible as the back edge's: every thread leaves
// together.
#include "LockstepUniformLoopsPass.h"

#include "BlockUniformity.h"
#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-lockstep-uniform-loops"

STATISTIC(NumLoops, "Uniform inner loops run in lockstep behind a barrier");

namespace drawbridge::cpu {
namespace {

constexpr unsigned kMinBodyInstructions = 12;

bool qualifies(const Loop &L, const BlockUniformity &Uniformity) {
  if (!L.isInnermost() || !L.getLoopLatch())
    return false;
  if (!Uniformity.isUniformlyReached(*L.getHeader()))
    return false;
  SmallVector<BasicBlock *> Exiting;
  L.getExitingBlocks(Exiting);
  unsigned Work = 0;
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (siteKindOf(I))
        return false;
      if (!isa<PHINode>(I) && !I.isTerminator() && !isa<DbgInfoIntrinsic>(I))
        ++Work;
    }
  for (const BasicBlock *BB : Exiting) {
    const auto *Branch = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Branch || (Branch->isConditional() && !Uniformity.isUniform(Branch->getCondition())))
      return false;
  }
  return Work >= kMinBodyInstructions;
}

void addBarrierOnBackEdge(Loop &L) {
  BasicBlock *Edge = SplitEdge(L.getLoopLatch(), L.getHeader());
  Edge->setName("lockstep.barrier");
  IRBuilder<> B(Edge->getTerminator());
  Module &M = *Edge->getModule();
  CallInst *Site = B.CreateCall(getSiteFunction(M), {B.getInt32(cpu_abi::SiteBlockSync)});
  setMarker(*Site, kLockstepLoopMD);
}

// Whether the code from Exit up to the next sites (or the function's end) goes round a cycle:
// a depth-first walk that finds an edge back to a block on its path, or reaches L's header
// again (round an enclosing loop).
bool loopsBeforeNextSite(const Loop &L, BasicBlock *Exit) {
  auto hasSite = [](const BasicBlock &BB) {
    return any_of(BB, [](const Instruction &I) { return siteKindOf(I).has_value(); });
  };
  SmallPtrSet<const BasicBlock *, 32> Done, OnPath;
  SmallVector<std::pair<BasicBlock *, succ_iterator>> Stack;
  auto enter = [&](BasicBlock *BB) {
    OnPath.insert(BB);
    Stack.push_back({BB, succ_begin(BB)});
  };
  enter(Exit);
  while (!Stack.empty()) {
    auto &[BB, Next] = Stack.back();
    if (hasSite(*BB) || Next == succ_end(BB)) {
      OnPath.erase(BB);
      Done.insert(BB);
      Stack.pop_back();
      continue;
    }
    BasicBlock *Succ = *Next++;
    if (OnPath.contains(Succ) || Succ == L.getHeader())
      return true;
    if (!Done.contains(Succ))
      enter(Succ);
  }
  return false;
}

void addBarrierOnExitsThatLoop(Loop &L) {
  SmallVector<Loop::Edge> Exits;
  L.getExitEdges(Exits);
  for (auto [From, To] : Exits) {
    if (!loopsBeforeNextSite(L, const_cast<BasicBlock *>(To)))
      continue;
    BasicBlock *Edge = SplitEdge(const_cast<BasicBlock *>(From), const_cast<BasicBlock *>(To));
    Edge->setName("lockstep.exit");
    IRBuilder<> B(Edge->getTerminator());
    B.CreateCall(getSiteFunction(*Edge->getModule()), {B.getInt32(cpu_abi::SiteBlockSync)});
  }
}

} // namespace

PreservedAnalyses LockstepUniformLoopsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F) || hasSiteOfKind(F, cpu_abi::SiteYield) ||
        hasSiteOfKind(F, cpu_abi::SiteStride))
      continue;
    DominatorTree DT(F);
    LoopInfo LI(DT);
    BlockUniformity Uniformity(F);
    SmallVector<Loop *> Chosen;
    for (Loop *L : LI.getLoopsInPreorder())
      if (qualifies(*L, Uniformity))
        Chosen.push_back(L);
    for (Loop *L : Chosen) {
      addBarrierOnExitsThatLoop(*L);
      addBarrierOnBackEdge(*L);
      ++NumLoops;
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
