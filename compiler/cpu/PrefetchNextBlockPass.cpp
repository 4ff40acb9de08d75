// PrefetchNextBlockPass; see PrefetchNextBlockPass.h.
//
// For each innermost thread loop L (a row of the block, n = blockDim.x - 1 steps), the loads and
// stores in L whose address is an affine recurrence {Start, +, Step} in L with 0 < Step <= 64
// bytes, based on a kernel pointer parameter or a device global, and whose Start depends on
// blockIdx.x, are grouped by base and step where their starts differ by a constant. For each
// group, L's preheader gets a loop that prefetches every cache line of [lowest Start, highest
// Start + n * Step] with blockIdx.x replaced by blockIdx.x + kAhead, at most kMaxLines lines a
// row: for reading, or for writing (prefetchw) where the group has a store.
// Only regions that run once a block do this: the entry region, first, which reads the block's
// data, and later regions without a loop back to their barrier, for their loads and, in rows of
// many stretches, their stores.
// In a region of a stride loop's rounds (kStrideRoundsAttr: a grid-stride loop's, whose blocks
// interleave, or a block-stride loop's over the block's own stretch) the value replaced is the
// group's round base, by the base of the group max(kAheadGroups, kAheadGroupThreads / threads)
// on (nextGroupBase). A group's rounds read places a round apart (1 KiB for 256 floats), which
// an AMD Zen 4's prefetcher did not follow: a block-stride sum of 64 MB took 0.6 of its time
// with the prefetches.
#include "PrefetchNextBlockPass.h"

#include "CpuAbi.h"
#include "KernelInfo.h"
#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstddef>
#include <optional>

using namespace llvm;

#define DEBUG_TYPE "drawbridge-prefetch-next-block"

STATISTIC(NumPrefetchLoops, "Rows given a prefetch of the next block's lines");

