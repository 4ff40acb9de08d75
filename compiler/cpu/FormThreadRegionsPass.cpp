// FormThreadRegionsPass: kernels become region functions with thread loops.
//
// This is continuation-based synchronisation (Karrenberg & Hack, CC 2012) in the form the
// earlier passes prepare: every site call heads a block of its own, and no SSA value lives
// across a site (DemoteCrossSiteValuesPass). For a kernel with sites 1..S, region r is the
// code a thread runs from site r (or from the entry, for r = 0) until it reaches a site or
// returns. The pass clones the kernel once per region and turns the clone into
//
//   prologue: load parameters and block geometry; locals used by one region
//   header:   for t in [begin, end), with (x, y, z) = thread index of t
//   check:    stride-loop regions only: skip t unless it runs this round
//   start:    per-thread slot addresses; r > 0: the site's result is out[t]
//   ...       the kernel's code; an edge into site s stores in/aux and state[t] = waiting at
//             s, a return stores state[t] = exited; both continue with the next thread
//
// so the runtime can run a block by calling regions in the order the sites release threads.
// The region after a stride site (a block- or grid-stride loop's back edge) also runs the
// threads that come back to that site, round after round, until none does: the loop runs
// one iteration per thread per round without returning to the scheduler.
// A region after a barrier that leads back to itself (a loop with one barrier) releases it
// itself while every thread comes back; for a grid-stride loop's rounds only for a few groups
// per call, so that the runtime can interleave blocks (cpu_abi::KernelInterleavesBlocks).
// A region all of whose threads go on to one barrier, or to one full-mask shuffle or warp sync,
// and that was given the whole block, releases that site itself and tail-calls the next region
// (a chain); where some threads may exit instead (and, for barrier rounds, once none comes
// back), it goes on with the run of threads the runtime finds waiting there, or that a test of
// the thread's index names (`if (tid < 32)`, SiteArrival).
// A shuffle's region reads its source's slot itself: the runtime hands out every thread's
// input (cpu_abi::SiteWarpGather).
// Thread-index reads become the loop's (x, y, z) and the block context's fields; __shared__
// variables become offsets from the block's shared memory; locals marked per-thread become
// slots of the block's frame, laid out one array per local (frame + offset * threads).
#include "FormThreadRegionsPass.h"

#include "CpuAbi.h"
#include "KernelDescriptor.h"
#include "KernelInfo.h"
#include "ScopeBlockMemory.h"
#include "SiteArrival.h"
#include "ThreadLoops.h"
#include "ThreadQueries.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <functional>

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-form-thread-regions"

STATISTIC(NumKernels, "Kernels turned into region functions");
STATISTIC(NumRegions, "Region functions created");

namespace drawbridge::cpu {
namespace {

// Groups of a grid-stride loop's rounds one call of its region runs before it returns, letting
// the worker run the next interleaved block. One group a call costs a call and a pass over the
// states per group: the suite's reductions then took 0.93 of their uninterleaved time, and the
// histogram and Black-Scholes 1.03; four to sixteen groups gave 0.83 to 0.89, 0.94 to 0.98
// and 1.0.
constexpr unsigned kInterleavedGroupsPerCall = 8;

// The vector width asked for the thread loop of a uniform inner loop's iterations
// (LockstepUniformLoops, kLockstepLoopMD), n-body's walk over a shared tile: the cost model
// picks 8 lanes for its body, whose reciprocal square roots then run half as many per
// instruction as they could (16 lanes: 10.0 to 7.2 ms). Asked of every region that releases
// its own barrier, 16 lanes made the suite's tree reduction 7% slower; asked of every thread
// loop, Black-Scholes and spmv were slower too.
constexpr unsigned kLockstepLoopWidth = 16;

// How deep the arithmetic behind a uniform value may go for the end of a pass over the threads
// to compute it again (storableOncePerPass).
constexpr unsigned kMaxRecomputeDepth = 6;

// What the kernel needs laid out in memory, decided once for all its regions.
struct KernelLayout {
  SmallVector<BasicBlock *> SiteBlocks; // site s + 1 is SiteBlocks[s], in reverse post-order
  SmallVector<uint32_t> SiteKinds;      // per region; region 0 is the entry
  MapVector<GlobalVariable *, uint64_t> SharedOffsets;
  uint64_t StaticSharedBytes = 0;
  MapVector<AllocaInst *, uint64_t> FrameOffsets; // per-thread locals
  uint64_t FrameBytesPerThread = 0;
  bool HasWarpSites = false;
  bool HasYieldSites = false;
  bool HasInterleavedRounds = false; // some site is a grid-stride loop's kInterleavedRoundsMD
  // Some thread may end on its own (a failed assert), after which the runtime resumes the
  // block from every other thread's state (resumeBlock).
  bool ThreadsMayEndEarly = false;
};

uint64_t allocaBytes(const AllocaInst &A, const DataLayout &DL) {
  std::optional<TypeSize> Size = A.getAllocationSize(DL);
  return Size ? Size->getFixedValue() : 0;
}

bool isDynamicShared(const GlobalVariable &G) { return G.isDeclaration(); }

void collectSharedVariables(Function &K, KernelLayout &L) {
  Module &M = *K.getParent();
  const DataLayout &DL = M.getDataLayout();
  SmallVector<GlobalVariable *> Shared;
  SmallVector<Constant *> SharedConstants;
  for (GlobalVariable &G : M.globals())
    if (hasMarker(G, kSharedMD)) {
      Shared.push_back(&G);
      SharedConstants.push_back(&G);
    }
  // Uses inside constant expressions become instructions, so each use can be rewritten.
  convertUsersOfConstantsToInstructions(SharedConstants, &K);

  SmallPtrSet<GlobalVariable *, 8> Used;
  for (Instruction &I : instructions(K))
    for (Value *Op : I.operands())
      if (auto *G = dyn_cast<GlobalVariable>(Op); G && hasMarker(*G, kSharedMD))
        Used.insert(G);

  uint64_t Offset = 0;
  Align DynamicAlign(kDynamicSharedAlign);
  for (GlobalVariable *G : Shared) {
    if (!Used.contains(G))
      continue;
    Align A = DL.getValueOrABITypeAlignment(G->getAlign(), G->getValueType());
    if (isDynamicShared(*G)) {
      DynamicAlign = std::max(DynamicAlign, A);
      continue;
    }
    Offset = alignTo(Offset, A);
    L.SharedOffsets[G] = Offset;
    Offset += DL.getTypeAllocSize(G->getValueType());
  }
  L.StaticSharedBytes = Offset;
  uint64_t DynamicOffset = alignTo(Offset, DynamicAlign);
  for (GlobalVariable *G : Shared)
    if (Used.contains(G) && isDynamicShared(*G))
      L.SharedOffsets[G] = DynamicOffset;
}

void collectFrameSlots(Function &K, KernelLayout &L) {
  const DataLayout &DL = K.getParent()->getDataLayout();
  uint64_t Offset = 0;
  for (Instruction &I : K.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I); A && hasMarker(*A, kPerThreadMD)) {
      Offset = alignTo(Offset, A->getAlign());
      L.FrameOffsets[A] = Offset;
      Offset += alignTo(allocaBytes(*A, DL), A->getAlign());
    }
  L.FrameBytesPerThread = alignTo(Offset, 16);
}

// The blocks a region starting at First runs: those reachable from it without entering a block
// that starts with a site (where another region starts).
SmallPtrSet<const BasicBlock *, 32> blocksBeforeNextSites(BasicBlock &First) {
  SmallPtrSet<const BasicBlock *, 32> Blocks{&First};
  SmallVector<BasicBlock *> Stack{&First};
  while (!Stack.empty())
    for (BasicBlock *Succ : successors(Stack.pop_back_val()))
      if (!siteKindOf(Succ->front()) && Blocks.insert(Succ).second)
        Stack.push_back(Succ);
  return Blocks;
}

void collectSites(Function &K, KernelLayout &L) {
  L.SiteKinds.push_back(SiteEntry);
  ReversePostOrderTraversal<Function *> RPOT(&K);
  for (BasicBlock *BB : RPOT)
    if (std::optional<uint32_t> Kind = siteKindOf(BB->front())) {
      L.SiteBlocks.push_back(BB);
      L.SiteKinds.push_back(*Kind);
      L.HasWarpSites |= isWarpSite(*Kind);
      L.HasYieldSites |= isYieldSite(*Kind);
      L.HasInterleavedRounds |= hasMarker(BB->front(), kInterleavedRoundsMD);
    }
}

// Gives Visit every call in K and in the device functions K still calls, with the function it
// is in, until Visit returns false; whether it never did.
bool visitCalls(Function &K, function_ref<bool(CallBase &, Function &)> Visit) {
  SmallVector<Function *> Worklist{&K};
  SmallPtrSet<Function *, 8> Seen;
  while (!Worklist.empty()) {
    Function *F = Worklist.pop_back_val();
    if (!Seen.insert(F).second)
      continue;
    for (Instruction &I : instructions(*F)) {
      auto *CB = dyn_cast<CallBase>(&I);
      if (!CB)
        continue;
      if (!Visit(*CB, *F))
        return false;
      if (Function *Callee = CB->getCalledFunction(); Callee && !Callee->isDeclaration())
        Worklist.push_back(Callee);
    }
  }
  return true;
}

// Whether K, or a device function it still calls, may end a thread on its own: it calls the
// runtime's assert handler, or calls through a pointer.
bool mayEndThreadsEarly(Function &K) {
  return !visitCalls(K, [](CallBase &CB, Function &) {
    const Function *Callee = CB.getCalledFunction();
    return isa<IntrinsicInst>(CB) || (Callee && Callee->getName() != kAssertFailFn);
  });
}

// Whether a path from site Region's block leads back to it: any path, or, with OwnRegionOnly, one
// that meets no other site on the way (the region after the site runs into it again).
bool leadsBackToOwnSite(const KernelLayout &L, unsigned Region, bool OwnRegionOnly) {
  BasicBlock *Own = L.SiteBlocks[Region - 1];
  SmallVector<BasicBlock *> Stack(successors(Own));
  SmallPtrSet<BasicBlock *, 32> Seen;
  while (!Stack.empty()) {
    BasicBlock *BB = Stack.pop_back_val();
    if (BB == Own)
      return true;
    if ((OwnRegionOnly && siteKindOf(BB->front())) || !Seen.insert(BB).second)
      continue;
    append_range(Stack, successors(BB));
  }
  return false;
}

// Whether the region after site Region is a barrier's that leads back to that same barrier (a
// loop with one barrier): see RegionBuilder::BarrierRounds.
bool leadsBackToOwnBarrier(const KernelLayout &L, unsigned Region) {
  return Region != 0 && L.SiteKinds[Region] == SiteBlockSync &&
         leadsBackToOwnSite(L, Region, /*OwnRegionOnly=*/true);
}

// Whether each block runs the region after site Region (not the entry) at most once, blocks one
// after another (not interleaved): no path leads from its site back to it.
bool runsOncePerBlock(const KernelLayout &L, unsigned Region) {
  return !L.HasInterleavedRounds && !leadsBackToOwnSite(L, Region, /*OwnRegionOnly=*/false);
}

// Functions the kernel still calls after inlining must not synchronise or ask for the
// thread's identity: only region code knows it.
bool checkCallees(Function &K) {
  bool OK = true;
  visitCalls(K, [&](CallBase &CB, Function &F) {
    if (&F == &K)
      return true;
    Function *Callee = CB.getCalledFunction();
    bool UsesThread = siteKindOf(CB) || isSiteStore(CB) ||
                      (Callee && Callee->getName().starts_with("llvm.nvvm.read.ptx.sreg."));
    if (UsesThread) {
      diagnoseDeviceCode(CB, "kernel '" + K.getName() + "' calls the recursive device function '" +
                                 F.getName() +
                                 "', which synchronises threads or reads the thread's "
                                 "index; the CPU target does not support that yet");
      OK = false;
    }
    return true;
  });
  return OK;
}

// Loads a field of BlockContext.
class ContextReader {
public:
  ContextReader(IRBuilder<> &B, Value *Ctx) : B(B), Ctx(Ctx) {}

