// SplitThreadLoopsAtThreadsPass; see SplitThreadLoopsAtThreadsPass.h.
//
// For an innermost thread loop L whose latch tests `i + 1 <u End` (i its induction variable,
// step 1, End invariant):
//   - a candidate is a conditional branch in L on `X == C` or `X != C`, X an affine recurrence
//     of L with step 1 (i itself, i plus an offset, or a widened copy of i) and C invariant:
//     the branch singles out the iteration where i = C - (X's start - i's start); a constant
//     singled-out i of at most kLowThreads is low, any other is high, except that X = i +nuw
//     an offset (a row's thread's index in the block) against a constant C of at most
//     kLowThreads is low with C: X == C there only where i <= C;
//   - or a branch on a range, `X < C` (<=, >, >=; signed only for a C known non-negative) with
//     X i itself or widened: the outcome changes at one threshold, low when it is a constant
//     of at most kLowRange (`threadIdx.x < RADIUS`), high otherwise
//     (`threadIdx.x >= blockDim.x - RADIUS`); or, unsigned, with X = i +nuw an offset against
//     a constant threshold of at most kLowRankRange (`thread_rank() < 32`, a reduction's
//     tail): X < C only where i < C, so it is low with C;
//   - LLVM's LoopConstrainer (IRCE's splitter) restricts L to the main range
//     [max low + 1, min high) and runs the rest in a pre-loop and a post-loop, copies of L
//     that keep every branch; in L each candidate branch then goes the way the other threads
//     go.
// GVN can leave the latch's `i + 1` as a phi of the same add on each path (a thread that
// returned early and one that did not); that phi is made one add first, so SCEV sees it.
// LoopConstrainer takes the limits as the ends of the pre-loop and the main loop without
// checking them against End, and its parser wants SCEV to prove that L is entered below End.
// So a guard in L's preheader sends a row that is empty or shorter than a limit (or, for a
// signed range, longer than i's signed range) to a plain copy of L (".unsplit"); past it both facts
// hold, and the loop structure LoopConstrainer needs is filled in here instead of parsed.
// LoopConstrainer also marks its copies as not to be optimised (IRCE's are slow paths): the
// pre-loop runs a few threads, but the post-loop can run most of a large block (`== 31` in a
// 256-thread block), so it gets L's loop metadata back and vectorises like L; so does a
// pre-loop of more than kScalarPreLoopThreads (a warp's tail does the warp's work there).
#include "SplitThreadLoopsAtThreadsPass.h"

#include "ThreadLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopConstrainer.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// Singled-out threads up to this index count as low: the pre-loop runs them.
constexpr uint64_t kLowThreads = 3;
// Likewise for ranges: `threadIdx.x < RADIUS` with RADIUS up to this is low; and a range of
// the thread's index in the block up to this (a reduction's last warps, `thread_rank() < 32`).
constexpr uint64_t kLowRange = 16;
constexpr uint64_t kLowRankRange = 64;
// A pre-loop of more threads than this vectorises like L.
constexpr uint64_t kScalarPreLoopThreads = 4;
// Main loops known to run at most this many threads get a masked tail (foldMainLoopTail),
// unless they run from a row's start up to a multiple of the widest vector of 32-bit lanes.
constexpr unsigned kMaxFoldedThreads = 64;
constexpr unsigned kWholeVector = 16;
// Larger loop bodies are not copied.
constexpr unsigned kMaxInstructions = 300;

// Whether L accesses memory with a constant stride other than one element, forwards or
// backwards (`items[threadIdx.x * 8 + k]`): the vectoriser loads such a group whole and
// shuffles it, which it cannot do under a mask, so a masked tail would make it a gather.
bool hasStridedAccess(const Loop &L, ScalarEvolution &SE) {
  const DataLayout &DL = L.getHeader()->getModule()->getDataLayout();
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      Value *Pointer = getLoadStorePointerOperand(&I);
      if (!Pointer)
        continue;
      auto *Rec = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Pointer));
      if (!Rec || Rec->getLoop() != &L)
        continue;
      auto *Step = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
      const int64_t Size = DL.getTypeStoreSize(getLoadStoreType(&I)).getFixedValue();
      if (!Step || Step->getAPInt().abs() != Size)
        return true;
    }
  return false;
}