namespace drawbridge::cpu {
namespace {

constexpr int64_t kLineBytes = 64;
// A row prefetches at most this many lines of one range (16 KiB), a third of a core's L1.
constexpr int64_t kMaxLines = 256;
// The prefetches' locality: 2, into L2 (prefetcht1), not every level (3, prefetcht0). A loop
// of prefetcht0 stalls once the core's L1 misses in flight fill up: on an AMD Zen 4 machine
// whose DRAM holds the arrays, a triad's rows spent most of their time in it, and into L2 took
// the suite's reductions to 0.8 of their time, the transpose to 0.72, triad to 0.89 and the
// scan to 0.94 (alternating runs, 2026-12-06); an earlier machine had measured half the gain
// of prefetcht0 for cuda-samples' reduce4.
constexpr int kLocality = 2;
// How many blocks ahead a row prefetches: one ahead measured 3% slower on a block reduction,
// the data arriving late for the block after. (As many as make 512 threads, for blocks of fewer
// than 256, left a one-element-per-thread triad at 32 threads a block within the noise.)
constexpr uint64_t kAhead = 2;
// How many groups of a grid-stride loop's rounds ahead a row prefetches: one for blocks of 256
// threads or more, as many as make 256 threads for smaller ones. With the next group alone, a
// 32-thread block's reduction took 4.5 ms against 1.9 at 256 threads, its data late: 8 groups
// ahead took it to 1.9-2.7 ms (2 and 4 ahead 3.3 and 2.9, 16 ahead 2.8), and the histogram at
// 32 threads 12-13 to 8-10 ms; at 256 threads 8 groups ahead was 1.2x slower than one.
constexpr uint32_t kAheadGroups = 1, kAheadGroupThreads = 256;
// How many trips of a uniform loop with a barrier ahead a region in it prefetches.
constexpr uint64_t kAheadTrips = 2;
// Rows of a later region that runs once a block prefetch their stores when each touches at
// least this many separate stretches.
constexpr size_t kMinLaterRowRanges = 3;

// The region's load of the BlockContext field at Offset from its context argument (blockIdx.x,
// blockDim.x), or null.
Value *findContextField(Function &F, uint64_t Offset) {
  if (F.arg_size() < 2)
    return nullptr;
  for (User *U : F.getArg(1)->users()) {
    auto *GEP = dyn_cast<GetElementPtrInst>(U);
    if (!GEP || GEP->getNumIndices() != 1 || !GEP->getSourceElementType()->isIntegerTy(8))
      continue;
    auto *Index = dyn_cast<ConstantInt>(GEP->getOperand(1));
    if (!Index || Index->getZExtValue() != Offset)
      continue;
    for (User *G : GEP->users())
      if (auto *Load = dyn_cast<LoadInst>(G); Load && Load->getType()->isIntegerTy(32))
        return Load;
  }
  return nullptr;
}

// Whether Base is memory the kernel's caller passed or declared: a pointer parameter (read
// through the region's argument array, args[i] pointing at the parameter's value), a pointer
// field of a struct parameter (Thrust's iterators and functors, read at an offset from there,
// as a pointer or as the integer SROA made of it) or a global. Shared memory, the frame and
// the runtime's arrays come from the block context.
bool isKernelMemory(const Value *Base, const Function &F) {
  if (isa<GlobalVariable>(Base))
    return true;
  if (const auto *Cast = dyn_cast<IntToPtrInst>(Base))
    Base = Cast->getOperand(0);
  const auto *Param = dyn_cast<LoadInst>(Base);
  const auto *Slot =
      Param ? dyn_cast<LoadInst>(Param->getPointerOperand()->stripInBoundsConstantOffsets())
            : nullptr;
  if (!Slot)
    return false;
  const auto *Entry = Slot->getPointerOperand()->stripInBoundsConstantOffsets();
  return Entry == F.getArg(0);
}

// Accesses of one base and step whose next-block starts differ by constants.
struct LineRange {
  const SCEV *Start; // the first access's next-block start
  const SCEV *Step;
  int64_t Low = 0, High = 0; // the other starts' offsets from Start
  bool Write = false;        // some of the accesses store
};

// A range's first and last address, computed before the row.
struct RangeEnds {
  Value *First, *Last;
  bool Write;
};

// How many groups of rounds ahead to prefetch, max(kAheadGroups, kAheadGroupThreads / Threads)
// for the block's thread count Threads, rounded to powers of two: computed once after Threads
// is loaded, as kAheadGroupThreads >> floor(log2(Threads)), with no division.
const SCEV *groupsAhead(Instruction &Threads, ScalarEvolution &SE) {
  IRBuilder<> B(Threads.getNextNode());
  Value *Log =
      B.CreateSub(B.getInt32(31), B.CreateBinaryIntrinsic(Intrinsic::ctlz, &Threads, B.getTrue()));
  Value *Scaled = B.CreateLShr(B.getInt32(kAheadGroupThreads), Log);
  return SE.getSCEV(B.CreateBinaryIntrinsic(Intrinsic::umax, Scaled, B.getInt32(kAheadGroups),
                                            nullptr, "prefetch.groups"));
}

class RowPrefetcher {
public:
  // A row has at most blockDim.x threads: its range runs from the first thread's address
  // (blockDim.x - 1) steps on. That overshoots a row the call enters part of the way (extra
  // lines only), and, unlike the loop's own trip count, needs no division to compute.
  RowPrefetcher(Function &F, Value *RowLength, ScalarEvolution &SE, DominatorTree &DT, LoopInfo &LI)
      : F(F), SE(SE), DT(DT), LI(LI),
        Taken(SE.getZeroExtendExpr(
            SE.getMinusSCEV(SE.getSCEV(RowLength), SE.getOne(RowLength->getType())),
            F.getDataLayout().getIntPtrType(F.getContext()))) {}