  Value *u32(size_t Offset, const Twine &Name) {
    return B.CreateAlignedLoad(
        B.getInt32Ty(), B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset), Align(4), Name);
  }
  Value *ptr(size_t Offset, const Twine &Name) {
    return B.CreateAlignedLoad(
        B.getPtrTy(), B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset), Align(8), Name);
  }

private:
  IRBuilder<> &B;
  Value *Ctx;
};

// How a region that may chain into the next finds out whether every thread it ran waits at
// that site: Always, every way out of the region leads there; Uniform, every branch on the way
// that could part the threads is one that all of them take the same way (kUniformBranchMD), or
// rejoins first (arrivesTogether), so the first thread's state tells; Counted, the runtime passes
// over the states (__drawbridge_block_live_run), and the region goes on with the run of threads it
// finds there when the others have exited.
enum class Arrival { Always, Uniform, Counted };

// Where a region's threads go: the site it may chain into (none: Next is empty) and how it
// finds out that all threads are there; Terminal when no thread reaches any site. A Counted
// chain whose threads one test of their index sends to Next, the others leaving the kernel,
// knows the run without asking the runtime (Split).
struct ChainPlan {
  std::optional<unsigned> Next;
  Arrival HowArrive = Arrival::Counted;
  bool Terminal = false;
  std::optional<ThreadRangeSplit> Split;
};

// A region function, and where it goes on into the region after its one site when it has
// run the whole block (no chain: ChainBlock is null), on which threads (null: its own).
struct BuiltRegion {
  Function *F = nullptr;
  BasicBlock *ChainBlock = nullptr;
  unsigned ChainTo = 0;
  Value *ChainBegin = nullptr, *ChainEnd = nullptr;
};

class RegionBuilder {
public:
  RegionBuilder(Function &K, const KernelLayout &L, const DominatorTree &KernelDT,
                const PostDominatorTree &KernelPDT, unsigned Region)
      : K(K), M(*K.getParent()), DL(M.getDataLayout()), L(L), KernelDT(KernelDT),
        KernelPDT(KernelPDT), Region(Region), MultiRegion(L.SiteKinds.size() > 1),
        Rounds(L.SiteKinds[Region] == SiteStride) {}

  BuiltRegion build();

private:
  void emitPrologue(ValueToValueMapTy &VMap);
  void cloneRegionCode(ValueToValueMapTy &VMap, SmallVectorImpl<ReturnInst *> &Returns);
  void emitLoop();
  void deferUniformStores();
  struct StoredOnce {
    SmallVector<StoreInst *> Stores;
    Value *First;
    SmallVector<Instruction *> Recompute;
  };
  std::pair<BasicBlock *, Value *> passEnd() const;
  bool storableOncePerPass(StoredOnce &S, const DominatorTree &DT) const;
  void storeOnceAfterThreads(MutableArrayRef<StoredOnce> Once);
  void markCameBack();
  // Whether the site this region starts from carries the marker Kind.
  bool ownSiteHas(StringRef Kind) const {
    return Region > 0 && hasMarker(L.SiteBlocks[Region - 1]->front(), Kind);
  }
  void placeLocals(ValueToValueMapTy &VMap);
  bool readsUniformOnce(const AllocaInst &Original, const AllocaInst &Clone, const LoadInst &Load,
                        const SmallPtrSetImpl<const BasicBlock *> &Live) const;
  void lowerSites(ValueToValueMapTy &VMap, ArrayRef<ReturnInst *> Returns);
  ChainPlan planChain() const;
  Value *ranEveryLiveThread(IRBuilder<> &B);
  Value *wholeBlock(IRBuilder<> &B);
  void emitFinish();
  void planDeferredStates(const ChainPlan &Plan);
  void storeDeferredStates(IRBuilder<> &B);
  void emitChain(unsigned Site, Arrival HowArrive, const std::optional<ThreadRangeSplit> &Split,
                 BuiltRegion &Built);
  Value *liveRunAt(IRBuilder<> &B, unsigned Site);
  Value *readShuffleSource(IRBuilder<> &B, Instruction &SiteCall, Value *Own);
  void lowerThreadQueries();
  void lowerSharedVariables();
  void keepLatchReachable();
  void markThreadLoopParallel();
  void storeOnlyChangedValues();

  Function &K;
  Module &M;
  const DataLayout &DL;
  const KernelLayout &L;
  const DominatorTree &KernelDT;
  const PostDominatorTree &KernelPDT;
  unsigned Region;
  bool MultiRegion;
  // A stride loop's region: it reruns its thread loop while threads come back to its site.
  bool Rounds;
  // A region after a __syncthreads that leads back to that same barrier (a loop with one
  // barrier): when every thread of the block comes back, the barrier is complete and the
  // region runs the block again itself rather than returning to the scheduler.
  bool BarrierRounds = false;
  PHINode *CameBack = nullptr; // in the latch: 1 if this thread waits at the region's own site
  // Barrier rounds: the call's return to the runtime, the number of threads that came back
  // before it, and the exit of the threads that do (wait.site<Region>).
  BasicBlock *BackReturn = nullptr, *OwnWait = nullptr;
  BasicBlock *BackDone = nullptr; // where the call returns once came-back threads are marked
  Value *BackTotal = nullptr;
  // The per-thread slots of uniform values (placeLocals: the block's array of them, and this
  // thread's), and those whose stores deferUniformStores moved to the call's first slot.
  struct UniformSlot {
    Value *Array;
    Value *Slot;
    Value *First; // the call's first thread's, in thread.entry
    uint64_t Bytes;
  };
  struct DeferredSlot {
    const UniformSlot *Slot; // in UniformSlots, complete once placeLocals has run
    Type *Ty;
    Align Alignment;
  };
  SmallVector<UniformSlot, 4> UniformSlots;
  // The per-thread slots of values (not uniform) that the kernel only loads and stores whole:
  // no pointer into them leaves those accesses (storeOnlyChangedValues).
  SmallVector<Value *, 8> ValueSlots;
  SmallVector<DeferredSlot, 2> Deferred;
  // Barrier rounds of a grid-stride loop (kInterleavedRoundsMD): the region releases its
  // barrier itself for at most kInterleavedGroupsPerCall groups of rounds, then returns, so
  // that the runtime can run other blocks' rounds in between.
  bool InterleavedRounds = false;
  // The thread loop stores no state (nor, before a shuffle, member mask) for its threads: all
  // of them leave with DeferredState, and the call stores it for them only when it returns to
  // the runtime (planDeferredStates).
  bool DeferStates = false, DeferMasks = false;
  uint32_t DeferredState = 0;

  Function *F = nullptr;
  BasicBlock *Prologue = nullptr, *Entry = nullptr, *Header = nullptr, *Check = nullptr,
             *Start = nullptr, *Latch = nullptr, *Done = nullptr;
  Value *Begin = nullptr, *End = nullptr;
  Value *BlockDim[3] = {}, *BlockIdx[3] = {}, *GridDim[3] = {};
  Value *NumThreads = nullptr, *DynamicShared = nullptr, *Shared = nullptr, *Frame = nullptr,
        *State = nullptr, *ExchangeIn = nullptr, *ExchangeAux = nullptr, *ExchangeOut = nullptr;
  Value *T = nullptr, *Tid[3] = {};
  // The kernel's pointer parameters, as the prologue loads them: host-side pointers.
  SmallVector<Value *, 8> PointerParameters;
  SmallVector<Value *, 4> ByValueParameters; // pointers to the launch's copies of struct ones
  SmallVector<BasicBlock *, 5> AfterLoop;    // blocks after the thread loop (Done onwards)
};

BuiltRegion RegionBuilder::build() {
  LLVMContext &C = M.getContext();
  Type *PtrTy = PointerType::get(C, 0);
  Type *I32 = Type::getInt32Ty(C);
  auto *FTy = FunctionType::get(Type::getVoidTy(C), {PtrTy, PtrTy, I32, I32}, false);
  F = Function::Create(FTy, GlobalValue::InternalLinkage, K.getName() + ".region" + Twine(Region),
                       &M);

  ValueToValueMapTy VMap;
  emitPrologue(VMap);
  SmallVector<ReturnInst *> Returns;
  if (K.getSubprogram())
    CloneFunctionInto(F, &K, VMap, CloneFunctionChangeType::GlobalChanges, Returns);
  else
    cloneRegionCode(VMap, Returns);
  F->removeFnAttr(kKernelAttr);
  F->removeFnAttr(kMaxThreadsAttr);
  if (Region == 0 && !L.HasInterleavedRounds)
    F->addFnAttr(kEntryRegionAttr);
  else if (Region > 0 && runsOncePerBlock(L, Region))
    F->addFnAttr(kOncePerBlockRegionAttr);
  F->setLinkage(GlobalValue::InternalLinkage);
  F->setCallingConv(CallingConv::C);
  for (Argument &A : F->args())
    A.removeAttrs(AttributeMask().addAttribute(Attribute::ByVal).addAttribute(Attribute::NoUndef));
  F->getArg(0)->setName("args");
  F->getArg(1)->setName("ctx");
  F->getArg(2)->setName("begin");
  F->getArg(3)->setName("end");

  InterleavedRounds = ownSiteHas(kInterleavedRoundsMD);
  if (ownSiteHas(kStrideRoundsMD))
    F->addFnAttr(kStrideRoundsAttr);
  BarrierRounds = leadsBackToOwnBarrier(L, Region);
  const ChainPlan Plan = planChain();
  planDeferredStates(Plan);
  emitLoop();
  placeLocals(VMap);
  lowerSites(VMap, Returns);
  lowerThreadQueries();
  lowerSharedVariables();
  keepLatchReachable();
  removeUnreachableBlocks(*F);
  storeOnlyChangedValues();
  if (BarrierRounds) {
    deferUniformStores();
    markCameBack();
  }
  BuiltRegion Built;
  Built.F = F;
  if (Plan.Next) {
    emitChain(*Plan.Next, Plan.HowArrive, Plan.Split, Built);
  } else if (Plan.Terminal) {
    emitFinish();
  }
  markThreadLoopParallel();
  scopeBlockMemory(*F, {Shared, PointerParameters, ByValueParameters});
  ++NumRegions;
  return Built;
}

