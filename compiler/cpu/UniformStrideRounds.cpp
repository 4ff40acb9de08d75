// Uniform rounds for stride loops; see UniformStrideRounds.h.
#include "UniformStrideRounds.h"

#include "CpuAbi.h"
#include "KernelInfo.h"
#include "ThreadQueries.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace drawbridge::cpu {
namespace {

bool isLessThan(CmpInst::Predicate P) {
  return P == CmpInst::ICMP_SLT || P == CmpInst::ICMP_ULT || P == CmpInst::ICMP_SLE ||
         P == CmpInst::ICMP_ULE;
}

// The predicate P, with X on its left, such that `Branch` goes to `Stay` exactly when
// `X P Bound`; P is < or <=.
std::optional<CmpInst::Predicate> stayCondition(const BranchInst &Branch, const BasicBlock *Stay,
                                                const Value *X, Value *&Bound) {
  if (!Branch.isConditional())
    return std::nullopt;
  auto *Cmp = dyn_cast<ICmpInst>(Branch.getCondition());
  if (!Cmp)
    return std::nullopt;
  CmpInst::Predicate P = Cmp->getPredicate();
  Value *Left = Cmp->getOperand(0), *Right = Cmp->getOperand(1);
  if (Right == X) {
    std::swap(Left, Right);
    P = CmpInst::getSwappedPredicate(P);
  }
  if (Left != X)
    return std::nullopt;
  if (Branch.getSuccessor(1) == Stay)
    P = CmpInst::getInversePredicate(P);
  else if (Branch.getSuccessor(0) != Stay)
    return std::nullopt;
  if (!isLessThan(P))
    return std::nullopt;
  Bound = Right;
  return P;
}

// Whether BO adds its operands: an add, or an or of operands with no bit set in both, as
// InstCombine writes `blockIdx.x * 1024 + threadIdx.x` (threadIdx.x is below 1024).
bool isAddition(const BinaryOperator &BO) {
  if (BO.getOpcode() == Instruction::Add)
    return true;
  const auto *Or = dyn_cast<PossiblyDisjointInst>(&BO);
  return Or && BO.getOpcode() == Instruction::Or && Or->isDisjoint();
}

// Whether V is never negative and computed from thread and block sizes only: threadIdx,
// blockDim and non-negative constants under +, * and << (at most 1024 threads a block, so no
// overflow).
bool isThreadOffset(const Value *V, unsigned Depth = 0) {
  if (Depth > 8)
    return false;
  if (const auto *C = dyn_cast<ConstantInt>(V))
    return !C->isNegative();
  if (SpecialRegister R = specialRegisterOf(V); R != SpecialRegister::None)
    return R == SpecialRegister::ThreadIndex || R == SpecialRegister::BlockSize;
  if (isa<ZExtInst>(V) || isa<SExtInst>(V)) // the same for a value that is never negative
    return isThreadOffset(cast<CastInst>(V)->getOperand(0), Depth + 1);
  if (const auto *BO = dyn_cast<BinaryOperator>(V)) {
    if (BO->getOpcode() == Instruction::Shl)
      return isThreadOffset(BO->getOperand(0), Depth + 1) && isa<ConstantInt>(BO->getOperand(1)) &&
             cast<ConstantInt>(BO->getOperand(1))->getZExtValue() < 8;
    if (isAddition(*BO) || BO->getOpcode() == Instruction::Mul)
      return isThreadOffset(BO->getOperand(0), Depth + 1) &&
             isThreadOffset(BO->getOperand(1), Depth + 1);
  }
  return false;
}

// The latch's test when it compares the induction variable's current value with a constant
// instead of its next one, as LLVM rewrites `i + 256 < 2048` to `i < 1792`: the predicate P such
// that the latch stays in the loop exactly when `Phi + Step P Bound`, with Bound = the constant
// + Step (constant too, and computed without overflow).
std::optional<CmpInst::Predicate> latchTestsCurrentValue(const BranchInst &Latch,
                                                         const BasicBlock *Stay, const PHINode &Phi,
                                                         Value *Step, Value *&Bound) {
  Value *Current = nullptr;
  std::optional<CmpInst::Predicate> Less = stayCondition(Latch, Stay, &Phi, Current);
  auto *C = dyn_cast_or_null<ConstantInt>(Current);
  auto *StepC = dyn_cast<ConstantInt>(Step);
  if (!Less || !C || !StepC)
    return std::nullopt;
  bool Overflow = false;
  APInt Sum = CmpInst::isSigned(*Less) ? C->getValue().sadd_ov(StepC->getValue(), Overflow)
                                       : C->getValue().uadd_ov(StepC->getValue(), Overflow);
  if (Overflow)
    return std::nullopt;
  Bound = ConstantInt::get(C->getType(), Sum);
  return Less;
}

struct StrideLoop {
  BasicBlock *Header, *Latch, *Entering, *Preheader, *Exit;
  BasicBlock *Guard; // null when every thread enters the loop (its first iteration is sure)
  PHINode *Index;
  Value *Step, *Bound;
  CmpInst::Predicate Less;
  Value *Base = nullptr;         // uniform part of the start
  Value *ThreadOffset = nullptr; // start = Base + ThreadOffset
  // Each phi of the exit block, with the header phi whose value it receives from the loop.
  MapVector<PHINode *, PHINode *> Leaving;
  // Where the guard compares the narrow thread offset with the narrow bound that the latch
  // compares extended (LLVM widened the counter: `tid < n` as int, `zext(i) <u zext(n)` in the
  // latch, having proved n positive inside): the guard's comparison and narrow bound, which
  // the rounds' guard keeps, so that no round runs where n is not positive.
  std::optional<CmpInst::Predicate> NarrowLess;
  Value *NarrowBound = nullptr;
};

// Whether Guard enters the loop exactly when `Start Less Bound`: it makes that comparison, or,
// where LLVM widened the induction variable (start = sext or zext of a thread offset, never
// negative), the same comparison of the narrow value with the narrow bound (a constant, or
// the value the latch extends, S.NarrowLess).
bool guardTestsStart(const BranchInst &Guard, const BasicBlock *Enter, Value *Start,
                     StrideLoop &S) {
  Value *GuardBound = nullptr;
  if (stayCondition(Guard, Enter, Start, GuardBound) == S.Less)
    return GuardBound == S.Bound;
  auto *Widen = dyn_cast<CastInst>(Start);
  if (!Widen || !(isa<ZExtInst>(Widen) || isa<SExtInst>(Widen)))
    return false;
  // A thread offset X (never negative, so that either extension of it is the same) against the
  // narrow bound N that the latch extends. The latch then compares as `X <s N` (N sign-extended
  // under a signed comparison) or as `X <u N`. A guard that compares alike is exact; a signed
  // guard before an unsigned latch lets a thread in only where N is positive, where the two
  // agree, and the rounds keep the guard's comparison, so that none runs where N is not.
  if (auto *WideBound = dyn_cast<CastInst>(S.Bound);
      WideBound && (isa<ZExtInst>(WideBound) || isa<SExtInst>(WideBound)) &&
      isThreadOffset(Widen->getOperand(0))) {
    std::optional<CmpInst::Predicate> Less =
        stayCondition(Guard, Enter, Widen->getOperand(0), GuardBound);
    const bool LatchSigned = isa<SExtInst>(WideBound) && CmpInst::isSigned(S.Less);
    auto IsStrict = [](CmpInst::Predicate P) { return ICmpInst::getStrictPredicate(P) == P; };
    if (Less && GuardBound == WideBound->getOperand(0) &&
        !(LatchSigned && CmpInst::isUnsigned(*Less)) && IsStrict(*Less) == IsStrict(S.Less)) {
      S.NarrowLess = Less;
      S.NarrowBound = GuardBound;
      return true;
    }
  }
  auto *Bound = dyn_cast<ConstantInt>(S.Bound);
  if (!Bound || stayCondition(Guard, Enter, Widen->getOperand(0), GuardBound) != S.Less)
    return false;
  // The extension keeps the comparison's order: a sign extension under a signed one, a zero
  // extension under an unsigned one, either for a value that is never negative.
  bool OrderKept = isa<SExtInst>(Widen) ? CmpInst::isSigned(S.Less) : CmpInst::isUnsigned(S.Less);
  if (!OrderKept && !isThreadOffset(Widen->getOperand(0)))
    return false;
  auto *Narrow = dyn_cast<ConstantInt>(GuardBound);
  if (!Narrow)
    return false;
  unsigned Width = Bound->getBitWidth();
  APInt Wide =
      CmpInst::isSigned(S.Less) ? Narrow->getValue().sext(Width) : Narrow->getValue().zext(Width);
  return Wide == Bound->getValue();
}

std::optional<StrideLoop> match(Loop &L, const BlockUniformity &Uniformity) {
  StrideLoop S;
  S.Header = L.getHeader();
  S.Latch = L.getLoopLatch();
  // The block the loop is entered from: a preheader after the guard, or the guard itself
  // (the rewrite then makes a preheader). A loop whose exit only the latch reaches has no
  // guard: LLVM removed it, having proved the first iteration runs (`k = threadIdx.x; k <
  // 2048`, with threadIdx.x below 1024), or the source is a do-while.
  BasicBlock *Entering = L.getLoopPredecessor();
  if (!S.Latch || !Entering || L.getExitingBlock() != S.Latch)
    return std::nullopt;
  S.Entering = Entering;
  S.Preheader = Entering->getSingleSuccessor() ? Entering : nullptr;
  S.Exit = L.getExitBlock();
  if (!S.Exit)
    return std::nullopt;
  if (S.Exit->getSinglePredecessor() == S.Latch) {
    S.Guard = nullptr;
  } else {
    S.Guard = S.Preheader ? S.Preheader->getSinglePredecessor() : Entering;
    // The exit may have other predecessors (a kernel's one return block): the rewrite changes
    // only the edges from the guard and the latch.
    if (!S.Guard || S.Guard == S.Latch || !is_contained(predecessors(S.Exit), S.Guard))
      return std::nullopt;
  }
  // Every thread of the block must come to the loop, since all of them meet at the barrier.
  if (!Uniformity.isUniformlyReached(S.Guard ? *S.Guard : *Entering))
    return std::nullopt;

  // The induction variable: phi = [start, phi + step], tested against the bound by the latch.
  auto *LatchBranch = dyn_cast<BranchInst>(S.Latch->getTerminator());
  if (!LatchBranch)
    return std::nullopt;
  S.Index = nullptr;
  for (PHINode &Phi : S.Header->phis()) {
    auto *Next = dyn_cast<BinaryOperator>(Phi.getIncomingValueForBlock(S.Latch));
    if (!Next || Next->getOpcode() != Instruction::Add)
      continue;
    Value *Step = Next->getOperand(0) == &Phi   ? Next->getOperand(1)
                  : Next->getOperand(1) == &Phi ? Next->getOperand(0)
                                                : nullptr;
    if (!Step || !L.isLoopInvariant(Step) || !Uniformity.isUniform(Step))
      continue;
    if (auto *C = dyn_cast<ConstantInt>(Step); C && !C->getValue().isStrictlyPositive())
      continue;
    Value *Bound = nullptr;
    std::optional<CmpInst::Predicate> Less = stayCondition(*LatchBranch, S.Header, Next, Bound);
    if (!Less)
      Less = latchTestsCurrentValue(*LatchBranch, S.Header, Phi, Step, Bound);
    if (!Less || !L.isLoopInvariant(Bound) || !Uniformity.isUniform(Bound))
      continue;
    S.Index = &Phi;
    S.Step = Step;
    S.Bound = Bound;
    S.Less = *Less;
    break;
  }
  if (!S.Index)
    return std::nullopt;

  // The guard enters the loop when start < bound, with the latch's comparison.
  Value *Start = S.Index->getIncomingValueForBlock(Entering);
  if (S.Guard) {
    auto *GuardBranch = dyn_cast<BranchInst>(S.Guard->getTerminator());
    if (!GuardBranch ||
        !guardTestsStart(*GuardBranch, S.Preheader ? S.Preheader : S.Header, Start, S))
      return std::nullopt;
  }

  // start = uniform base + thread offset.
  BinaryOperator *WidenedSum = nullptr; // the narrow sum a widened start extends
  unsigned UniformSide = 2;             // which of its operands is the uniform base
  if (isThreadOffset(Start)) {
    S.Base = ConstantInt::get(Start->getType(), 0);
    S.ThreadOffset = Start;
  } else if (auto *Add = dyn_cast<BinaryOperator>(Start); Add && isAddition(*Add)) {
    for (unsigned Side = 0; Side < 2; ++Side)
      if (Uniformity.isUniform(Add->getOperand(Side)) &&
          isThreadOffset(Add->getOperand(1 - Side))) {
        S.Base = Add->getOperand(Side);
        S.ThreadOffset = Add->getOperand(1 - Side);
      }
    if (!S.ThreadOffset)
      return std::nullopt;
  } else if (auto *Widen = dyn_cast<SExtInst>(Start); Widen && CmpInst::isSigned(S.Less)) {
    // LLVM widened a signed index (`int i = blockIdx.x * blockDim.x + threadIdx.x` under a
    // constant bound): start = sext(base + offset), taken as sext(base) + offset, which is the
    // same unless the narrow sum wrapped, an index below zero that the source could not use.
    WidenedSum = dyn_cast<BinaryOperator>(Widen->getOperand(0));
    if (!WidenedSum || !isAddition(*WidenedSum))
      return std::nullopt;
    for (unsigned Side = 0; Side < 2; ++Side)
      if (Uniformity.isUniform(WidenedSum->getOperand(Side)) &&
          isThreadOffset(WidenedSum->getOperand(1 - Side)))
        UniformSide = Side;
    if (UniformSide > 1)
      return std::nullopt;
  } else {
    return std::nullopt;
  }

  // What leaves the loop: exit phis taking a header phi's next value, whose value on the
  // guard's edge is that phi's value before the first iteration (a thread that never runs the
  // body then leaves with it).
  for (PHINode &Exit : S.Exit->phis()) {
    Value *FromLoop = Exit.getIncomingValueForBlock(S.Latch);
    PHINode *Carried = nullptr;
    for (PHINode &Phi : S.Header->phis())
      if (&Phi != S.Index && Phi.getIncomingValueForBlock(S.Latch) == FromLoop &&
          (!S.Guard ||
           Phi.getIncomingValueForBlock(Entering) == Exit.getIncomingValueForBlock(S.Guard)))
        Carried = &Phi;
    if (!Carried)
      return std::nullopt;
    S.Leaving[&Exit] = Carried;
  }
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (Use &U : I.uses()) {
        auto *UserInst = cast<Instruction>(U.getUser());
        if (L.contains(UserInst))
          continue;
        auto *Phi = dyn_cast<PHINode>(UserInst);
        if (!Phi || !S.Leaving.contains(Phi) || Phi->getIncomingBlock(U) != S.Latch)
          return std::nullopt;
      }
  if (WidenedSum) {
    IRBuilder<> B(WidenedSum->getNextNode());
    S.Base = B.CreateSExt(WidenedSum->getOperand(UniformSide), Start->getType(), "round.start");
    S.ThreadOffset = B.CreateZExt(WidenedSum->getOperand(1 - UniformSide), Start->getType());
  }
  return S;
}

// Whether the loop-invariant Step is computed from gridDim: a grid-stride loop, whose rounds
// read a block's piece of each grid-wide stretch of memory.
bool stepsByGrid(Value *Step) {
  return computedFromSpecialRegister(
      Step, [](SpecialRegister R) { return R == SpecialRegister::GridSize; });
}

// The memory streams L's body walks: the accesses whose address changes from round to round,
// one stream for each base address and line's span of constant offsets from it (a load and a
// store of `a[i]`, or of two fields of `p[i]`, are one stream; `in[i]` and `in[i +
// blockDim.x]` are two, whose lines each round reads).
unsigned streamsPerRound(const Loop &L) {
  constexpr int64_t LineBytes = 64;
  const DataLayout &DL = L.getHeader()->getDataLayout();
  SmallVector<std::pair<const Value *, int64_t>, 8> Streams; // base, first offset seen
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      std::optional<MemoryLocation> Access = MemoryLocation::getOrNone(&I);
      if (!Access || L.isLoopInvariant(Access->Ptr))
        continue;
      APInt Offset(DL.getIndexTypeSizeInBits(Access->Ptr->getType()), 0);
      const Value *Base =
          Access->Ptr->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
      const int64_t At = Offset.getSExtValue();
      if (none_of(Streams, [&](const std::pair<const Value *, int64_t> &Stream) {
            return Stream.first == Base && std::abs(Stream.second - At) < LineBytes;
          }))
        Streams.emplace_back(Base, At);
    }
  return Streams.size();
}