  // Prefetches before L what its row reads and writes once the values in Ahead (blockIdx.x, a
  // group's round base) take the values Ahead gives them.
  // With StoresOfManyStreamsOnly, stores only in rows that touch kMinLaterRowRanges stretches
  // or more.
  bool run(Loop &L, ValueToSCEVMapTy &Ahead, bool StoresOfManyStreamsOnly) {
    if (Ahead.empty())
      return false;
    SmallVector<LineRange, 4> Ranges;
    PredicatedScalarEvolution PSE(SE, L);
    for (BasicBlock *BB : L.blocks())
      for (Instruction &I : *BB)
        if (auto *Load = dyn_cast<LoadInst>(&I))
          addAccess(*Load->getPointerOperand(), false, L, PSE, Ahead, Ranges);
        else if (auto *Store = dyn_cast<StoreInst>(&I))
          addAccess(*Store->getPointerOperand(), true, L, PSE, Ahead, Ranges);
    // An entry region's row prefetches whatever number of stretches it touches: a 2D block's
    // rows each read a short stretch that continues into the next block's, and where the
    // processor's L3 held the arrays its own prefetcher followed a stencil's eight such streams
    // (7% slower with prefetches), but where DRAM holds them it did not (0.89 of its time); a
    // 32 x 8 transpose block, four stretches a row, ran in 0.68 of its time.
    if (StoresOfManyStreamsOnly && Ranges.size() < kMinLaterRowRanges)
      erase_if(Ranges, [](const LineRange &R) { return R.Write; });
    if (Ranges.empty())
      return false;
    // The simplification pipeline can leave a row loop entered straight from the branch that
    // skips a row outside the grid (`y < ny`), with no block of its own to prefetch in.
    BasicBlock *Preheader = L.getLoopPreheader();
    const bool Inserted = !Preheader;
    if (Inserted)
      Preheader = InsertPreheaderForLoop(&L, &DT, &LI, nullptr, /*PreserveLCSSA=*/false);
    if (!Preheader)
      return false;
    // Every range's ends are expanded in the preheader before any block is split. Ranges of
    // one step span the same number of lines, give or take the rounding, and share a loop.
    SmallVector<std::pair<const SCEV *, SmallVector<RangeEnds, 4>>, 2> ByStep;
    for (const LineRange &R : Ranges) {
      std::optional<std::pair<Value *, Value *>> E = expandEnds(R, *Preheader);
      if (!E)
        continue;
      auto *Group = find_if(ByStep, [&](const auto &G) { return G.first == R.Step; });
      if (Group == ByStep.end()) {
        ByStep.push_back({R.Step, {}});
        Group = std::prev(ByStep.end());
      }
      Group->second.push_back({E->first, E->second, R.Write});
    }
    for (const auto &[Step, Group] : ByStep)
      Preheader = emitPrefetchLoop(Group, *Preheader);
    return Inserted || !ByStep.empty();
  }

private:
  // The address is read as a recurrence assuming its narrow index does not wrap (what the
  // vectoriser checks at run time); a prefetch that guesses wrong costs only the instruction.
  void addAccess(Value &Pointer, bool Write, Loop &L, PredicatedScalarEvolution &PSE,
                 ValueToSCEVMapTy &Ahead, SmallVectorImpl<LineRange> &Ranges) {
    const SCEVAddRecExpr *Rec = PSE.getAsAddRec(&Pointer);
    if (!Rec || Rec->getLoop() != &L || !Rec->isAffine())
      return;
    const auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
    if (!Step || Step->getAPInt().getSExtValue() < 1 ||
        Step->getAPInt().getSExtValue() > kLineBytes)
      return;
    const auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(Rec));
    if (!Base || !isKernelMemory(Base->getValue(), F))
      return;
    const SCEV *Start = Rec->getStart();
    const SCEV *Next = SCEVParameterRewriter::rewrite(Start, SE, Ahead);
    if (Next == Start || !SE.isLoopInvariant(Next, &L))
      return; // the same address in every block: nothing to fetch ahead
    for (LineRange &R : Ranges) {
      if (R.Step != Step || SE.getPointerBase(R.Start) != Base)
        continue;
      if (const auto *Offset = dyn_cast<SCEVConstant>(SE.getMinusSCEV(Next, R.Start))) {
        R.Low = std::min(R.Low, Offset->getAPInt().getSExtValue());
        R.High = std::max(R.High, Offset->getAPInt().getSExtValue());
        R.Write |= Write;
        return;
      }
    }
    Ranges.push_back({Next, Step, 0, 0, Write});
  }

  // The first and last address of R's next-block range, computed at the end of Preheader;
  // none where computing them there could trap (a division the loop's own path guards).
  std::optional<std::pair<Value *, Value *>> expandEnds(const LineRange &R, BasicBlock &Preheader) {
    const DataLayout &DL = F.getDataLayout();
    Type *IntPtr = DL.getIntPtrType(F.getContext());
    SCEVExpander Expander(SE, DL, "prefetch");
    Instruction *At = Preheader.getTerminator();
    const SCEV *First = SE.getAddExpr(R.Start, SE.getConstant(IntPtr, R.Low));
    const SCEV *Last = SE.getAddExpr(SE.getAddExpr(R.Start, SE.getConstant(IntPtr, R.High)),
                                     SE.getMulExpr(Taken, SE.getNoopOrSignExtend(R.Step, IntPtr)));
    if (!Expander.isSafeToExpandAt(First, At) || !Expander.isSafeToExpandAt(Last, At))
      return std::nullopt;
    IRBuilder<> B(At);
    return std::pair{B.CreatePtrToInt(Expander.expandCodeFor(First, First->getType(), At), IntPtr),
                     B.CreatePtrToInt(Expander.expandCodeFor(Last, Last->getType(), At), IntPtr)};
  }