// The site this region's threads may go on to that, once every thread of the block waits
// there, the region can release itself: a barrier, or a shuffle or warp sync whose member
// masks name the whole warp (the lowest such site, if the region reaches several), and how the
// region finds out whether every thread waits there (Arrival). None for the regions that go round
// their own site.
ChainPlan RegionBuilder::planChain() const {
  if (Rounds)
    return {};
  BasicBlock *First = Region == 0 ? &K.getEntryBlock() : L.SiteBlocks[Region - 1];
  SmallVector<BasicBlock *> Stack{First};
  SmallPtrSet<BasicBlock *, 32> Seen;
  SmallVector<unsigned, 4> Reached;
  bool Leaves = false, FullMasks = true;
  while (!Stack.empty()) {
    BasicBlock *BB = Stack.pop_back_val();
    if (!Seen.insert(BB).second)
      continue;
    for (Instruction &I : *BB)
      if (isSiteStore(I)) {
        auto *Mask = dyn_cast<ConstantInt>(cast<CallInst>(I).getArgOperand(1));
        FullMasks &= Mask && Mask->isAllOnesValue();
      }
    Leaves |= succ_empty(BB); // a return, or unreachable
    for (BasicBlock *Succ : successors(BB)) {
      if (auto *It = find(L.SiteBlocks, Succ); It != L.SiteBlocks.end()) {
        const unsigned Site = It - L.SiteBlocks.begin() + 1;
        if (!is_contained(Reached, Site))
          Reached.push_back(Site);
      } else {
        Stack.push_back(Succ);
      }
    }
  }
  // Barrier rounds go round their own site themselves; a chain is to where the threads go
  // once none comes back (a reduction's tree loop, then its first warp's shuffles), and only
  // the runtime's pass over the states can tell that they all went there.
  if (BarrierRounds)
    erase(Reached, Region);
  ChainPlan Plan;
  for (unsigned Site : Reached) {
    const uint32_t Kind = L.SiteKinds[Site];
    const bool WholeWarps = (Kind == SiteWarpGather || Kind == SiteWarpSync) && FullMasks;
    if ((Kind == SiteBlockSync || WholeWarps) && (!Plan.Next || Site < *Plan.Next))
      Plan.Next = Site;
  }
  if (!BarrierRounds) {
    if (Plan.Next && Reached.size() == 1 && !Leaves)
      Plan.HowArrive = Arrival::Always;
    else if (Plan.Next && arrivesTogether(First, L.SiteBlocks, *Plan.Next, KernelPDT,
                                          [](const Instruction &Term) {
                                            return hasMarker(Term, kUniformBranchMD);
                                          }))
      Plan.HowArrive = Arrival::Uniform;
    Plan.Terminal = Reached.empty();
  }
  if (Plan.Next && Plan.HowArrive == Arrival::Counted) {
    Plan.Split = findThreadRangeSplit(First, L.SiteBlocks, *Plan.Next,
                                      BarrierRounds ? std::optional(Region) : std::nullopt);
    // A collective's run is whole warps.
    const uint32_t Kind = L.SiteKinds[*Plan.Next];
    if (Plan.Split && Kind != SiteBlockSync && Plan.Split->Bound % kWarpSize != 0)
      Plan.Split.reset();
  }
  return Plan;
}

// A region all of whose threads go to one site, which it releases itself when the call ran
// every thread still running (Arrival::Always), or all of whose threads exit: the state each
// thread stores is the same, and it is read only once the call returns to the runtime without
// going on. When the call goes on, the next region stores its threads' states in turn, and
// when every thread exits, the lean scheduler ends the block on blockFinished; so the thread
// loop stores nothing, and the call stores the states, in a loop after the thread loop, only
// when it returns (storeDeferredStates). Not where other readers of the states remain: the
// region after a barrier that leads back to itself reads the state each thread was released
// with (markCameBack); the general scheduler, which yield sites need, reads the states after
// every call; and resumeBlock reads them mid-call after a failed assert.
void RegionBuilder::planDeferredStates(const ChainPlan &Plan) {
  if (!MultiRegion || L.HasYieldSites || L.ThreadsMayEndEarly)
    return;
  if (Plan.Next && Plan.HowArrive == Arrival::Always && !leadsBackToOwnBarrier(L, *Plan.Next)) {
    DeferStates = true;
    DeferredState = *Plan.Next | kWaiting;
    // planChain saw full masks only
    DeferMasks =
        L.SiteKinds[*Plan.Next] == SiteWarpGather || L.SiteKinds[*Plan.Next] == SiteWarpSync;
  } else if (Plan.Terminal) {
    DeferStates = true;
    DeferredState = kThreadExited;
  }
}

// The states (and full member masks) the thread loop left out, for threads [begin, end).
void RegionBuilder::storeDeferredStates(IRBuilder<> &B) {
  LLVMContext &C = M.getContext();
  BasicBlock *From = B.GetInsertBlock();
  BasicBlock *Loop = BasicBlock::Create(C, "deferred.states", F);
  BasicBlock *Exit = BasicBlock::Create(C, "deferred.done", F);
  AfterLoop.append({Loop, Exit});
  B.CreateCondBr(B.CreateICmpULT(Begin, End), Loop, Exit);
  B.SetInsertPoint(Loop);
  PHINode *S = B.CreatePHI(B.getInt32Ty(), 2, "s");
  Value *Index = B.CreateZExt(S, B.getInt64Ty());
  B.CreateAlignedStore(B.getInt32(DeferredState), B.CreateInBoundsGEP(B.getInt32Ty(), State, Index),
                       Align(4));
  if (DeferMasks)
    B.CreateAlignedStore(B.getInt32(-1), B.CreateInBoundsGEP(B.getInt32Ty(), ExchangeAux, Index),
                         Align(4));
  Value *SNext = B.CreateAdd(S, B.getInt32(1), "s.next", /*HasNUW=*/true);
  B.CreateCondBr(B.CreateICmpULT(SNext, End), Loop, Exit);
  S->addIncoming(Begin, From);
  S->addIncoming(SNext, Loop);
  B.SetInsertPoint(Exit);
}

// Whether this call covers the whole block.
Value *RegionBuilder::wholeBlock(IRBuilder<> &B) {
  return B.CreateAnd(B.CreateICmpEQ(Begin, B.getInt32(0)), B.CreateICmpEQ(End, NumThreads),
                     "whole.block");
}

// Whether this call ran every thread of the block still running: the whole block, or threads
// the runtime says cover all live ones (callCoversLiveThreads).
Value *RegionBuilder::ranEveryLiveThread(IRBuilder<> &B) {
  Value *Whole = wholeBlock(B);
  Value *CoversLive =
      B.CreateIsNotNull(ContextReader(B, F->getArg(1))
                            .u32(offsetof(BlockContext, callCoversLiveThreads), "covers.live"));
  return B.CreateOr(Whole, CoversLive);
}

// done, in a region from which every thread leaves the kernel: when this call ran every thread
// of the block still running, the block is over; the region says so (blockFinished), so that
// the runtime need not pass over the states to find out.
void RegionBuilder::emitFinish() {
  Instruction *Ret = Done->getTerminator();
  IRBuilder<> B(Ret);
  Value *Ctx = F->getArg(1);
  Value *Ran = ranEveryLiveThread(B);
  B.CreateAlignedStore(
      B.CreateZExt(Ran, B.getInt32Ty()),
      B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, offsetof(BlockContext, blockFinished)),
      Align(4));
  if (!DeferStates)
    return;
  LLVMContext &C = M.getContext();
  BasicBlock *Store = BasicBlock::Create(C, "exited", F);
  BasicBlock *Return = BasicBlock::Create(C, "return", F);
  AfterLoop.append({Store, Return});
  B.CreateCondBr(Ran, Return, Store);
  Ret->moveBefore(*Return, Return->end());
  B.SetInsertPoint(Store);
  storeDeferredStates(B);
  B.CreateBr(Return);
}