// How many rounds run between two barriers. One round of a block reads a block's worth of
// elements (1 KiB for 256 floats) and the next round's lie a grid's stride away, so with one
// round per barrier the processor waits on memory once a round. A small body runs eight rounds
// per barrier, one after another in the same thread loop, so eight pieces stream at once and a
// running value goes through its per-thread slot once per eight: four took a grid-stride sum
// from 3.4 to 2.0 ms, eight took the shared-atomic histogram from 7.8 to 6.0 ms and the scan
// from 14 to 10.8 ms, and sixteen made the sum and the histogram two to three times slower. A
// larger body runs one, bounding code size.
//
// A grid's stride is nearly always a multiple of 4 KiB (64 blocks of 256 bytes, say), and so
// is the distance between two arrays from cudaMalloc, so every round's piece of every stream
// the body walks falls in the same set of the level-1 cache: eight rounds of a copy are
// sixteen lines a step in one 8-way set of a Zen 4, evicted before their other elements are
// read. A grid-stride body gets about eight lines a step: eight rounds for one stream, four for
// two, two for three or four, one for more. On a Zen 4: a grid-stride byte copy 4.4-4.6 to
// 2.8-3.1 ms, a float copy 2.0-2.2 to 1.8-1.9, a triad 3.4-3.7 to 2.8-3.0, a histogram (its
// bytes and its shared bins) 8.2-9.1 to 6.3-7.4, cuda-samples' reduce6 (`in[i]` and `in[i +
// blockSize]`) best of six 2.68 to 2.47; a byte sum, one stream, kept its best at eight.
unsigned roundsPerBarrier(const Loop &L, const StrideLoop &S) {
  unsigned Size = 0;
  for (const BasicBlock *BB : L.blocks())
    Size += BB->size();
  if (Size > 24)
    return 1;
  constexpr unsigned LinesPerStep = 8;
  if (!stepsByGrid(S.Step))
    return LinesPerStep;
  return llvm::bit_floor(LinesPerStep / std::max(1u, streamsPerRound(L)));
}