  // Before Preheader's branch: each range's first address rounded down to a line, lines =
  // min(the most (last - first) / 64 + 1 of the ranges, kMaxLines), then a loop prefetching
  // each range's lines. Returns the block that now branches where Preheader did.
  //   prefetch: line = phi [0, preheader], [line + 1, prefetch];
  //     prefetch(first_k + line * 64) for each range k; loop while line + 1 < lines
  BasicBlock *emitPrefetchLoop(ArrayRef<RangeEnds> Group, BasicBlock &Preheader) {
    Type *IntPtr = Group.front().First->getType();
    IRBuilder<> B(Preheader.getTerminator());
    SmallVector<Value *, 4> Starts;
    Value *Most = nullptr;
    for (const RangeEnds &R : Group) {
      Value *Start = B.CreateAnd(R.First, -kLineBytes);
      Value *Span = B.CreateSub(R.Last, Start);
      Value *Count =
          B.CreateAdd(B.CreateLShr(Span, Log2_64(kLineBytes)), ConstantInt::get(IntPtr, 1));
      Most = Most ? B.CreateBinaryIntrinsic(Intrinsic::umax, Most, Count) : Count;
      Starts.push_back(Start);
    }
    Value *Lines = B.CreateBinaryIntrinsic(
        Intrinsic::umin, Most, ConstantInt::get(IntPtr, kMaxLines), nullptr, "prefetch.lines");
    BasicBlock *After = SplitBlock(&Preheader, Preheader.getTerminator());
    BasicBlock *Body = BasicBlock::Create(F.getContext(), "prefetch.next.block", &F, After);
    Preheader.getTerminator()->setSuccessor(0, Body);
    B.SetInsertPoint(Body);
    PHINode *Line = B.CreatePHI(IntPtr, 2, "prefetch.line");
    Value *Offset = B.CreateShl(Line, Log2_64(kLineBytes));
    // Lines the row reads are fetched into L2 (prefetcht1), lines it stores to for writing
    // (prefetchw), so the stores find them owned: a triad's store stream had waited on its
    // reads for ownership (0.79 of its time with them).
    for (auto [R, Start] : zip(Group, Starts))
      B.CreateIntrinsic(Intrinsic::prefetch, {B.getPtrTy()},
                        {B.CreateIntToPtr(B.CreateAdd(Start, Offset), B.getPtrTy()),
                         B.getInt32(R.Write), B.getInt32(kLocality), B.getInt32(1)});
    Value *NextLine = B.CreateAdd(Line, ConstantInt::get(IntPtr, 1), "prefetch.line.next");
    BranchInst *Latch = B.CreateCondBr(B.CreateICmpULT(NextLine, Lines), Body, After);
    // Left as it is: the vectoriser cannot take the prefetch call, and runtime unrolling a
    // loop of a few to 16 lines by 8, once per row and load range, cost a file of 60
    // grid-stride reductions an eighth of its compile time (a loop per range, before ranges of
    // one step shared one, cost it another eighth).
    LLVMContext &C = F.getContext();
    auto Self = MDNode::getTemporary(C, {});
    MDNode *LoopID = MDNode::getDistinct(
        C, {Self.get(), MDNode::get(C, {MDString::get(C, "llvm.loop.unroll.disable")}),
            MDNode::get(C, {MDString::get(C, "llvm.loop.vectorize.enable"),
                            ConstantAsMetadata::get(B.getFalse())})});
    LoopID->replaceOperandWith(0, LoopID);
    Latch->setMetadata(LLVMContext::MD_loop, LoopID);
    Line->addIncoming(ConstantInt::get(IntPtr, 0), &Preheader);
    Line->addIncoming(NextLine, Body);
    ++NumPrefetchLoops;
    return After;
  }