// done: when this call ran every thread of the block still running and every one of them now
// waits at site Next (it always does, or a pass over the states finds so), the runtime would
// release it at once (for a shuffle, handing out every thread's input: the region swaps the
// exchange arrays as exchangeWholeWarps does). So the region calls the next region on the same
// threads itself, as a tail call; formRegions adds the call once every region exists. Built
// gets the block the call goes in, and the run of threads the call is on where that is not the
// region's own (a Counted chain goes on with the run the runtime found).
void RegionBuilder::emitChain(unsigned Next, Arrival HowArrive,
                              const std::optional<ThreadRangeSplit> &Split, BuiltRegion &Built) {
  LLVMContext &C = M.getContext();
  // Barrier rounds return from where the threads that came back have been marked.
  Instruction *Ret = BarrierRounds ? BackDone->getTerminator() : Done->getTerminator();
  BasicBlock *Chain = BasicBlock::Create(C, "chain", F);
  BasicBlock *Return = BasicBlock::Create(C, "return", F);
  AfterLoop.append({Chain, Return});
  IRBuilder<> B(Ret);
  if (HowArrive != Arrival::Counted) {
    // Every thread of the call waits where the first one does (always Next, or wherever the
    // branches all of them took together led); so does every thread of the block when the
    // call covers all those still running.
    Value *Go = ranEveryLiveThread(B);
    if (HowArrive == Arrival::Uniform) {
      Value *First =
          B.CreateAlignedLoad(B.getInt32Ty(), B.CreateInBoundsGEP(B.getInt32Ty(), State, Begin),
                              Align(4), "first.state");
      Go = B.CreateAnd(Go, B.CreateICmpEQ(First, B.getInt32(Next | kWaiting)), "first.arrived");
    }
    B.CreateCondBr(Go, Chain, Return);
  } else {
    // Threads may have left the kernel or gone elsewhere: the runtime looks at the states, and
    // the chain goes on with the run of threads waiting at Next if every other has exited (the
    // first warp going on to its shuffles alone), telling the next region it covers them all.
    // A split by the thread's index names that run itself, for a flat index always, for
    // threadIdx.x when the block is one row.
    Value *Go = wholeBlock(B);
    if (BarrierRounds)
      Go = B.CreateAnd(Go, B.CreateICmpEQ(BackTotal, B.getInt32(0)), "none.back");
    IRBuilder<> CB(Chain);
    PHINode *RunBegin = CB.CreatePHI(CB.getInt32Ty(), 2, "live.begin");
    PHINode *RunEnd = CB.CreatePHI(CB.getInt32Ty(), 2, "live.end");
    BasicBlock *Scan = nullptr;
    if (!Split || !Split->FlatIndex) {
      Scan = BasicBlock::Create(C, "chain.scan", F, Chain);
      AfterLoop.push_back(Scan);
      IRBuilder<> SB(Scan);
      Value *Run = liveRunAt(SB, Next);
      RunBegin->addIncoming(SB.CreateTrunc(Run, SB.getInt32Ty()), Scan);
      RunEnd->addIncoming(SB.CreateTrunc(SB.CreateLShr(Run, 32), SB.getInt32Ty()), Scan);
      SB.CreateCondBr(SB.CreateIsNotNull(Run, "live.run.found"), Chain, Return);
    }
    if (Split) {
      BasicBlock *Known = BasicBlock::Create(C, "chain.split", F, Chain);
      AfterLoop.push_back(Known);
      B.CreateCondBr(Go, Known, Return);
      B.SetInsertPoint(Known);
      Value *Bound = B.CreateBinaryIntrinsic(Intrinsic::umin, B.getInt32(Split->Bound), NumThreads,
                                             nullptr, "split.bound");
      Value *First = Split->Prefix ? B.getInt32(0) : Bound;
      Value *Last = Split->Prefix ? Bound : NumThreads;
      if (!Split->FlatIndex) {
        BasicBlock *Row = BasicBlock::Create(C, "chain.row", F, Chain);
        AfterLoop.push_back(Row);
        B.CreateCondBr(B.CreateICmpEQ(BlockDim[0], NumThreads, "one.row"), Row, Scan);
        B.SetInsertPoint(Row);
      }
      RunBegin->addIncoming(First, B.GetInsertBlock());
      RunEnd->addIncoming(Last, B.GetInsertBlock());
      // A suffix past the block's last thread sends none on.
      if (Split->Prefix)
        B.CreateBr(Chain);
      else
        B.CreateCondBr(B.CreateICmpULT(First, Last), Chain, Return);
    } else {
      B.CreateCondBr(Go, Scan, Return);
    }
    Built.ChainBegin = RunBegin;
    Built.ChainEnd = RunEnd;
    CB.CreateAlignedStore(
        CB.getInt32(1),
        CB.CreateConstInBoundsGEP1_64(CB.getInt8Ty(), F->getArg(1),
                                      offsetof(BlockContext, callCoversLiveThreads)),
        Align(4));
  }
  Ret->eraseFromParent();
  B.SetInsertPoint(Return);
  if (DeferStates)
    storeDeferredStates(B);
  B.CreateRetVoid();
  B.SetInsertPoint(Chain);
  if (L.SiteKinds[Next] == SiteWarpGather) {
    Value *Ctx = F->getArg(1);
    auto Field = [&](size_t Offset) {
      return B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Ctx, Offset);
    };
    B.CreateAlignedStore(ExchangeOut, Field(offsetof(BlockContext, exchangeIn)), Align(8));
    B.CreateAlignedStore(ExchangeIn, Field(offsetof(BlockContext, exchangeOut)), Align(8));
  }
  B.CreateRetVoid();
  Built.ChainBlock = Chain;
  Built.ChainTo = Next;
}

// The run of threads waiting at Site when every other thread of the block has exited, as
// begin | end << 32, or 0; asked of the runtime (one pass over the states there rather than a
// loop in every region). A warp collective's run must be whole warps.
Value *RegionBuilder::liveRunAt(IRBuilder<> &B, unsigned Site) {
  FunctionCallee LiveRun = M.getOrInsertFunction(
      kBlockLiveRunFn,
      FunctionType::get(B.getInt64Ty(), {B.getPtrTy(), B.getInt32Ty(), B.getInt32Ty()}, false));
  if (auto *Fn = dyn_cast<Function>(LiveRun.getCallee())) {
    Fn->setDoesNotThrow();
    Fn->setOnlyReadsMemory();
    Fn->setWillReturn();
  }
  const uint32_t Kind = L.SiteKinds[Site];
  const bool WholeWarps = Kind == SiteWarpGather || Kind == SiteWarpSync;
  return B.CreateCall(LiveRun, {F->getArg(1), B.getInt32(Site | kWaiting), B.getInt32(WholeWarps)},
                      "live.run");
}

void RegionBuilder::emitPrologue(ValueToValueMapTy &VMap) {
  LLVMContext &C = M.getContext();
  Prologue = BasicBlock::Create(C, "prologue", F);
  IRBuilder<> B(Prologue);
  Argument *Args = F->getArg(0);
  Begin = F->getArg(2);
  End = F->getArg(3);

  for (Argument &A : K.args()) {
    Value *Slot = B.CreateAlignedLoad(
        B.getPtrTy(), B.CreateConstInBoundsGEP1_64(B.getPtrTy(), Args, A.getArgNo()), Align(8),
        A.getName() + ".addr");
    if (A.hasByValAttr()) {
      // The launch's copy, at a 16-byte aligned offset of its argument buffer: LLVM may load
      // from it wherever it likes (hoist a field's load out of a branch).
      Type *Ty = A.getParamByValType();
      auto *Load = cast<LoadInst>(Slot);
      auto Int64MD = [&](uint64_t N) {
        return MDNode::get(C, ConstantAsMetadata::get(B.getInt64(N)));
      };
      Load->setMetadata(LLVMContext::MD_dereferenceable, Int64MD(DL.getTypeAllocSize(Ty)));
      Load->setMetadata(LLVMContext::MD_align,
                        Int64MD(std::min<uint64_t>(DL.getABITypeAlign(Ty).value(), 16)));
      VMap[&A] = Slot;
      ByValueParameters.push_back(Slot);
      continue;
    }
    Value *Loaded =
        B.CreateAlignedLoad(A.getType(), Slot, DL.getABITypeAlign(A.getType()), A.getName());
    VMap[&A] = Loaded;
    if (A.getType()->isPointerTy())
      PointerParameters.push_back(Loaded);
  }

  ContextReader R(B, F->getArg(1));
  static const char *Axis[3] = {"x", "y", "z"};
  for (unsigned D = 0; D < 3; ++D) {
    GridDim[D] = R.u32(offsetof(BlockContext, gridDim) + 4 * D, Twine("griddim.") + Axis[D]);
    BlockDim[D] = R.u32(offsetof(BlockContext, blockDim) + 4 * D, Twine("blockdim.") + Axis[D]);
    BlockIdx[D] = R.u32(offsetof(BlockContext, blockIdx) + 4 * D, Twine("blockidx.") + Axis[D]);
  }
  NumThreads = R.u32(offsetof(BlockContext, numThreads), "threads");
  DynamicShared = R.u32(offsetof(BlockContext, dynamicSharedBytes), "dynamic.shared");
  Shared = R.ptr(offsetof(BlockContext, shared), "shared");
  Frame = R.ptr(offsetof(BlockContext, frame), "frame");
  State = R.ptr(offsetof(BlockContext, state), "state");
  ExchangeIn = R.ptr(offsetof(BlockContext, exchangeIn), "exchange.in");
  ExchangeAux = R.ptr(offsetof(BlockContext, exchangeAux), "exchange.aux");
  ExchangeOut = R.ptr(offsetof(BlockContext, exchangeOut), "exchange.out");
  // Not Shared: the plain accesses that stand for shared atomics go through it.
  for (Value *Slots : {Frame, State, ExchangeIn, ExchangeAux, ExchangeOut})
    setMarker(*cast<Instruction>(Slots), kThreadSlotsMD);
}

// The kernel's code this region runs, from its start up to the next sites, and the kernel's
// entry block (its allocas are the locals placeLocals maps): CloneFunctionInto's copy of the
// whole kernel, most of which the region never runs, was most of this pass's time in kernels
// of many regions (CUB's). Without debug information (the kernel has no subprogram) the copy
// needs nothing beyond the blocks: every value a copied block uses is defined in a copied
// block, since none is live across a site (DemoteCrossSiteValues). A successor that is not
// copied (a site where the region ends, or, past the entry, code another region runs) gets an
// empty stand-in, which lowerSites turns into the thread's wait or removeUnreachableBlocks
// drops; a phi forgets the blocks not copied, and folds where that leaves it one value.
void RegionBuilder::cloneRegionCode(ValueToValueMapTy &VMap,
                                    SmallVectorImpl<ReturnInst *> &Returns) {
  LLVMContext &C = M.getContext();
  F->setAttributes(AttributeList::get(C, AttributeList::FunctionIndex,
                                      AttrBuilder(C, K.getAttributes().getFnAttrs())));
  SmallVector<std::pair<unsigned, MDNode *>> FunctionMD;
  K.getAllMetadata(FunctionMD);
  for (auto [Kind, MD] : FunctionMD)
    F->addMetadata(Kind, *MD);

  BasicBlock *First = Region == 0 ? &K.getEntryBlock() : L.SiteBlocks[Region - 1];
  SmallPtrSet<const BasicBlock *, 32> Copied = blocksBeforeNextSites(*First);
  Copied.insert(&K.getEntryBlock());

  SmallVector<BasicBlock *> Blocks;
  SmallVector<PHINode *> Pruned;
  for (BasicBlock &BB : K) {
    if (!Copied.contains(&BB))
      continue;
    BasicBlock *New = CloneBasicBlock(&BB, VMap, "", F);
    VMap[&BB] = New;
    Blocks.push_back(New);
    for (PHINode &Phi : New->phis()) {
      const unsigned Before = Phi.getNumIncomingValues();
      for (unsigned I = Before; I-- > 0;)
        if (!Copied.contains(Phi.getIncomingBlock(I)))
          Phi.removeIncomingValue(I, /*DeletePHIIfEmpty=*/false);
      if (Phi.getNumIncomingValues() != Before)
        Pruned.push_back(&Phi);
    }
    if (auto *Ret = dyn_cast<ReturnInst>(New->getTerminator()))
      Returns.push_back(Ret);
  }
  for (BasicBlock &BB : K)
    if (Copied.contains(&BB))
      for (BasicBlock *Succ : successors(&BB))
        if (!VMap.count(Succ)) {
          BasicBlock *StandIn = BasicBlock::Create(C, Succ->getName(), F);
          new UnreachableInst(C, StandIn);
          VMap[Succ] = StandIn;
        }
  remapInstructionsInBlocks(Blocks, VMap);
  // As removing the blocks not copied would have left them (BasicBlock::removePredecessor).
  for (PHINode *Phi : Pruned)
    if (Value *Same = Phi->hasConstantValue()) {
      Phi->replaceAllUsesWith(Same);
      Phi->eraseFromParent();
    }
}