// V, a value of S's counter type, in 64 bits, extended as S's comparison reads it.
Value *widen(IRBuilder<> &B, Value *V, const StrideLoop &S) {
  return CmpInst::isSigned(S.Less) ? B.CreateSExt(V, B.getInt64Ty())
                                   : B.CreateZExt(V, B.getInt64Ty());
}

bool isNarrow(const StrideLoop &S) { return S.Base->getType()->getIntegerBitWidth() < 64; }

// From + Count * S's stride, in 64 bits for a narrower counter, where it cannot wrap.
Value *roundBase(IRBuilder<> &B, Value *From, uint64_t Count, const StrideLoop &S) {
  if (!isNarrow(S))
    return B.CreateAdd(From, B.CreateMul(S.Step, B.getInt64(Count)));
  Value *Distance = B.CreateMul(B.CreateZExt(S.Step, B.getInt64Ty()), B.getInt64(Count));
  return B.CreateAdd(widen(B, From, S), Distance);
}

// Whether RoundBase (as roundBase gives it) is below S's bound.
Value *belowBound(IRBuilder<> &B, Value *RoundBase, const StrideLoop &S) {
  return B.CreateICmp(S.Less, RoundBase, isNarrow(S) ? widen(B, S.Bound, S) : S.Bound);
}