// A main loop that runs a short row less its singled-out threads (30 of 32) would, as a vector
// loop, leave a scalar or narrower remainder as large as the vector part in every row. When
// SCEV bounds it by kMaxFoldedThreads and it has no strided accesses, it is vectorised with
// its tail masked instead (llvm.loop.vectorize.predicate.enable); a long one is not, since
// masking every access of a loop over hundreds of threads costs more than one remainder, nor
// is one that runs from the row's first thread (no LowLimit) up to a multiple of the widest
// vector (`threadIdx.x < 32` leaves a main loop of 32: whole vectors). The vectoriser masks no
// loop whose values are used after it, and the post-loop starts where the main loop ended:
// those exit values are rewritten as what SCEV computes them to be, outside the loop.
void foldMainLoopTail(Loop &L, MDNode *LoopID, const SCEV *LowLimit, const SCEV *HighLimit,
                      LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  auto *HighConstant = dyn_cast_or_null<SCEVConstant>(HighLimit);
  if (!LowLimit && HighConstant && HighConstant->getAPInt().urem(kWholeVector) == 0)
    return;
  SE.forgetLoop(&L);
  const unsigned MaxTrips = SE.getSmallConstantMaxTripCount(&L);
  if (MaxTrips == 0 || MaxTrips > kMaxFoldedThreads || hasStridedAccess(L, SE))
    return;
  LLVMContext &C = L.getHeader()->getContext();
  SmallVector<Metadata *, 4> Ops(drop_begin(LoopID->operands()));
  Ops.insert(Ops.begin(), nullptr);
  Ops.push_back(MDNode::get(C, {MDString::get(C, "llvm.loop.vectorize.predicate.enable"),
                                ConstantAsMetadata::get(ConstantInt::getTrue(C))}));
  MDNode *Folded = MDNode::getDistinct(C, Ops);
  Folded->replaceOperandWith(0, Folded);
  L.setLoopID(Folded);
  formLCSSA(L, DT, &LI, &SE);
  SCEVExpander Expander(SE, L.getHeader()->getModule()->getDataLayout(), "exit");
  SmallVector<WeakTrackingVH, 16> Dead;
  rewriteLoopExitValues(&L, &LI, /*TLI=*/nullptr, &SE, /*TTI=*/nullptr, Expander, &DT, AlwaysRepl,
                        Dead);
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
}

struct Candidate {
  BranchInst *Branch;
  unsigned MainSuccessor; // the successor every thread of the main loop takes
  bool Low;               // the threads past its limit take MainSuccessor
  // A range's threshold, where its outcome changes once; null for `X == C` (it changes twice).
  const SCEV *Threshold;
};

// Marks which candidate a branch is, so that its copies in the pre- and post-loop can be found.
constexpr const char *kCandidateTag = "drawbridge.split.candidate";

// Decides the candidates in the post-loop, which runs the threads at or past both limits: every
// low candidate goes the main loop's way there, and a high range whose threshold is the high
// limit itself goes the other way (`threadIdx.x < 128` is false from thread 128 on), so the
// post-loop keeps only the branches it cannot decide and vectorises without their masks.
void decidePostLoop(Loop &PostLoop, ArrayRef<Candidate> Candidates, const SCEV *HighLimit,
                    ScalarEvolution &SE) {
  for (BasicBlock *BB : PostLoop.blocks()) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    MDNode *Tag = Br ? Br->getMetadata(kCandidateTag) : nullptr;
    if (!Tag)
      continue;
    const Candidate &C =
        Candidates[mdconst::extract<ConstantInt>(Tag->getOperand(0))->getZExtValue()];
    if (C.Low)
      Br->setCondition(ConstantInt::getBool(Br->getContext(), C.MainSuccessor == 0));
    else if (C.Threshold && SE.isKnownPredicate(ICmpInst::ICMP_ULE, C.Threshold, HighLimit))
      Br->setCondition(ConstantInt::getBool(Br->getContext(), C.MainSuccessor == 1));
  }
}