// prologue -> rows -> header -> check -> start -> (kernel code) ... -> latch -> header;
// latch -> rows.latch -> rows; rows.latch -> done
//
// Threads [begin, end) in order, one row of the block (fixed y and z) at a time: the inner
// loop steps x alone, so a thread's index and everything computed from it are affine in the
// loop's induction variable, which is what the loop vectoriser needs.
void RegionBuilder::emitLoop() {
  LLVMContext &C = M.getContext();
  BasicBlock *FirstCloned = Prologue->getNextNode();
  Entry = BasicBlock::Create(C, "thread.entry", F, FirstCloned);
  BasicBlock *Rows = BasicBlock::Create(C, "thread.rows", F, FirstCloned);
  Header = BasicBlock::Create(C, "thread.header", F, FirstCloned);
  Check = BasicBlock::Create(C, "thread.check", F, FirstCloned);
  Start = BasicBlock::Create(C, "thread.start", F, FirstCloned);
  Latch = BasicBlock::Create(C, "thread.latch", F);
  BasicBlock *RowsLatch = BasicBlock::Create(C, "thread.rows.latch", F);
  Done = BasicBlock::Create(C, "done", F);

  IRBuilder<> B(Prologue);
  Value *Row0 = B.CreateUDiv(Begin, BlockDim[0], "row.begin");
  Value *X0 = B.CreateURem(Begin, BlockDim[0], "x.begin");
  Value *Y0 = B.CreateURem(Row0, BlockDim[1], "y.begin");
  Value *Z0 = B.CreateUDiv(Row0, BlockDim[1], "z.begin");
  Value *Any = B.CreateICmpULT(Begin, End);
  B.CreateCondBr(Any, Entry, Done);
  B.SetInsertPoint(Entry); // once per call, before any thread runs
  B.CreateBr(Rows);

  B.SetInsertPoint(Rows);
  PHINode *Row = B.CreatePHI(B.getInt32Ty(), 2, "row");
  PHINode *XFirst = B.CreatePHI(B.getInt32Ty(), 2, "x.first");
  // A row's y and z step from the previous row's, not divided out of the row number: a
  // division in every row of a 2D block costs more than the rest of the row's bookkeeping.
  PHINode *TidY = B.CreatePHI(B.getInt32Ty(), 2, "tid.y");
  PHINode *TidZ = B.CreatePHI(B.getInt32Ty(), 2, "tid.z");
  Tid[1] = TidY;
  Tid[2] = TidZ;
  Value *RowBase = B.CreateMul(Row, BlockDim[0], "row.base", /*HasNUW=*/true);
  Value *Left = B.CreateSub(End, RowBase, "row.left", /*HasNUW=*/true);
  Value *XEnd = B.CreateBinaryIntrinsic(Intrinsic::umin, Left, BlockDim[0], nullptr, "x.end");
  B.CreateBr(Header);

  B.SetInsertPoint(Header);
  auto *X = B.CreatePHI(B.getInt32Ty(), 2, "tid.x");
  Tid[0] = X;
  T = B.CreateAdd(RowBase, X, "t", /*HasNUW=*/true, /*HasNSW=*/true);
  B.CreateBr(Check);

  // The runtime calls a region on threads released to it, so only a stride loop's region, which
  // picks the threads of each round itself, looks at their states.
  B.SetInsertPoint(Check);
  if (Rounds) {
    Value *Waiting = B.CreateAlignedLoad(
        B.getInt32Ty(), B.CreateInBoundsGEP(B.getInt32Ty(), State, T), Align(4), "state");
    Value *Runs = B.CreateOr(B.CreateICmpEQ(Waiting, B.getInt32(Region)),
                             B.CreateICmpEQ(Waiting, B.getInt32(Region | kWaiting)));
    B.CreateCondBr(Runs, Start, Latch);
  } else {
    B.CreateBr(Start);
  }

  // Barrier rounds count the threads that came back (an add reduction, which vectorises).
  PHINode *RowCount = nullptr, *Count = nullptr, *Total = nullptr;
  Value *CountNext = nullptr;
  if (BarrierRounds) {
    B.SetInsertPoint(Rows->getFirstNonPHI());
    RowCount = B.CreatePHI(B.getInt32Ty(), 2, "back.rows");
    B.SetInsertPoint(Header->getFirstNonPHI());
    Count = B.CreatePHI(B.getInt32Ty(), 2, "back");
  }

  B.SetInsertPoint(Latch);
  if (BarrierRounds) {
    CameBack = B.CreatePHI(B.getInt32Ty(), 4, "came.back");
    CountNext = B.CreateAdd(Count, CameBack, "back.next");
  }
  Value *XNext = B.CreateAdd(X, B.getInt32(1), "x.next", /*HasNUW=*/true, /*HasNSW=*/true);
  B.CreateCondBr(B.CreateICmpULT(XNext, XEnd), Header, RowsLatch);
  X->addIncoming(XFirst, Rows);
  X->addIncoming(XNext, Latch);

  B.SetInsertPoint(RowsLatch);
  Value *RowNext = B.CreateAdd(Row, B.getInt32(1), "row.next", /*HasNUW=*/true);
  Value *YStep = B.CreateAdd(TidY, B.getInt32(1), "y.step", /*HasNUW=*/true);
  Value *NextPlane = B.CreateICmpEQ(YStep, BlockDim[1], "next.plane");
  Value *YNext = B.CreateSelect(NextPlane, B.getInt32(0), YStep, "y.next");
  Value *ZNext =
      B.CreateAdd(TidZ, B.CreateZExt(NextPlane, B.getInt32Ty()), "z.next", /*HasNUW=*/true);
  Value *NextBase = B.CreateAdd(RowBase, BlockDim[0], "row.next.base", /*HasNUW=*/true);
  B.CreateCondBr(B.CreateICmpULT(NextBase, End), Rows, Done);
  Row->addIncoming(Row0, Entry);
  Row->addIncoming(RowNext, RowsLatch);
  XFirst->addIncoming(X0, Entry);
  XFirst->addIncoming(B.getInt32(0), RowsLatch);
  TidY->addIncoming(Y0, Entry);
  TidY->addIncoming(YNext, RowsLatch);
  TidZ->addIncoming(Z0, Entry);
  TidZ->addIncoming(ZNext, RowsLatch);

  AfterLoop.append({RowsLatch, Done});
  B.SetInsertPoint(Done);
  if (BarrierRounds) {
    RowCount->addIncoming(B.getInt32(0), Entry);
    RowCount->addIncoming(CountNext, RowsLatch);
    Count->addIncoming(RowCount, Rows);
    Count->addIncoming(CountNext, Latch);
    Total = B.CreatePHI(B.getInt32Ty(), 2, "back.total");
    Total->addIncoming(B.getInt32(0), Prologue);
    Total->addIncoming(CountNext, RowsLatch);
    // Every thread of the block waits at this barrier again: release it here (a plain
    // barrier exchanges nothing), rereading the uniform values the round has changed.
    BasicBlock *Return = BasicBlock::Create(C, "return", F);
    AfterLoop.push_back(Return);
    Value *Again = B.CreateICmpEQ(Total, NumThreads, "all.back");
    if (InterleavedRounds) {
      IRBuilder<> EB(Entry, Entry->getFirstInsertionPt());
      PHINode *Group = EB.CreatePHI(B.getInt32Ty(), 2, "group");
      IRBuilder<> DB(Done, Done->getFirstNonPHIIt());
      PHINode *GroupDone = DB.CreatePHI(B.getInt32Ty(), 2, "group.done");
      GroupDone->addIncoming(B.getInt32(0), Prologue);
      GroupDone->addIncoming(Group, RowsLatch);
      Value *NextGroup = B.CreateAdd(GroupDone, B.getInt32(1), "group.next");
      Group->addIncoming(B.getInt32(0), Prologue);
      Group->addIncoming(NextGroup, Done);
      Again = B.CreateAnd(
          Again, B.CreateICmpULT(NextGroup, B.getInt32(kInterleavedGroupsPerCall), "group.again"));
    }
    B.CreateCondBr(Again, Entry, Return);
    B.SetInsertPoint(Return);
    B.CreateRetVoid();
    BackReturn = Return;
    BackTotal = Total;
    return;
  }
  if (!Rounds) {
    B.CreateRetVoid();
    return;
  }
  // Another round while some thread came back to this region's site.
  BasicBlock *Scan = BasicBlock::Create(C, "round.scan", F);
  BasicBlock *ScanBody = BasicBlock::Create(C, "round.scan.body", F);
  BasicBlock *Round = BasicBlock::Create(C, "round", F);
  BasicBlock *Return = BasicBlock::Create(C, "return", F);
  AfterLoop.append({Scan, ScanBody, Round, Return});
  B.CreateBr(Scan);
  B.SetInsertPoint(Scan);
  PHINode *S = B.CreatePHI(B.getInt32Ty(), 2, "s");
  B.CreateCondBr(B.CreateICmpULT(S, End), ScanBody, Return);
  B.SetInsertPoint(ScanBody);
  Value *Waiting = B.CreateAlignedLoad(
      B.getInt32Ty(), B.CreateInBoundsGEP(B.getInt32Ty(), State, S), Align(4), "state.back");
  Value *SNext = B.CreateAdd(S, B.getInt32(1), "s.next", /*HasNUW=*/true);
  B.CreateCondBr(B.CreateICmpEQ(Waiting, B.getInt32(Region | kWaiting)), Round, Scan);
  S->addIncoming(Begin, Done);
  S->addIncoming(SNext, ScanBody);
  B.SetInsertPoint(Round);
  B.CreateBr(Rows);
  Row->addIncoming(Row0, Round);
  XFirst->addIncoming(X0, Round);
  TidY->addIncoming(Y0, Round);
  TidZ->addIncoming(Z0, Round);
  B.SetInsertPoint(Return);
  B.CreateRetVoid();
}

// Thread's slot in a per-thread array of Bytes-byte slots.
Value *threadSlot(IRBuilder<> &B, Value *Array, Value *Thread, uint64_t Bytes,
                  const Twine &Name = "") {
  return B.CreateInBoundsGEP(B.getInt8Ty(), Array,
                             B.CreateMul(B.CreateZExt(Thread, B.getInt64Ty()), B.getInt64(Bytes)),
                             Name);
}

// Barrier rounds store neither the state of a thread that comes back to the region's own
// barrier nor, where that is safe, the uniform values such a thread carries round: in a
// grid-stride loop's rounds, each is a store per thread per group of rounds, where the
// rounds load one vector of input each (a model of the suite's reduction ran 1.5x faster
// without them). The call fixes both up when it returns (markCameBack).
//
// A uniform value's store moves to the call's first slot, the one its reload reads, when it
// is the only thing this region does with the thread's slot and a thread stores it exactly
// when it comes back: the store is on every path to the own barrier's exit and every path
// from it leads there.
void RegionBuilder::deferUniformStores() {
  DominatorTree DT(*F);
  PostDominatorTree PDT(*F);
  SmallVector<StoredOnce> Once;
  for (const UniformSlot &U : UniformSlots) {
    SmallVector<StoreInst *> Stores;
    bool OnlyStores = !U.Slot->use_empty();
    for (User *Us : U.Slot->users()) {
      auto *St = dyn_cast<StoreInst>(Us);
      OnlyStores &= St && St->getPointerOperand() == U.Slot &&
                    DT.dominates(St->getParent(), OwnWait) &&
                    PDT.dominates(OwnWait, St->getParent());
      if (OnlyStores)
        Stores.push_back(St);
    }
    if (!OnlyStores)
      continue;
    for (StoreInst *St : Stores)
      St->setOperand(StoreInst::getPointerOperandIndex(), U.First);
    Deferred.push_back(
        {&U, Stores.front()->getValueOperand()->getType(), Stores.front()->getAlign()});
    StoredOnce S{Stores, U.First, {}};
    if (storableOncePerPass(S, DT))
      Once.push_back(std::move(S));
  }
  storeOnceAfterThreads(Once);
}