// Whether From + Count * S's stride stays below S's bound (From is, Count >= 0), computed in
// 64 bits for a narrower counter so that it cannot wrap.
Value *stillBelow(IRBuilder<> &B, Value *From, uint64_t Count, const StrideLoop &S) {
  return belowBound(B, roundBase(B, From, Count, S), S);
}

// A thread's index in a round and whether it is below the bound. For a signed counter
// narrower than 64 bits both come from the 64-bit sum of the round's base (WideBase) and the
// thread's offset, and Index is that sum truncated: the body's address arithmetic then uses
// the sum, with no extension of a narrow one in every round. Where the two differ the narrow
// sum overflowed, which for a signed counter the source leaves undefined; an unsigned counter
// wraps by definition, so it keeps its narrow sum.
struct RoundIndex {
  Value *Index, *InRange;
  Value *Wide = nullptr; // the 64-bit index of a narrow signed counter
};

bool indexesWide(const StrideLoop &S) { return isNarrow(S) && CmpInst::isSigned(S.Less); }

RoundIndex roundIndex(IRBuilder<> &B, Value *Base, Value *WideBase, const StrideLoop &S,
                      const Twine &Name) {
  if (!indexesWide(S)) {
    Value *Index = B.CreateAdd(Base, S.ThreadOffset, Name);
    return {Index, B.CreateICmp(S.Less, Index, S.Bound)};
  }
  Value *Wide = B.CreateAdd(WideBase, B.CreateZExt(S.ThreadOffset, B.getInt64Ty()), Name + ".wide",
                            /*HasNUW=*/false, /*HasNSW=*/true);
  return {B.CreateTrunc(Wide, S.Base->getType(), Name),
          B.CreateICmp(S.Less, Wide, widen(B, S.Bound, S)), Wide};
}