  Function &F;
  ScalarEvolution &SE;
  DominatorTree &DT;
  LoopInfo &LI;
  const SCEV *Taken; // steps from a row's first thread to its last, at most
};

// The next group's round base of a stride loop's rounds, for L: the region
// reads the group's base once (a load before L) and stores base + C for the group after into
// the same slots, C invariant (`rounds.base.next`): each thread in L, or the pass once after L
// (FormThreadRegions stores a value every thread would store alike once a pass). Empty when
// the region stores no such value. With GroupsAhead() groups ahead (asked for only once such a
// base is found), the base becomes base + GroupsAhead() * C.
ValueToSCEVMapTy nextGroupBase(Loop &L, function_ref<const SCEV *()> GroupsAhead,
                               ScalarEvolution &SE) {
  ValueToSCEVMapTy Next;
  for (BasicBlock &BB : *L.getHeader()->getParent())
    for (Instruction &I : BB) {
      auto *Store = dyn_cast<StoreInst>(&I);
      if (!Store || !Store->getValueOperand()->getType()->isIntegerTy())
        continue;
      const auto *Sum = dyn_cast<SCEVAddExpr>(SE.getSCEV(Store->getValueOperand()));
      if (!Sum || Sum->getNumOperands() != 2)
        continue;
      for (unsigned K = 0; K < 2; ++K) {
        const auto *Base = dyn_cast<SCEVUnknown>(Sum->getOperand(K));
        const SCEV *Step = Sum->getOperand(1 - K);
        auto *Load = Base ? dyn_cast<LoadInst>(Base->getValue()) : nullptr;
        // The base comes from the slots the sum goes to (the block's frame).
        if (Load && !L.contains(Load) && SE.isLoopInvariant(Step, &L) && !Step->isZero() &&
            SE.getPointerBase(SE.getSCEV(Load->getPointerOperand())) ==
                SE.getPointerBase(SE.getSCEV(Store->getPointerOperand()))) {
          const SCEV *Ahead = GroupsAhead();
          Next[Load] =
              Ahead->isOne()
                  ? Sum
                  : SE.getAddExpr(
                        Base, SE.getMulExpr(SE.getNoopOrZeroExtend(Ahead, Step->getType()), Step));
          return Next;
        }
      }
    }
  return Next;
}

// The region's read of a uniform loop's trip counter (kSiteLoopTripsMD), or null.
LoadInst *tripsRead(Function &F) {
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Load = dyn_cast<LoadInst>(&I); Load && hasMarker(*Load, kSiteLoopTripsMD))
        return Load;
  return nullptr;
}

} // namespace

PreservedAnalyses PrefetchNextBlockPass::run(Function &F, FunctionAnalysisManager &FAM) {
  // A region in a loop with a barrier runs many times a block, long before the next block
  // reaches it; a stride loop's rounds read the block's next group of rounds instead. A later
  // region that runs once a block (a tile's write-back) prefetches its stores only in rows of many
  // short stretches: a transpose's write-back, each row 32 floats of four output rows, took 0.8 of
  // its time with them, but the lines a scan's tile writes in one stretch, which the processor's
  // own prefetcher follows, only stalled the region (1.1 of its time). Its loads it prefetches
  // whatever their stretches: a scan's tile, read a round a region (UniformStrideRounds), waited on
  // DRAM in every region after the first.
  const bool Later = F.hasFnAttribute(kOncePerBlockRegionAttr);
  const bool OncePerBlock = Later || F.hasFnAttribute(kEntryRegionAttr);
  const bool Rounds = F.hasFnAttribute(kStrideRoundsAttr);
  LoadInst *Trips = OncePerBlock || Rounds ? nullptr : tripsRead(F);
  if (!OncePerBlock && !Rounds && !Trips)
    return PreservedAnalyses::all();
  Value *BlockX = findContextField(F, offsetof(cpu_abi::BlockContext, blockIdx));
  Value *RowLength = findContextField(F, offsetof(cpu_abi::BlockContext, blockDim));
  if ((OncePerBlock && !BlockX) || !RowLength)
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  SmallVector<Loop *> Rows;
  for (Loop *L : threadLoopsInnerFirst(LI))
    if (L->isInnermost())
      Rows.push_back(L);
  if (Rows.empty())
    return PreservedAnalyses::all();
  RowPrefetcher Prefetcher(F, RowLength, SE, FAM.getResult<DominatorTreeAnalysis>(F), LI);
  auto *Threads =
      cast_or_null<Instruction>(findContextField(F, offsetof(cpu_abi::BlockContext, numThreads)));
  // What the values a row's addresses depend on will be when the data the row prefetches is
  // read: the block two ahead, or the loop's trip two ahead.
  ValueToSCEVMapTy Ahead;
  if (OncePerBlock)
    Ahead[BlockX] = SE.getAddExpr(SE.getSCEV(BlockX), SE.getConstant(BlockX->getType(), kAhead));
  else if (Trips)
    Ahead[Trips] = SE.getAddExpr(SE.getSCEV(Trips), SE.getConstant(Trips->getType(), kAheadTrips));
  bool Changed = false;
  const SCEV *GroupsAhead = nullptr; // computed once, in the first row that needs it
  auto AskGroupsAhead = [&] {
    if (!GroupsAhead) {
      GroupsAhead = Threads ? groupsAhead(*Threads, SE) : SE.getConstant(APInt(32, kAheadGroups));
      Changed |= Threads != nullptr;
    }
    return GroupsAhead;
  };
  for (Loop *L : Rows) {
    if (!Rounds) {
      Changed |= Prefetcher.run(*L, Ahead, Later);
      continue;
    }
    ValueToSCEVMapTy NextGroup = nextGroupBase(*L, AskGroupsAhead, SE);
    Changed |= Prefetcher.run(*L, NextGroup, false);
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