// Whether every such store stores one value that the end of a pass over the threads can
// compute: one defined on every way there (a uniform value, so the last thread's is every
// thread's), or arithmetic on such values (a grid-stride loop's next round base). Then it is
// stored once at the end of the pass, if any thread came back, rather than once a thread: the
// histogram's byte rounds did one such store per eight bytes. S.Recompute gets the arithmetic
// to repeat there, operands first.
bool RegionBuilder::storableOncePerPass(StoredOnce &S, const DominatorTree &DT) const {
  Value *Stored = S.Stores.front()->getValueOperand();
  auto [PassEnd, Count] = passEnd();
  if (!PassEnd)
    return false;
  Instruction *AfterThreads = PassEnd->getTerminator();
  if (any_of(S.Stores, [&](StoreInst *St) { return St->getValueOperand() != Stored; }))
    return false;
  std::function<bool(Value *, unsigned)> Collect = [&](Value *V, unsigned Depth) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || DT.dominates(I, AfterThreads))
      return true;
    if (Depth > kMaxRecomputeDepth || !(isa<BinaryOperator>(I) || isa<CastInst>(I)))
      return false;
    for (Value *Op : I->operands())
      if (!Collect(Op, Depth + 1))
        return false;
    if (!is_contained(S.Recompute, I))
      S.Recompute.push_back(I);
    return true;
  };
  return Collect(Stored, 0);
}

// The block that ends a pass over the call's threads (the rows loop's latch, where the count
// of the threads that came back goes into back.total), and that count; a call with no threads
// reaches back.total another way, with 0.
std::pair<BasicBlock *, Value *> RegionBuilder::passEnd() const {
  auto *Total = cast<PHINode>(BackTotal);
  BasicBlock *End = nullptr;
  Value *Count = nullptr;
  for (unsigned I = 0; I < Total->getNumIncomingValues(); ++I) {
    if (auto *Zero = dyn_cast<ConstantInt>(Total->getIncomingValue(I)); Zero && Zero->isZero())
      continue;
    if (End)
      return {nullptr, nullptr};
    End = Total->getIncomingBlock(I);
    Count = Total->getIncomingValue(I);
  }
  return {End, Count};
}

void RegionBuilder::storeOnceAfterThreads(MutableArrayRef<StoredOnce> Once) {
  if (Once.empty())
    return;
  auto [PassEnd, Count] = passEnd();
  BasicBlock *Edge = SplitEdge(PassEnd, cast<PHINode>(BackTotal)->getParent());
  IRBuilder<> B(Edge->getTerminator());
  Instruction *Then = SplitBlockAndInsertIfThen(
      B.CreateICmpNE(Count, B.getInt32(0), "any.came.back"), Edge->getTerminator(),
      /*Unreachable=*/false);
  AfterLoop.append({Edge, Then->getParent(), Then->getSuccessor(0)});
  for (StoredOnce &S : Once) {
    ValueToValueMapTy Again;
    for (Instruction *I : S.Recompute) {
      Instruction *Copy = I->clone();
      Copy->insertBefore(Then);
      RemapInstruction(Copy, Again, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
      Again[I] = Copy;
    }
    Value *Stored = S.Stores.front()->getValueOperand();
    if (Value *Copy = Again.lookup(Stored))
      Stored = Copy;
    new StoreInst(Stored, S.First, false, S.Stores.front()->getAlign(), Then);
    for (StoreInst *St : S.Stores)
      St->eraseFromParent();
  }
}

// return, in barrier rounds: a thread that came back still holds the state it was released
// with (the region, or, when the whole block was released at once, the region waiting); the
// threads that went elsewhere stored their site, or that they exited, which is never the
// region's number. One pass over the call's threads marks the first kind waiting at the
// barrier and copies them the deferred uniform values from the first slot, where every one of
// them stored the same.
//
// The first slot is also the call's first thread's own. When that thread went elsewhere in
// the middle of a round (a block-stride loop inside the rounds whose later iterations run at a
// site of their own), it still needs the value it held, the one every thread of the call held
// when the pass began: the pass saves that value first and the call puts it back before the
// copies (HeCBench's zoom kernel lost a row of its shared tile to the next round's base
// otherwise).
void RegionBuilder::markCameBack() {
  LLVMContext &C = M.getContext();
  IRBuilder<> AB(&*Prologue->getFirstInsertionPt());
  IRBuilder<> EB(Entry->getTerminator());
  SmallVector<Value *> Saved;
  for (const DeferredSlot &D : Deferred) {
    AllocaInst *Before = AB.CreateAlloca(D.Ty, nullptr, "pass.began");
    Before->setAlignment(D.Alignment);
    EB.CreateAlignedStore(EB.CreateAlignedLoad(D.Ty, D.Slot->First, D.Alignment), Before,
                          D.Alignment);
    Saved.push_back(Before);
  }
  Instruction *Ret = BackReturn->getTerminator();
  BasicBlock *Carry = BasicBlock::Create(C, "mark.carried", F);
  BasicBlock *Mark = BasicBlock::Create(C, "mark.back", F);
  BasicBlock *Exit = BasicBlock::Create(C, "mark.done", F);
  BackDone = Exit;
  AfterLoop.append({Carry, Mark, Exit});
  IRBuilder<> B(Ret);
  B.CreateCondBr(B.CreateICmpNE(BackTotal, B.getInt32(0), "any.back"), Carry, Exit);
  Ret->moveBefore(*Exit, Exit->end());
  B.SetInsertPoint(Carry); // some thread came back, so the call's first slot is in the block
  SmallVector<Value *> Values;
  for (auto [D, Before] : zip(Deferred, Saved)) {
    Value *First = threadSlot(B, D.Slot->Array, Begin, D.Slot->Bytes);
    Values.push_back(B.CreateAlignedLoad(D.Ty, First, D.Alignment, "carried"));
    // The first thread's own value back; the copies below give it the carried one again if
    // it came back.
    B.CreateAlignedStore(B.CreateAlignedLoad(D.Ty, Before, D.Alignment, "first.own"), First,
                         D.Alignment);
  }
  B.CreateBr(Mark);
  B.SetInsertPoint(Mark);
  // Each iteration touches its own thread's slots only: the loop is parallel, as a thread
  // loop is, and needs no runtime alias checks between the states and the frame.
  MDNode *Group = MDNode::getDistinct(C, {});
  auto InGroup = [&](Instruction *I) { I->setMetadata(LLVMContext::MD_access_group, Group); };
  PHINode *S = B.CreatePHI(B.getInt32Ty(), 2, "s");
  Value *Slot = B.CreateInBoundsGEP(B.getInt32Ty(), State, B.CreateZExt(S, B.getInt64Ty()));
  LoadInst *Was = B.CreateAlignedLoad(B.getInt32Ty(), Slot, Align(4), "state.was");
  InGroup(Was);
  Value *Back =
      B.CreateICmpEQ(B.CreateAnd(Was, B.getInt32(~kWaiting)), B.getInt32(Region), "back.here");
  InGroup(B.CreateAlignedStore(B.CreateSelect(Back, B.getInt32(Region | kWaiting), Was), Slot,
                               Align(4)));
  for (auto [D, Carried] : zip(Deferred, Values)) {
    Value *Own = threadSlot(B, D.Slot->Array, S, D.Slot->Bytes);
    LoadInst *Old = B.CreateAlignedLoad(D.Ty, Own, D.Alignment);
    InGroup(Old);
    InGroup(B.CreateAlignedStore(B.CreateSelect(Back, Carried, Old), Own, D.Alignment));
  }
  Value *SNext = B.CreateAdd(S, B.getInt32(1), "s.next", /*HasNUW=*/true);
  Instruction *BackEdge = B.CreateCondBr(B.CreateICmpULT(SNext, End), Mark, Exit);
  BackEdge->setMetadata(
      LLVMContext::MD_loop,
      copyLoopID(C, nullptr,
                 {MDNode::get(C, {MDString::get(C, "llvm.loop.parallel_accesses"), Group})}));
  S->addIncoming(Begin, Carry);
  S->addIncoming(SNext, Mark);
}

// A thread that leaves a per-thread value as it found it does not store it back. Where a value
// slot's one store writes a phi that, on some ways into its block, is what the thread loaded
// from the slot earlier in the same pass over the threads (a tree reduction's `if (tid < s)
// sum += sdata[tid + s]`, whose sum shares the slot of the sum before, DemoteCrossSiteValues),
// the store moves to the other ways in. The threads that skip the step then touch the slot not
// at all, and a thread loop split at `tid < s` keeps no loop for them.
void RegionBuilder::storeOnlyChangedValues() {
  // The slots whose one store writes a phi of its own block; most regions have none, and need
  // no dominator tree.
  SmallVector<std::pair<Value *, StoreInst *>> Candidates;
  for (Value *Slot : ValueSlots) {
    SmallVector<StoreInst *, 1> Stores;
    for (User *U : Slot->users())
      if (auto *St = dyn_cast<StoreInst>(U))
        Stores.push_back(St);
    if (Stores.size() != 1)
      continue;
    auto *Phi = dyn_cast<PHINode>(Stores.front()->getValueOperand());
    if (Phi && Phi->getParent() == Stores.front()->getParent())
      Candidates.emplace_back(Slot, Stores.front());
  }
  if (Candidates.empty())
    return;
  DominatorTree DT(*F); // the moves below add no blocks or edges
  LoopInfo LI(DT);
  for (auto [Slot, Store] : Candidates) {
    auto *Phi = cast<PHINode>(Store->getValueOperand());
    // A load of the slot that every way to the store passes, in the same loop: nothing but
    // the store writes the slot, so the slot still holds what was loaded.
    auto Unchanged = [&](Value *V) {
      auto *Load = dyn_cast<LoadInst>(V);
      return Load && Load->getPointerOperand() == Slot && DT.dominates(Load, Store) &&
             LI.getLoopFor(Load->getParent()) == LI.getLoopFor(Store->getParent());
    };
    SmallVector<unsigned, 2> Changed;
    SmallPtrSet<BasicBlock *, 4> From;
    for (unsigned I = 0; I < Phi->getNumIncomingValues(); ++I)
      if (!Unchanged(Phi->getIncomingValue(I)))
        Changed.push_back(I);
    if (Changed.size() == Phi->getNumIncomingValues() || any_of(Changed, [&](unsigned I) {
          BasicBlock *Pred = Phi->getIncomingBlock(I);
          return Pred->getSingleSuccessor() != Phi->getParent() || !From.insert(Pred).second;
        }))
      continue;
    for (unsigned I : Changed) {
      auto *Moved = cast<StoreInst>(Store->clone());
      Moved->setOperand(0, Phi->getIncomingValue(I));
      Moved->insertBefore(Phi->getIncomingBlock(I)->getTerminator());
    }
    Store->eraseFromParent();
  }
}

// Per-thread locals become frame slots; the others move to the prologue, allocated once for
// all the threads this call runs (each thread's use of them ends before the next starts).
void RegionBuilder::placeLocals(ValueToValueMapTy &VMap) {
  IRBuilder<> PB(Prologue->getTerminator());
  IRBuilder<> SB(Start);
  Value *Threads64 = PB.CreateZExt(NumThreads, PB.getInt64Ty());
  SmallVector<AllocaInst *> Locals;
  for (Instruction &I : K.getEntryBlock())
    if (auto *A = dyn_cast<AllocaInst>(&I))
      Locals.push_back(A);
  // The clone's blocks this region runs: from its start up to the next sites (the kernel's
  // entry, for a region past it, is not among them).
  const SmallPtrSet<const BasicBlock *, 32> Live = blocksBeforeNextSites(
      *cast<BasicBlock>(VMap[Region == 0 ? &K.getEntryBlock() : L.SiteBlocks[Region - 1]]));
  for (AllocaInst *A : Locals) {
    auto *Clone = cast<AllocaInst>(VMap[A]);
    auto It = L.FrameOffsets.find(A);
    if (It == L.FrameOffsets.end()) {
      Clone->moveBefore(Prologue->getTerminator());
      continue;
    }
    uint64_t Bytes = alignTo(allocaBytes(*A, DL), A->getAlign());
    Value *Array = PB.CreateInBoundsGEP(PB.getInt8Ty(), Frame,
                                        PB.CreateMul(Threads64, PB.getInt64(It->second)),
                                        A->getName() + ".array");
    Value *Slot = threadSlot(SB, Array, T, Bytes, A->getName());
    // Lifetime markers only make sense on allocas.
    for (User *U : make_early_inc_range(Clone->users()))
      if (auto *II = dyn_cast<IntrinsicInst>(U); II && II->isLifetimeStartOrEnd())
        II->eraseFromParent();
    // A value's local that is only loaded and stored whole: no other pointer reaches its slot.
    if (!hasMarker(*A, kUniformMD) && all_of(A->users(), [&](const User *U) {
          const auto *St = dyn_cast<StoreInst>(U);
          return isa<LoadInst>(U) || (St && St->getValueOperand() != A);
        }))
      ValueSlots.push_back(Slot);
    // A uniform value all this call's threads computed before they came here: one read, of
    // the first thread's copy, before any thread runs (and so before any overwrites it).
    if (hasMarker(*A, kUniformMD)) {
      IRBuilder<> EB(Entry->getTerminator());
      Value *First = threadSlot(EB, Array, Begin, Bytes, A->getName() + ".first");
      UniformSlots.push_back({Array, Slot, First, Bytes});
      // One read of each type: merging equal reads later would drop the trip counter's marker.
      SmallDenseMap<Type *, LoadInst *, 2> Reads;
      for (User *U : make_early_inc_range(Clone->users()))
        if (auto *Load = dyn_cast<LoadInst>(U); Load && readsUniformOnce(*A, *Clone, *Load, Live)) {
          LoadInst *&Once = Reads[Load->getType()];
          if (!Once) {
            Once = EB.CreateAlignedLoad(Load->getType(), First, Load->getAlign(),
                                        Load->getName() + ".uniform");
            if (hasMarker(*A, kSiteLoopTripsMD))
              setMarker(*Once, kSiteLoopTripsMD);
          }
          Load->replaceAllUsesWith(Once);
          Load->eraseFromParent();
        }
    }
    Clone->replaceAllUsesWith(Slot);
    Clone->eraseFromParent();
  }
}

// Whether Load (of the clone of a uniform value's local) can read the first thread's copy once
// per call: the region starts at a site the value's definition dominates, so every thread here
// computed it (threads run in lockstep between sites, so all hold the same), and no store to
// the local that the region runs (Live) can come before the load in this region, so the copy
// is from before the region.
bool RegionBuilder::readsUniformOnce(const AllocaInst &Original, const AllocaInst &Clone,
                                     const LoadInst &Load,
                                     const SmallPtrSetImpl<const BasicBlock *> &Live) const {
  if (Region == 0 || Rounds)
    return false;
  const Instruction *Site = &L.SiteBlocks[Region - 1]->front();
  for (const User *U : Original.users())
    if (const auto *Store = dyn_cast<StoreInst>(U)) {
      const auto *Def = dyn_cast<Instruction>(Store->getValueOperand());
      if (!Def || !KernelDT.dominates(Def, Site))
        return false;
    }
  SmallVector<const BasicBlock *> Stack;
  for (const User *U : Clone.users())
    if (const auto *Store = dyn_cast<StoreInst>(U); Store && Live.contains(Store->getParent())) {
      if (Store->getParent() == Load.getParent() && Store->comesBefore(&Load))
        return false;
      append_range(Stack, successors(Store->getParent()));
    }
  SmallPtrSet<const BasicBlock *, 32> Seen;
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.pop_back_val();
    if (BB == Latch || siteKindOf(BB->front()) || !Seen.insert(BB).second)
      continue; // past a site, another region runs
    if (BB == Load.getParent())
      return false;
    append_range(Stack, successors(BB));
  }
  return true;
}