// Where a round runs the body the thread's index is below the bound, so its sign extension is
// the 64-bit sum.
void useWideIndex(const RoundIndex &R) {
  if (!R.Wide)
    return;
  for (User *U : make_early_inc_range(R.Index->users()))
    if (isa<SExtInst>(U) && U->getType() == R.Wide->getType()) {
      U->replaceAllUsesWith(R.Wide);
      cast<Instruction>(U)->eraseFromParent();
    }
}

// Whether every thread is past the loop's bound after its first PerBarrier rounds, known at
// compile time: a constant start, stride and bound (`for (k = threadIdx.x; k < 2048; k += 256)`
// with eight rounds a group). A thread's index is its round's plus an offset that is never
// negative, so the rounds' own test failing means every thread's does.
bool oneGroupCoversAll(const StrideLoop &S, unsigned PerBarrier) {
  if (!isa<Constant>(S.Base) || !isa<Constant>(S.Step) || !isa<Constant>(S.Bound))
    return false;
  IRBuilder<> Fold(S.Base->getContext()); // constant operands fold: nothing is inserted
  auto *More = dyn_cast<ConstantInt>(stillBelow(Fold, S.Base, PerBarrier, S));
  return More && More->isZero();
}

// Makes the rounds between two barriers PerBarrier: after the body's first copy (round j),
// copy k runs round j + k * stride for the threads whose index is in range, while that round
// exists, taking what the previous copy carries. With RoundsOwnRegions, a barrier heads each
// copy after the first, so that a region runs one round for the whole block. Returns the
// group's new latch.
BasicBlock *addRounds(const StrideLoop &S, ArrayRef<BasicBlock *> Body, PHINode *Base, Value *Index,
                      BasicBlock *RoundsLatch, ArrayRef<std::pair<PHINode *, PHINode *>> Carries,
                      unsigned PerBarrier, bool RoundsOwnRegions,
                      SmallVectorImpl<RoundIndex> &Indices) {
  Function &F = *RoundsLatch->getParent();
  LLVMContext &C = F.getContext();
  // RoundsLatch: the first round's carries, then the step to the next group (GroupLatch),
  // which the phis after the split name as their predecessor.
  BasicBlock *GroupLatch = SplitBlock(RoundsLatch, RoundsLatch->getFirstNonPHI());
  GroupLatch->setName("rounds.next");
  SmallVector<Value *> CarriedIn;
  for (auto &[Round, Out] : Carries)
    CarriedIn.push_back(Out);
  BasicBlock *Previous = RoundsLatch;
  for (unsigned K = 1; K < PerBarrier; ++K) {
    BasicBlock *Entry = BasicBlock::Create(C, "round.next", &F, GroupLatch);
    BasicBlock *Join = BasicBlock::Create(C, "round.join", &F, GroupLatch);
    IRBuilder<> B(Entry);
    if (RoundsOwnRegions)
      B.CreateCall(getSiteFunction(*F.getParent()), {B.getInt32(cpu_abi::SiteBlockSync)});
    Value *KRoundBase = roundBase(B, Base, K, S);
    Value *Exists = belowBound(B, KRoundBase, S);
    // A round past the bound runs for no thread, but once vectorised its accesses are masked
    // ones at its addresses, past the end of the data, often on pages not mapped: every one
    // took a microcode assist (a grid-stride copy whose grid covers its array, each thread
    // one round, ran 40 to 200 times slower). Such a round takes the group's first round's
    // base instead, whose addresses the block reads anyway: base + (exists ? k * step : 0),
    // where the group's base stays an addend (PrefetchNextBlock finds the next group's
    // addresses by replacing it; a select of whole bases hid it, and the rounds' prefetches).
    Value *Distance = B.CreateMul(S.Step, ConstantInt::get(Base->getType(), K));
    Value *KBase =
        B.CreateAdd(Base, B.CreateSelect(Exists, Distance, ConstantInt::get(Base->getType(), 0)),
                    "round.base.k");
    Value *KWideBase = nullptr;
    if (indexesWide(S)) {
      Value *WideDistance = B.CreateMul(B.CreateZExt(S.Step, B.getInt64Ty()), B.getInt64(K));
      KWideBase =
          B.CreateAdd(widen(B, Base, S), B.CreateSelect(Exists, WideDistance, B.getInt64(0)));
    }
    RoundIndex KIndex = roundIndex(B, KBase, KWideBase, S, Index->getName() + ".k");
    Indices.push_back(KIndex);
    Value *InRange = B.CreateAnd(Exists, KIndex.InRange, "in.range.k");
    ValueToValueMapTy VMap;
    VMap[Index] = KIndex.Index;
    VMap[Base] = KBase;
    for (auto [Carry, In] : zip(Carries, CarriedIn))
      VMap[Carry.first] = In;
    VMap[RoundsLatch] = Join;
    SmallVector<BasicBlock *> Copy;
    for (BasicBlock *BB : Body) {
      BasicBlock *Clone = CloneBasicBlock(BB, VMap, ".k", &F);
      Clone->moveBefore(Join);
      VMap[BB] = Clone;
      Copy.push_back(Clone);
    }
    remapInstructionsInBlocks(Copy, VMap);
    B.CreateCondBr(InRange, cast<BasicBlock>(VMap[S.Header]), Join);
    B.SetInsertPoint(Join);
    for (auto [Carry, In] : zip(Carries, CarriedIn)) {
      Value *FromBody = Carry.second->getIncomingValueForBlock(S.Latch);
      PHINode *Out = B.CreatePHI(Carry.second->getType(), 2, Carry.second->getName() + ".k");
      Out->addIncoming(VMap.count(FromBody) ? static_cast<Value *>(VMap[FromBody]) : FromBody,
                       cast<BasicBlock>(VMap[S.Latch]));
      Out->addIncoming(In, Entry);
      In = Out;
    }
    B.CreateBr(GroupLatch);
    Previous->getTerminator()->setSuccessor(0, Entry);
    Previous = Join;
  }
  // The carries leave from the last copy.
  for (auto [Carry, In] : zip(Carries, CarriedIn)) {
    PHINode *Round = Carry.first;
    Round->setIncomingValue(Round->getBasicBlockIndex(GroupLatch), In);
  }
  for (auto &[Exit, Phi] : S.Leaving) {
    int From = Exit->getBasicBlockIndex(GroupLatch);
    for (auto [Carry, In] : zip(Carries, CarriedIn))
      if (Exit->getIncomingValue(From) == Carry.second)
        Exit->setIncomingValue(From, In);
  }
  return GroupLatch;
}