// Whether V is `add nuw` of the loop's counter (i, from Start in steps of 1, perhaps widened)
// and something else, so that V >= i.
bool isCounterPlusOffset(Value *V, Loop &L, const SCEV *Start, ScalarEvolution &SE) {
  auto *Sum = dyn_cast<BinaryOperator>(V);
  if (!Sum || Sum->getOpcode() != Instruction::Add || !Sum->hasNoUnsignedWrap())
    return false;
  const SCEV *Counter = SE.getAddRecExpr(Start, SE.getOne(Start->getType()), &L, SCEV::FlagAnyWrap);
  return any_of(Sum->operands(), [&](Value *Operand) {
    return SE.getSCEV(Operand) == SE.getNoopOrZeroExtend(Counter, Operand->getType());
  });
}

bool splitLoop(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  // From here on, giving up returns whether putting L in shape changed it.
  bool Changed = false;
  std::optional<RowLatch> Parsed = parseRowLatch(L, kMaxInstructions, LI, DT, SE, Changed);
  if (!Parsed)
    return Changed;
  BranchInst *Latch = Parsed->Branch;
  Value *NextValue = Parsed->NextValue, *EndValue = Parsed->EndValue;
  const SCEVAddRecExpr *Next = Parsed->Next;
  Type *Ty = Next->getType();
  const SCEV *Start = SE.getMinusSCEV(Next->getStart(), SE.getOne(Ty));

  SmallVector<Candidate> Candidates;
  const SCEV *LowLimit = nullptr, *HighLimit = nullptr;
  bool Signed = false; // a signed comparison relies on i staying below 2^(width - 1)
  // The main loop's range ends at or begins after Limit.
  auto addLow = [&](const SCEV *Limit) {
    LowLimit = LowLimit ? SE.getUMaxExpr(LowLimit, Limit) : Limit;
  };
  auto addHigh = [&](const SCEV *Limit) {
    HighLimit = HighLimit ? SE.getUMinExpr(HighLimit, Limit) : Limit;
  };
  for (BasicBlock *BB : L.blocks()) {
    auto *Br = dyn_cast<BranchInst>(BB->getTerminator());
    if (!Br || !Br->isConditional() || Br == Latch)
      continue;
    auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
    // X as wide as the induction variable or wider (a widened copy of it).
    if (!Cmp || !Cmp->getOperand(0)->getType()->isIntegerTy() ||
        Cmp->getOperand(0)->getType()->getIntegerBitWidth() < Ty->getIntegerBitWidth())
      continue;
    Value *XValue = Cmp->getOperand(0);
    const SCEV *X = SE.getSCEV(XValue), *C = SE.getSCEV(Cmp->getOperand(1));
    ICmpInst::Predicate Pred = Cmp->getPredicate();
    if (!SE.isLoopInvariant(C, &L)) {
      std::swap(X, C);
      XValue = Cmp->getOperand(1);
      Pred = ICmpInst::getSwappedPredicate(Pred);
    }
    auto *XRec = dyn_cast<SCEVAddRecExpr>(X);
    if (!SE.isLoopInvariant(C, &L) || !XRec || XRec->getLoop() != &L ||
        !XRec->getStepRecurrence(SE)->isOne())
      continue;
    if (Cmp->isEquality()) {
      // The induction variable's value where X == C: at iteration C - X's start, which is
      // below the trip count (itself below 2^width of i) whenever X == C holds, so it
      // truncates exactly.
      const SCEV *Iteration = SE.getTruncateOrNoop(SE.getMinusSCEV(C, XRec->getStart()), Ty);
      const SCEV *At = SE.getAddExpr(Start, Iteration);
      if (!SE.isAvailableAtLoopEntry(At, &L))
        continue;
      auto *Constant = dyn_cast<SCEVConstant>(At);
      // X = i plus an offset that keeps it at least i (the block-wide index of a row's thread,
      // row.base + x, against a constant): X == C only where i <= C, however far the row is.
      auto *CConstant = dyn_cast<SCEVConstant>(C);
      if (!(Constant && Constant->getAPInt().ule(kLowThreads)) && CConstant &&
          CConstant->getAPInt().ule(kLowThreads) && isCounterPlusOffset(XValue, L, Start, SE)) {
        Constant = cast<SCEVConstant>(SE.getTruncateOrNoop(C, Ty));
        At = Constant;
      }
      const bool Low = Constant && Constant->getAPInt().ule(kLowThreads);
      if (Low)
        addLow(SE.getAddExpr(At, SE.getOne(Ty)));
      else
        addHigh(At);
      Candidates.push_back({Br, Pred == ICmpInst::ICMP_EQ ? 1u : 0u, Low, nullptr});
      continue;
    }
    // A range (`threadIdx.x < RADIUS`, `threadIdx.x >= blockDim.x - RADIUS`): X must be i
    // itself, perhaps widened, and the outcome changes once, at the threshold T (X < T holds
    // below it). A signed comparison needs C known non-negative. Or X is i plus an offset that
    // keeps it at least i (a thread's index in the block, `thread_rank() < 32`) against a
    // constant, unsigned: X < T only where i < T, so the main loop lies past T.
    const bool PlusOffset = XRec->getStart() != SE.getNoopOrZeroExtend(Start, XRec->getType());
    if (PlusOffset && (ICmpInst::isSigned(Pred) || !isCounterPlusOffset(XValue, L, Start, SE)))
      continue;
    if (ICmpInst::isSigned(Pred) && !SE.isKnownNonNegative(C))
      continue;
    const bool TrueBelow = ICmpInst::isLT(Pred) || ICmpInst::isLE(Pred);
    const SCEV *T = C;
    if (ICmpInst::isLE(Pred) || ICmpInst::isGT(Pred)) {
      // `X <= C` and `X > C` change at C + 1, which must not wrap.
      const unsigned Bits = C->getType()->getIntegerBitWidth();
      const bool IsSigned = ICmpInst::isSigned(Pred);
      const SCEV *Largest =
          SE.getConstant(IsSigned ? APInt::getSignedMaxValue(Bits) : APInt::getMaxValue(Bits));
      if (!SE.isKnownPredicate(IsSigned ? ICmpInst::ICMP_SLT : ICmpInst::ICMP_ULT, C, Largest))
        continue;
      T = SE.getAddExpr(C, SE.getOne(C->getType()));
    }
    const SCEV *TAt = SE.getTruncateOrNoop(T, Ty);
    if (!SE.isAvailableAtLoopEntry(TAt, &L))
      continue;
    auto *Constant = dyn_cast<SCEVConstant>(TAt);
    const bool Low = Constant && Constant->getAPInt().ule(PlusOffset ? kLowRankRange : kLowRange);
    if (PlusOffset && !Low)
      continue;
    // A constant T of more than the type can hold after widening would not truncate exactly.
    if (Low && SE.getNoopOrZeroExtend(TAt, T->getType()) != T)
      continue;
    if (Low)
      addLow(TAt);
    else
      addHigh(TAt);
    Signed |= ICmpInst::isSigned(Pred) && XRec->getType() == Ty;
    // The main loop lies above a low threshold and below a high one.
    Candidates.push_back({Br, (Low ? !TrueBelow : TrueBelow) ? 0u : 1u, Low, TAt});
  }
  if (Candidates.empty())
    return Changed;

  // The guard (see the top of this file): rows it does not hold for run a plain copy of L.
  BasicBlock *Preheader = L.getLoopPreheader();
  const DataLayout &DL = Preheader->getModule()->getDataLayout();
  SCEVExpander Expander(SE, DL, "split");
  Instruction *At = Preheader->getTerminator();
  if (!L.isSafeToClone())
    return Changed;
  auto *EndInst = dyn_cast<Instruction>(EndValue);
  if (EndInst && (L.contains(EndInst) || !DT.dominates(EndInst, At)))
    return Changed;
  for (const SCEV *S : {Start, LowLimit, HighLimit})
    if (S && !Expander.isSafeToExpandAt(S, At))
      return Changed;
  IRBuilder<> B(At);
  Value *StartValue = Expander.expandCodeFor(Start, Ty, At);
  Value *Unsplit = B.CreateICmpUGE(StartValue, EndValue);
  if (Signed)
    Unsplit = B.CreateOr(
        Unsplit,
        B.CreateICmpUGT(EndValue,
                        ConstantInt::get(Ty, APInt::getSignedMinValue(Ty->getIntegerBitWidth()))));
  for (const SCEV *Limit : {LowLimit, HighLimit})
    if (Limit)
      Unsplit =
          B.CreateOr(Unsplit, B.CreateICmpUGT(Expander.expandCodeFor(Limit, Ty, At), EndValue));
  ValueToValueMapTy VMap;
  cloneLoopBehindGuard(L, Unsplit, ".unsplit", LI, DT, VMap);
  SE.forgetLoop(&L);
  simplifyLoop(&L, &DT, &LI, &SE, nullptr, nullptr, /*PreserveLCSSA=*/false);
  formLCSSA(L, DT, &LI, &SE);

  // L's structure, as LoopConstrainer describes loops. Its own parser wants to prove that the
  // bounds cannot overflow from SCEV alone; the guard above has established that at run time
  // (start < end, and i + 1 <u end cannot wrap), so the structure is filled in here.
  LoopStructure Structure;
  Structure.Tag = "split";
  Structure.Header = L.getHeader();
  Structure.Latch = L.getLoopLatch();
  Structure.LatchBr = cast<BranchInst>(Structure.Latch->getTerminator());
  Structure.LatchBrExitIdx = 1;
  Structure.LatchExit = Structure.LatchBr->getSuccessor(1);
  Structure.IndVarBase = NextValue;
  Structure.IndVarStart = StartValue;
  Structure.IndVarStep = ConstantInt::get(Ty, 1);
  Structure.LoopExitAt = EndValue;
  Structure.IndVarIncreasing = true;
  Structure.IsSignedPredicate = false;
  Structure.ExitCountTy = cast<IntegerType>(Ty);
  MDNode *LoopID = L.getLoopID();
  LoopConstrainer::SubRanges Ranges;
  if (LowLimit)
    Ranges.LowLimit = LowLimit;
  if (HighLimit)
    Ranges.HighLimit = HighLimit;
  SmallVector<Loop *, 2> Copies;
  // LoopConstrainer keeps a function_ref: the callback must outlive it.
  auto AddCopy = [&](Loop *Copy, bool IsSubloop) {
    if (!IsSubloop)
      Copies.push_back(Copy);
  };
  LLVMContext &Context = Preheader->getContext();
  for (auto [Index, C] : enumerate(Candidates))
    C.Branch->setMetadata(kCandidateTag,
                          MDNode::get(Context, ConstantAsMetadata::get(ConstantInt::get(
                                                   Type::getInt32Ty(Context), Index))));
  LoopConstrainer Constrainer(L, LI, AddCopy, Structure, SE, DT, Ty, Ranges);
  const bool Constrained = Constrainer.run();
  // The copies arrive pre-loop first; the post-loop exists when there is a high limit.
  Loop *PreLoop = Constrained && LowLimit && !Copies.empty() ? Copies.front() : nullptr;
  Loop *PostLoop = Constrained && HighLimit && !Copies.empty() ? Copies.back() : nullptr;
  if (PostLoop)
    decidePostLoop(*PostLoop, Candidates, HighLimit, SE);
  Copies.push_back(&L);
  for (Loop *Each : Copies)
    for (BasicBlock *BB : Each->blocks())
      BB->getTerminator()->setMetadata(kCandidateTag, nullptr);
  if (!Constrained)
    return true; // L runs whole behind its guard: correct, one copy larger
  // Every candidate is decided in the main range: the low ones lie below it, the high ones at
  // or above it.
  for (const Candidate &C : Candidates)
    C.Branch->setCondition(ConstantInt::getBool(C.Branch->getContext(), C.MainSuccessor == 0));
  if (PostLoop && LoopID)
    PostLoop->setLoopID(LoopID);
  // The pre-loop of a warp's tail (`thread_rank() < 32`) runs a warp's work: it vectorises too.
  auto *LowConstant = PreLoop ? dyn_cast<SCEVConstant>(LowLimit) : nullptr;
  if (PreLoop && PreLoop != PostLoop && LoopID &&
      !(LowConstant && LowConstant->getAPInt().ule(kScalarPreLoopThreads)))
    PreLoop->setLoopID(LoopID);
  if (LoopID)
    foldMainLoopTail(L, LoopID, LowLimit, HighLimit, LI, DT, SE);
  return true;
}

} // namespace

PreservedAnalyses SplitThreadLoopsAtThreadsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // Innermost loops only: the copies this makes are innermost too, and are not revisited.
  bool Changed = false;
  for (Loop *L : threadLoopsInnerFirst(LI))
    if (L->isInnermost()) {
      Changed |= splitLoop(*L, LI, DT, SE);
      SE.forgetLoop(L);
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