// A shuffle's result: the runtime hands out every lane's input (Own is the thread's own, in its
// exchangeOut slot), and the thread reads its source's slot: at t + d for a shuffle by a
// constant distance d within its segment (two contiguous loads and a blend in a vectorised
// loop; the arrays are padded, so t + d may lie outside the block), at t - b or t + b for a
// butterfly by a constant power of two b (lane ^ b: two loads and two blends), else at the
// lane its own input names, or its own where that lane is past the end of a partial warp.
Value *RegionBuilder::readShuffleSource(IRBuilder<> &B, Instruction &SiteCall, Value *Own) {
  auto Operand = [](MDNode *MD, unsigned I) {
    return mdconst::extract<ConstantInt>(MD->getOperand(I))->getSExtValue();
  };
  auto SlotAt = [&](Value *Index, const Twine &Name = "") {
    return B.CreateAlignedLoad(B.getInt64Ty(), B.CreateGEP(B.getInt64Ty(), ExchangeOut, Index),
                               Align(8), Name);
  };
  if (MDNode *Distance = SiteCall.getMetadata(kShuffleDistanceMD)) {
    int64_t D = Operand(Distance, 0), Width = Operand(Distance, 1);
    Value *InSegment = B.CreateAnd(T, B.getInt32(Width - 1), "segment.lane");
    Value *InWarp = D > 0 ? B.CreateAnd(B.CreateICmpULT(InSegment, B.getInt32(Width - D)),
                                        B.CreateICmpULT(B.CreateAdd(T, B.getInt32(D)), NumThreads))
                          : B.CreateICmpUGE(InSegment, B.getInt32(-D));
    Value *Other =
        SlotAt(B.CreateAdd(B.CreateZExt(T, B.getInt64Ty()), B.getInt64(D)), "shuffle.other");
    return B.CreateSelect(InWarp, Other, Own, "shuffle");
  }
  if (MDNode *Xor = SiteCall.getMetadata(kShuffleXorMD)) {
    const int64_t Bit = Operand(Xor, 0);
    Value *Wide = B.CreateZExt(T, B.getInt64Ty());
    Value *Below = B.CreateICmpNE(B.CreateAnd(T, B.getInt32(Bit)), B.getInt32(0));
    Value *Down = SlotAt(B.CreateAdd(Wide, B.getInt64(-Bit)));
    Value *Up = SlotAt(B.CreateAdd(Wide, B.getInt64(Bit)));
    Value *Other = B.CreateSelect(Below, Down, Up, "shuffle.other");
    Value *InBlock = B.CreateICmpULT(B.CreateXor(T, B.getInt32(Bit)), NumThreads);
    return B.CreateSelect(InBlock, Other, Own, "shuffle");
  }
  Value *Lane = B.CreateAnd(T, B.getInt32(kWarpSize - 1), "lane");
  Value *Named = B.CreateTrunc(B.CreateLShr(Own, 32), B.getInt32Ty(), "source.lane");
  Value *WarpBase = B.CreateAnd(T, B.getInt32(~(kWarpSize - 1)), "warp.base");
  Value *Lanes = B.CreateBinaryIntrinsic(Intrinsic::umin, B.getInt32(kWarpSize),
                                         B.CreateSub(NumThreads, WarpBase), nullptr, "lanes");
  Value *SourceLane = B.CreateSelect(B.CreateICmpULT(Named, Lanes), Named, Lane);
  return SlotAt(B.CreateZExt(B.CreateAdd(WarpBase, SourceLane), B.getInt64Ty()), "shuffle");
}