// Makes the guard enter the rounds when some thread's first index is in range (thread
// offset 0).
void guardRounds(StrideLoop &S) {
  auto *GuardBranch = cast<BranchInst>(S.Guard->getTerminator());
  Value *OldGuard = GuardBranch->getCondition();
  IRBuilder<> GB(GuardBranch);
  GuardBranch->setCondition(
      S.NarrowLess ? GB.CreateICmp(*S.NarrowLess, GB.CreateTrunc(S.Base, S.NarrowBound->getType()),
                                   S.NarrowBound, "rounds.any")
                   : GB.CreateICmp(S.Less, S.Base, S.Bound, "rounds.any"));
  if (GuardBranch->getSuccessor(0) != S.Preheader)
    GuardBranch->swapSuccessors();
  RecursivelyDeleteTriviallyDeadInstructions(OldGuard);
}

// Puts the barrier between groups of rounds at the rounds' head, right after its phis, which
// the way in and the way back both reach: the region before the loop then ends there instead of
// running a copy of the first group, and the region after the barrier runs every group.
void addRoundBarrier(BasicBlock *Rounds, bool Interleaved) {
  IRBuilder<> B(&*Rounds->getFirstInsertionPt());
  CallInst *Site =
      B.CreateCall(getSiteFunction(*Rounds->getModule()), {B.getInt32(cpu_abi::SiteBlockSync)});
  setMarker(*Site, kStrideRoundsMD);
  if (Interleaved)
    setMarker(*Site, kInterleavedRoundsMD);
}

} // namespace

bool makeStrideRoundsUniform(Loop &L, const BlockUniformity &Uniformity) {
  std::optional<StrideLoop> Match = match(L, Uniformity);
  if (!Match)
    return false;
  StrideLoop &S = *Match;
  if (!S.Preheader)
    S.Preheader = SplitEdge(S.Entering, S.Header);
  Function &F = *S.Header->getParent();
  LLVMContext &C = F.getContext();
  SmallVector<BasicBlock *> Body(L.blocks());
  unsigned PerBarrier = roundsPerBarrier(L, S);

  // rounds: j = [base, j.next]; i = j + offset; if (i < bound) body
  BasicBlock *Rounds = BasicBlock::Create(C, "rounds", &F, S.Header);
  BasicBlock *RoundsLatch = BasicBlock::Create(C, "rounds.latch", &F, S.Exit);
  IRBuilder<> B(Rounds);
  PHINode *Base = B.CreatePHI(S.Index->getType(), 2, "round.base");
  SmallVector<std::pair<PHINode *, PHINode *>> Carried; // header phi, its round phi
  for (PHINode &Phi : S.Header->phis())
    if (&Phi != S.Index)
      Carried.emplace_back(&Phi, B.CreatePHI(Phi.getType(), 2, Phi.getName() + ".round"));
  SmallVector<RoundIndex, 8> Indices{roundIndex(
      B, Base, indexesWide(S) ? widen(B, Base, S) : nullptr, S, S.Index->getName() + ".thread")};
  Value *Index = Indices[0].Index;
  Value *InRange = Indices[0].InRange;
  if (isa<Instruction>(InRange))
    InRange->setName("in.range");
  // Without a guard every thread runs the first iteration, wherever its index lies, and there
  // its narrow index is the one to extend.
  if (!S.Guard) {
    InRange = B.CreateOr(B.CreateICmpEQ(Base, S.Base, "round.first"), InRange, "round.runs");
    Indices[0].Wide = nullptr;
  }
  B.CreateCondBr(InRange, S.Header, RoundsLatch);

  // rounds.latch: what the body carries, or the round's value when this thread skipped it.
  B.SetInsertPoint(RoundsLatch);
  DenseMap<PHINode *, PHINode *> CarryOut;
  for (auto &[Phi, Round] : Carried) {
    PHINode *Out = B.CreatePHI(Phi->getType(), 2, Phi->getName() + ".carry");
    Out->addIncoming(Phi->getIncomingValueForBlock(S.Latch), S.Latch);
    Out->addIncoming(Round, Rounds);
    CarryOut[Phi] = Out;
    Round->addIncoming(Phi->getIncomingValueForBlock(S.Preheader), S.Preheader);
    Round->addIncoming(Out, RoundsLatch);
  }
  // The next group starts PerBarrier strides on (addRounds adds the rounds after the first).
  Value *NextBase = B.CreateAdd(
      Base, B.CreateMul(S.Step, ConstantInt::get(Base->getType(), PerBarrier)), "rounds.base.next");
  Value *More = stillBelow(B, Base, PerBarrier, S);
  More->setName("rounds.more");
  B.CreateCondBr(More, Rounds, S.Exit);
  Base->addIncoming(S.Base, S.Preheader);
  Base->addIncoming(NextBase, RoundsLatch);

  for (auto &[Exit, Phi] : S.Leaving) {
    int Index = Exit->getBasicBlockIndex(S.Latch);
    Exit->setIncomingBlock(Index, RoundsLatch);
    Exit->setIncomingValue(Index, CarryOut[Phi]);
  }
  for (auto &[Phi, Round] : Carried) {
    Phi->replaceAllUsesWith(Round);
    Phi->eraseFromParent();
  }
  S.Index->replaceAllUsesWith(Index);
  S.Index->eraseFromParent();
  auto *OldBranch = cast<BranchInst>(S.Latch->getTerminator());
  Value *OldTest = OldBranch->getCondition();
  BranchInst::Create(RoundsLatch, S.Latch);
  OldBranch->eraseFromParent();
  RecursivelyDeleteTriviallyDeadInstructions(OldTest);
  S.Preheader->getTerminator()->replaceSuccessorWith(S.Header, Rounds);

  if (S.Guard)
    guardRounds(S);
  SmallVector<std::pair<PHINode *, PHINode *>> Carries; // each round phi, its carry
  for (auto &[Phi, Round] : Carried)
    Carries.emplace_back(Round, CarryOut[Phi]);
  // The rounds of one group that covers the whole loop lie one after another in memory (a
  // tile, `k < 2048; k += 256`): run as copies in one thread loop, each step of it touched
  // eight places a block's width apart, and this AMD Zen 4's prefetcher, following none of
  // them, left the loads and stores of a scan's tile waiting on DRAM; a region a round reads
  // and writes each tile as one stream (with PrefetchNextBlock's prefetches of later regions'
  // loads, the scan took 0.85 of its time). Grid-stride rounds lie a grid apart, and there
  // eight streams a step are what keeps memory busy.
  const bool OneGroup = oneGroupCoversAll(S, PerBarrier);
  BasicBlock *Latch = PerBarrier > 1 ? addRounds(S, Body, Base, Index, RoundsLatch, Carries,
                                                 PerBarrier, OneGroup, Indices)
                                     : RoundsLatch;
  for (const RoundIndex &R : Indices)
    useWideIndex(R);
  if (OneGroup) {
    // No thread has a round left after the first group: no barrier, no way back.
    auto *Back = cast<BranchInst>(Latch->getTerminator());
    Rounds->removePredecessor(Latch);
    BranchInst::Create(S.Exit, Back);
    Back->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(More);
    RecursivelyDeleteTriviallyDeadInstructions(NextBase);
    return true;
  }
  addRoundBarrier(Rounds, stepsByGrid(S.Step));
  return true;
}

} // namespace drawbridge::cpu