void RegionBuilder::lowerSites(ValueToValueMapTy &VMap, ArrayRef<ReturnInst *> Returns) {
  LLVMContext &C = M.getContext();
  IRBuilder<> B(C);
  auto ThreadElement = [&](Type *Ty, Value *Base) {
    return B.CreateInBoundsGEP(Ty, Base, B.CreateZExt(T, B.getInt64Ty()));
  };

  // The region starts at the kernel's entry, or at its site's block with the site's result.
  BasicBlock *First = nullptr;
  if (Region == 0) {
    First = cast<BasicBlock>(VMap[&K.getEntryBlock()]);
  } else {
    First = cast<BasicBlock>(VMap[L.SiteBlocks[Region - 1]]);
    Instruction *SiteCall = &First->front();
    B.SetInsertPoint(SiteCall);
    Value *Out = B.CreateAlignedLoad(B.getInt64Ty(), ThreadElement(B.getInt64Ty(), ExchangeOut),
                                     Align(8), "site.out");
    for (User *U : make_early_inc_range(SiteCall->users()))
      if (auto *Offered = dyn_cast<Instruction>(U); Offered && isSiteOffered(*Offered)) {
        Offered->replaceAllUsesWith(Out);
        Offered->eraseFromParent();
      }
    if (L.SiteKinds[Region] == SiteWarpGather)
      Out = readShuffleSource(B, *SiteCall, Out);
    SiteCall->replaceAllUsesWith(Out);
    SiteCall->eraseFromParent();
  }

  // A warp's offers at the site this region starts from (FuseShuffleChainsPass). Where other
  // regions reach the same code, no thread that gets there uses what it reads.
  SmallVector<Instruction *> WarpOffers;
  for (Instruction &I : instructions(*F))
    if (isSiteWarpOffers(I))
      WarpOffers.push_back(&I);
  for (Instruction *Offers : WarpOffers) {
    B.SetInsertPoint(Offers);
    Value *WarpBase = B.CreateAnd(T, B.getInt32(~(kWarpSize - 1)));
    Offers->replaceAllUsesWith(B.CreateInBoundsGEP(
        B.getInt64Ty(), ExchangeOut, B.CreateZExt(WarpBase, B.getInt64Ty()), "warp.offers"));
    Offers->eraseFromParent();
  }

  // Every way into a site block leaves the region: record where the thread waits.
  for (unsigned S = 0; S < L.SiteBlocks.size(); ++S) {
    auto *Cloned = cast_or_null<BasicBlock>(VMap.lookup(L.SiteBlocks[S]));
    if (!Cloned)
      continue; // a site this region does not reach
    BasicBlock *Exit = BasicBlock::Create(C, "wait.site" + Twine(S + 1), F, Latch);
    B.SetInsertPoint(Exit);
    if (BarrierRounds && S + 1 == Region) // see deferUniformStores
      OwnWait = Exit;
    else if (!DeferStates)
      B.CreateAlignedStore(B.getInt32((S + 1) | kWaiting), ThreadElement(B.getInt32Ty(), State),
                           Align(4));
    B.CreateBr(Latch);
    if (CameBack)
      CameBack->addIncoming(B.getInt32(S + 1 == Region), Exit);
    SmallVector<Instruction *> Terminators;
    for (BasicBlock *Pred : predecessors(Cloned))
      Terminators.push_back(Pred->getTerminator());
    for (Instruction *Term : Terminators)
      Term->replaceSuccessorWith(Cloned, Exit);
  }

  // The site stores fill this thread's exchange slots.
  SmallVector<CallInst *> Stores;
  for (Instruction &I : instructions(*F))
    if (isSiteStore(I))
      Stores.push_back(cast<CallInst>(&I));
  for (CallInst *Store : Stores) {
    B.SetInsertPoint(Store);
    B.CreateAlignedStore(Store->getArgOperand(0), ThreadElement(B.getInt64Ty(), ExchangeIn),
                         Align(8));
    if (!DeferMasks)
      B.CreateAlignedStore(Store->getArgOperand(1), ThreadElement(B.getInt32Ty(), ExchangeAux),
                           Align(4));
    Store->eraseFromParent();
  }

  for (ReturnInst *Ret : Returns) {
    B.SetInsertPoint(Ret);
    if (MultiRegion && !DeferStates)
      B.CreateAlignedStore(B.getInt32(kThreadExited), ThreadElement(B.getInt32Ty(), State),
                           Align(4));
    B.CreateBr(Latch);
    if (CameBack)
      CameBack->addIncoming(B.getInt32(0), Ret->getParent());
    Ret->eraseFromParent();
  }

  B.SetInsertPoint(Start);
  B.CreateBr(First);
}

// Iterations of the thread loop are threads, and CUDA gives threads no ordering between sites:
// two threads touching the same memory between sites without atomics is a data race. So the
// loop's memory accesses carry llvm.loop.parallel_accesses, and the vectoriser needs no
// runtime alias checks between the context arrays, the shared memory and the kernel's
// pointers. The exceptions: a local that lives in one region only (allocated once in the
// prologue and reused by thread after thread), and the plain accesses that stand for a
// shared-memory atomic, which threads may make to the same address; those stay unmarked.
// A region that reads threadIdx.y or threadIdx.z also marks its loop kShortRowsMD.
void RegionBuilder::markThreadLoopParallel() {
  LLVMContext &C = M.getContext();
  MDNode *Group = MDNode::getDistinct(C, {});
  auto SharedLocal = [&](const Value *Pointer) {
    auto *A = dyn_cast<AllocaInst>(getUnderlyingObject(Pointer));
    return A && A->getParent() == Prologue;
  };
  for (BasicBlock &BB : *F) {
    if (&BB == Prologue || is_contained(AfterLoop, &BB))
      continue;
    for (Instruction &I : BB) {
      Value *Pointer = getLoadStorePointerOperand(&I);
      bool Marked = Pointer ? !SharedLocal(Pointer) && !hasMarker(I, kBlockPrivateMD) : false;
      if (auto *Transfer = dyn_cast<MemTransferInst>(&I))
        Marked = !SharedLocal(Transfer->getDest()) && !SharedLocal(Transfer->getSource());
      else if (auto *Set = dyn_cast<MemSetInst>(&I))
        Marked = !SharedLocal(Set->getDest());
      if (Marked)
        I.setMetadata(LLVMContext::MD_access_group, Group);
    }
  }
  MDNode *Parallel = MDNode::get(C, {MDString::get(C, "llvm.loop.parallel_accesses"), Group});
  auto Self = MDNode::getTemporary(C, {});
  SmallVector<Metadata *, 3> Ops{Self.get(), Parallel};
  // The step to the next row is the one use of y and z in a region that reads neither.
  if (Tid[1]->hasNUsesOrMore(2) || Tid[2]->hasNUsesOrMore(2))
    Ops.push_back(MDNode::get(C, {MDString::get(C, kShortRowsMD)}));
  // The vectoriser's scalar loop runs a row's leftover threads, or all of them when its
  // runtime checks fail; unrolled, a constant-count copy's fallback puts a constant per thread
  // in the prologue and spills them there, once a call, for a loop that almost never runs.
  Ops.push_back(MDNode::get(
      C, {MDString::get(C, "llvm.loop.vectorize.followup_epilogue"), Parallel,
          MDNode::get(C, {MDString::get(C, "llvm.loop.isvectorized"),
                          ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), 1))}),
          MDNode::get(C, {MDString::get(C, "llvm.loop.unroll.disable")})}));
  if (ownSiteHas(kLockstepLoopMD))
    Ops.push_back(MDNode::get(
        C, {MDString::get(C, "llvm.loop.vectorize.width"),
            ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(C), kLockstepLoopWidth))}));
  MDNode *LoopID = MDNode::getDistinct(C, Ops);
  LoopID->replaceOperandWith(0, LoopID);
  Latch->getTerminator()->setMetadata(LLVMContext::MD_loop, LoopID);
}

void RegionBuilder::lowerThreadQueries() {
  ThreadValues V;
  for (unsigned D = 0; D < 3; ++D) {
    V.Tid[D] = Tid[D];
    V.BlockDim[D] = BlockDim[D];
    V.BlockIdx[D] = BlockIdx[D];
    V.GridDim[D] = GridDim[D];
  }
  V.LinearIndex = T;
  V.NumThreads = NumThreads;
  drawbridge::cpu::lowerThreadQueries(*F, V);
}

// A region whose every path ends in a call that does not return (a trap: CUB's kernels for
// architectures they were not tuned for) never reaches its latch, and removing unreachable
// blocks would take the latch, and the loop with it. Those ends go to the latch instead; the
// call still never returns.
void RegionBuilder::keepLatchReachable() {
  if (!pred_empty(Latch))
    return;
  SmallVector<UnreachableInst *> Ends;
  for (BasicBlock &BB : *F)
    if (auto *End = dyn_cast<UnreachableInst>(BB.getTerminator()))
      Ends.push_back(End);
  for (UnreachableInst *End : Ends) {
    BranchInst::Create(Latch, End->getParent());
    End->eraseFromParent();
  }
}

void RegionBuilder::lowerSharedVariables() {
  IRBuilder<> B(Prologue->getTerminator());
  for (auto &[G, Offset] : L.SharedOffsets) {
    Value *Address = B.CreateConstInBoundsGEP1_64(B.getInt8Ty(), Shared, Offset, G->getName());
    G->replaceUsesWithIf(Address, [&](Use &U) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      return I && I->getFunction() == F;
    });
  }
}

void formRegions(Function &K) {
  KernelLayout L;
  collectSharedVariables(K, L);
  collectFrameSlots(K, L);
  collectSites(K, L);
  L.ThreadsMayEndEarly = mayEndThreadsEarly(K);
  DominatorTree KernelDT(K);
  PostDominatorTree KernelPDT(K);
  SmallVector<BuiltRegion> Built;
  SmallVector<Function *> Regions;
  for (unsigned R = 0; R < L.SiteKinds.size(); ++R) {
    Built.push_back(RegionBuilder(K, L, KernelDT, KernelPDT, R).build());
    Regions.push_back(Built.back().F);
  }
  // The chains: region r, having run the whole block to its one site s, runs region s. Each
  // region stays a function of its own (the runtime calls it too), and the tail call keeps a
  // long chain of sites from growing the stack.
  for (const BuiltRegion &R : Built) {
    if (!R.ChainBlock)
      continue;
    IRBuilder<> B(R.ChainBlock->getTerminator());
    Value *Begin = R.ChainBegin ? R.ChainBegin : R.F->getArg(2);
    Value *End = R.ChainEnd ? R.ChainEnd : R.F->getArg(3);
    CallInst *Call = B.CreateCall(Regions[R.ChainTo], {R.F->getArg(0), R.F->getArg(1), Begin, End});
    Call->setTailCallKind(CallInst::TCK_MustTail);
    if (DISubprogram *SP = R.F->getSubprogram())
      Call->setDebugLoc(DILocation::get(SP->getContext(), 0, 0, SP));
  }
  for (Function *F : Regions)
    F->addFnAttr(Attribute::NoInline);
  KernelDescriptorFields Fields;
  Fields.StaticSharedBytes = L.StaticSharedBytes;
  Fields.Regions = Regions;
  Fields.SiteKinds = L.SiteKinds;
  Fields.FrameBytesPerThread = L.FrameBytesPerThread;
  Fields.Flags = (L.HasWarpSites ? KernelHasWarpSites : 0) |
                 (L.HasYieldSites ? KernelHasYieldSites : 0) |
                 (L.HasInterleavedRounds ? KernelInterleavesBlocks : 0) |
                 (L.ThreadsMayEndEarly ? KernelMayEndThreads : 0);
  emitKernelDescriptor(K, Fields);
  ++NumKernels;
}

} // namespace

PreservedAnalyses FormThreadRegionsPass::run(Module &M, ModuleAnalysisManager &) {
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (isKernel(F) && !F.isDeclaration())
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::all();

  for (Function *K : Kernels) {
    if (!checkCallees(*K))
      continue;
    if (StripDebugInfo) {
      if (reportUnsupportedThreadQueries(*K))
        continue;
      stripDebugInfo(*K);
    }
    formRegions(*K);
  }

  SmallPtrSet<Constant *, 8> KernelSet(Kernels.begin(), Kernels.end());
  removeFromUsedLists(M, [&](Constant *C) { return KernelSet.contains(C); });
  for (Function *K : Kernels) {
    K->replaceAllUsesWith(PoisonValue::get(K->getType()));
    K->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace drawbridge::cpu
