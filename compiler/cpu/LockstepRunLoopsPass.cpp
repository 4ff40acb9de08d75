// LockstepRunLoopsPass; see LockstepRunLoopsPass.h.
//
// A run loop L (kThreadRunAttr: at most N iterations, a thread each) qualifies when its only
// subloop I is a single block without side effects whose counter K starts at Ks and steps by
// a constant C, and the blocks of L that lead to I's preheader (Pre) have no side effects
// either. With arrays of N slots for each of I's other phis, for each value I passes out and
// for whether the thread is still in I (alive), L becomes three loops over the run:
//
//   init    L's header phis and Pre, copied; a thread that reaches I's preheader stores its
//           phis' first values and alive = 1, one that does not alive = 0
//   rounds  for r = 0, 1, ...: L's header phis and Pre again; each thread still alive runs
//           I's body once with K = Ks + r * C and its phis from the arrays, stores their next
//           values and what I passes out, and stays alive if I would go round again; until
//           no thread stays alive
//   L       as before, except that a thread reaching I's preheader takes what I passed out
//           from the arrays and goes straight on to I's exit
//
// Each thread runs I's iterations in its own order with the values they had: round r is its
// iteration r, K = Ks + r * C being the same additions modulo 2^w. Only the order among
// threads changes, which L's parallel_accesses allows, and Pre gives the same values each
// time, since nothing between its copies stores. Every round costs every thread of the run,
// so only loops that the run's threads go round about equally often qualify: Ks must step by
// a constant a >= 0 from one thread to the next with a * N <= C (a warp's lanes striding by
// the warp's width) and I's bound must be the same for all of them, where values loaded
// from an address that is the same for all of them count as the same.
//
// A run loop first gets a copy for runs of exactly N threads (copyForFullRuns), in which the
// three loops count the threads; the other runs take the rewrite as above. A thread loop that
// is no run loop but qualifies with N = 32 (a row of a 2D block `dim3(32, 8)`, whose lanes are
// threadIdx.x) gets only the copy for rows of 32 threads, and other rows keep their loop.
#include "LockstepRunLoopsPass.h"

#include "FormQuotientRunsPass.h"
#include "ThreadLoops.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-lockstep-run-loops"

STATISTIC(NumLockstepped, "Inner loops of runs run a round at a time across the run");

namespace drawbridge::cpu {
namespace {

// Pre runs three times and I's body is copied once; larger ones are left alone.
constexpr unsigned kMaxPreInstructions = 80;
constexpr unsigned kMaxBodyInstructions = 40;
// Runs longer than this would make large arrays on the stack.
constexpr unsigned kMaxLanes = 256;
// A thread loop that is no run loop qualifies for rows of this many threads (a 2D block of
// warp-wide rows, `dim3(32, 8)`, whose rows FormQuotientRuns has nothing to split).
constexpr unsigned kWarpLanes = 32;

struct Candidate {
  Loop *L;
  unsigned Lanes;
  BasicBlock *Body, *Preheader, *Exit; // I's one block, its preheader and exit, all in L
  PHINode *Counter;                    // K
  ConstantInt *Step;                   // C
  bool ContinueOnTrue;                 // Body's branch goes round again when its test holds
  SmallVector<PHINode *> States;       // I's phis other than K
  SmallVector<Value *> Outs;           // I's values that its exit's phis take
  SmallVector<BasicBlock *> Pre;       // in L's block order, L's header first
  MDNode *Group;                       // L's access group
  bool Full;                           // L runs exactly N iterations (kFullRunAttr)
  bool Specialized;                    // L is a full run's copy or the loop for the others
  bool Tentative; // L is a thread loop but no run loop: only rows of a warp's width qualify
};

// Marks on a run loop that has a copy for full runs: the copy's, and the other loop's.
constexpr StringLiteral kFullRunAttr = "drawbridge.thread.run.full";
constexpr StringLiteral kOtherRunsAttr = "drawbridge.thread.run.others";

MDNode *accessGroupOf(const Loop &L) {
  MDNode *Parallel = findOptionMDForLoop(&L, "llvm.loop.parallel_accesses");
  return Parallel && Parallel->getNumOperands() > 1 ? dyn_cast<MDNode>(Parallel->getOperand(1))
                                                    : nullptr;
}

// Whether S has the same value for every thread of the run L: invariant in L, or made of
// such values and of loads from addresses that are.
bool isSameAcrossRun(const SCEV *S, const Loop &L, ScalarEvolution &SE, unsigned Depth = 0) {
  if (SE.isLoopInvariant(S, &L))
    return true;
  if (Depth > 4)
    return false;
  if (const auto *U = dyn_cast<SCEVUnknown>(S)) {
    auto *Load = dyn_cast<LoadInst>(U->getValue());
    return Load && Load->isSimple() &&
           isSameAcrossRun(SE.getSCEV(Load->getPointerOperand()), L, SE, Depth + 1);
  }
  if (const auto *Cast = dyn_cast<SCEVCastExpr>(S))
    return isSameAcrossRun(Cast->getOperand(), L, SE, Depth + 1);
  if (const auto *N = dyn_cast<SCEVNAryExpr>(S); N && !isa<SCEVAddRecExpr>(N))
    return all_of(N->operands(),
                  [&](const SCEV *Op) { return isSameAcrossRun(Op, L, SE, Depth + 1); });
  return false;
}

// How much S steps from one thread of the run L to the next: S is a value the same across the
// run plus an affine recurrence in L with a constant step, or that value alone (0), each
// perhaps extended or truncated (a run's few threads do not wrap it).
std::optional<APInt> stepAcrossRun(const SCEV *S, const Loop &L, ScalarEvolution &SE) {
  while (const auto *Cast = dyn_cast<SCEVCastExpr>(S))
    S = Cast->getOperand();
  if (isSameAcrossRun(S, L, SE))
    return APInt(SE.getTypeSizeInBits(S->getType()), 0);
  auto stepOf = [&](const SCEV *Op) -> std::optional<APInt> {
    while (const auto *Cast = dyn_cast<SCEVCastExpr>(Op))
      Op = Cast->getOperand();
    const auto *AR = dyn_cast<SCEVAddRecExpr>(Op);
    const auto *Step = AR && AR->getLoop() == &L && AR->isAffine()
                           ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE))
                           : nullptr;
    if (!Step || !isSameAcrossRun(AR->getStart(), L, SE))
      return std::nullopt;
    return Step->getAPInt();
  };
  if (std::optional<APInt> Step = stepOf(S))
    return Step;
  const auto *Add = dyn_cast<SCEVAddExpr>(S);
  if (!Add)
    return std::nullopt;
  std::optional<APInt> Found;
  for (const SCEV *Op : Add->operands()) {
    if (isSameAcrossRun(Op, L, SE))
      continue;
    if (Found)
      return std::nullopt;
    Found = stepOf(Op);
    if (!Found)
      return std::nullopt;
  }
  return Found;
}

bool hasSideEffects(const BasicBlock &BB) {
  return any_of(BB, [](const Instruction &I) { return I.mayHaveSideEffects(); });
}

std::optional<Candidate> findCandidate(Loop &L, LoopInfo &LI, DominatorTree &DT,
                                       ScalarEvolution &SE, bool &Changed) {
  std::optional<unsigned> Lanes = threadRunLength(L);
  const bool Tentative = !Lanes && !findOptionMDForLoop(&L, kOtherRunsAttr);
  if (Tentative)
    Lanes = kWarpLanes;
  if (!Lanes || *Lanes > kMaxLanes || !isThreadLoop(L) || L.getSubLoops().size() != 1 ||
      !L.getLoopPreheader() || !L.getLoopLatch() || !L.getExitBlock())
    return std::nullopt;
  MDNode *Group = accessGroupOf(L);
  Loop &I = *L.getSubLoops().front();
  BasicBlock *Body = I.getHeader(), *Preheader = I.getLoopPreheader();
  if (!Group || I.getNumBlocks() != 1 || !Preheader || !I.getExitBlock() ||
      !L.contains(I.getExitBlock()) || Body->size() > kMaxBodyInstructions || hasSideEffects(*Body))
    return std::nullopt;
  auto *Branch = dyn_cast<BranchInst>(Body->getTerminator());
  auto *PreBranch = dyn_cast<BranchInst>(Preheader->getTerminator());
  if (!Branch || !Branch->isConditional() || !PreBranch || PreBranch->isConditional())
    return std::nullopt;
  const bool Full = findOptionMDForLoop(&L, kFullRunAttr);
  Candidate C{.L = &L,
              .Lanes = *Lanes,
              .Body = Body,
              .Preheader = Preheader,
              .Exit = I.getExitBlock(),
              .Counter = nullptr,
              .Step = nullptr,
              .ContinueOnTrue = Branch->getSuccessor(0) == Body,
              .States = {},
              .Outs = {},
              .Pre = {},
              .Group = Group,
              .Full = Full,
              .Specialized = Full || findOptionMDForLoop(&L, kOtherRunsAttr),
              .Tentative = Tentative};

  // K, the other phis, and what leaves I.
  for (PHINode &Phi : Body->phis()) {
    auto *Next = dyn_cast<BinaryOperator>(Phi.getIncomingValueForBlock(Body));
    auto *Step = Next && Next->getOpcode() == Instruction::Add && Next->getOperand(0) == &Phi
                     ? dyn_cast<ConstantInt>(Next->getOperand(1))
                     : nullptr;
    if (!C.Counter && Step && Step->getValue().isStrictlyPositive()) {
      C.Counter = &Phi;
      C.Step = Step;
    } else {
      C.States.push_back(&Phi);
    }
  }
  if (!C.Counter)
    return std::nullopt;
  if (!I.isLCSSAForm(DT))
    Changed |= formLCSSA(I, DT, &LI, &SE);
  for (Instruction &Inst : *Body)
    for (User *U : Inst.users())
      if (cast<Instruction>(U)->getParent() != Body) {
        auto *Phi = dyn_cast<PHINode>(U);
        if (!Phi || Phi->getParent() != C.Exit)
          return std::nullopt;
        if (!is_contained(C.Outs, &Inst))
          C.Outs.push_back(&Inst);
      }

  // The threads' counters start a constant apart, at most C / N, and stop at the same bound.
  auto *Test = dyn_cast<ICmpInst>(Branch->getCondition());
  if (!Test)
    return std::nullopt;
  Value *Next = C.Counter->getIncomingValueForBlock(Body);
  Value *Bound = Test->getOperand(0) == Next || Test->getOperand(0) == C.Counter
                     ? Test->getOperand(1)
                     : Test->getOperand(0);
  std::optional<APInt> Spread =
      stepAcrossRun(SE.getSCEV(C.Counter->getIncomingValueForBlock(Preheader)), L, SE);
  if (!isSameAcrossRun(SE.getSCEV(Bound), L, SE) || !Spread || Spread->isNegative() ||
      Spread->getLimitedValue(1u << 20) * *Lanes > C.Step->getValue().getLimitedValue())
    return std::nullopt;

  // Pre: the blocks of L that reach I's preheader without going round L.
  SmallPtrSet<BasicBlock *, 8> PreSet;
  SmallVector<BasicBlock *> Work{Preheader};
  unsigned PreSize = 0;
  while (!Work.empty()) {
    BasicBlock *BB = Work.pop_back_val();
    if (!L.contains(BB) || I.contains(BB) || !PreSet.insert(BB).second)
      continue;
    PreSize += BB->size();
    if (BB != L.getHeader())
      append_range(Work, predecessors(BB));
  }
  if (!PreSet.contains(L.getHeader()) || PreSet.contains(L.getLoopLatch()) ||
      PreSize > kMaxPreInstructions)
    return std::nullopt;
  for (BasicBlock *BB : L.blocks())
    if (PreSet.contains(BB)) {
      if (hasSideEffects(*BB))
        return std::nullopt;
      C.Pre.push_back(BB);
    }

  // The copies of L need its next values and latch test computed from its header phis.
  auto *Latch = dyn_cast<BranchInst>(L.getLoopLatch()->getTerminator());
  if (!Latch || !Latch->isConditional() || !isCopyableFromHeader(Latch->getCondition(), L))
    return std::nullopt;
  for (PHINode &Phi : L.getHeader()->phis())
    if (!isCopyableFromHeader(Phi.getIncomingValueForBlock(L.getLoopLatch()), L))
      return std::nullopt;
  return C;
}

// A copy of L's header phis and Pre as a loop of its own, entered from Entry and leaving to
// Exit. A thread that reaches I goes to Enter, one that leaves Pre elsewhere to Skip; both
// are for the caller to fill and end, in a branch to Latch.
struct PreLoop {
  BasicBlock *Enter, *Skip, *Latch;
  PHINode *Lane; // the thread's slot in the arrays
  ValueToValueMapTy VMap;
};

void copyPre(const Candidate &C, BasicBlock *Entry, BasicBlock *Exit, const Twine &Name,
             PreLoop &Copy) {
  Loop &L = *C.L;
  Function &F = *Entry->getParent();
  LLVMContext &Ctx = F.getContext();
  SmallVector<BasicBlock *> Blocks;
  for (BasicBlock *BB : C.Pre) {
    BasicBlock *New = CloneBasicBlock(BB, Copy.VMap, "." + Name, &F);
    Copy.VMap[BB] = New;
    Blocks.push_back(New);
  }
  remapInstructionsInBlocks(Blocks, Copy.VMap);
  Copy.Enter = BasicBlock::Create(Ctx, Name + ".enter", &F);
  Copy.Skip = BasicBlock::Create(Ctx, Name + ".skip", &F);
  Copy.Latch = BasicBlock::Create(Ctx, Name + ".latch", &F);
  SmallPtrSet<BasicBlock *, 8> Copied(Blocks.begin(), Blocks.end());
  for (BasicBlock *BB : Blocks) {
    Instruction *Term = BB->getTerminator();
    for (unsigned S = 0; S < Term->getNumSuccessors(); ++S)
      if (Term->getSuccessor(S) == C.Body)
        Term->setSuccessor(S, Copy.Enter);
      else if (!Copied.contains(Term->getSuccessor(S)))
        Term->setSuccessor(S, Copy.Skip);
  }

  BasicBlock *Header = Blocks.front(), *OldLatch = L.getLoopLatch();
  IRBuilder<> B(Copy.Latch);
  ValueToValueMapTy Next; // L's header phis to the copy's, for the next values and the test
  for (PHINode &Phi : L.getHeader()->phis())
    Next[&Phi] = Copy.VMap[&Phi];
  Copy.Lane = PHINode::Create(B.getInt32Ty(), 2, Name + ".lane");
  Copy.Lane->insertInto(Header, Header->begin());
  Copy.Lane->addIncoming(B.getInt32(0), Entry);
  Value *LaneNext = B.CreateAdd(Copy.Lane, B.getInt32(1), Name + ".lane.next");
  Copy.Lane->addIncoming(LaneNext, Copy.Latch);
  for (PHINode &Phi : L.getHeader()->phis()) {
    auto *New = cast<PHINode>(Copy.VMap[&Phi]);
    New->setIncomingBlock(New->getBasicBlockIndex(L.getLoopPreheader()), Entry);
    const int FromLatch = New->getBasicBlockIndex(OldLatch);
    New->setIncomingBlock(FromLatch, Copy.Latch);
    New->setIncomingValue(FromLatch,
                          copyFromHeader(Phi.getIncomingValueForBlock(OldLatch), L, B, Next));
  }
  BranchInst *Back;
  if (C.Full) {
    Back = B.CreateCondBr(B.CreateICmpULT(LaneNext, B.getInt32(C.Lanes)), Header, Exit);
  } else {
    auto *Latch = cast<BranchInst>(OldLatch->getTerminator());
    Value *Test = copyFromHeader(Latch->getCondition(), L, B, Next);
    const bool RoundOnTrue = Latch->getSuccessor(0) == L.getHeader();
    Back = B.CreateCondBr(Test, RoundOnTrue ? Header : Exit, RoundOnTrue ? Exit : Header);
  }
  // A loop ID of its own with L's attributes, its access group among them.
  Back->setMetadata(LLVMContext::MD_loop, copyLoopID(Ctx, L.getLoopID()));
}

// The slots of one value a thread.
struct Slots {
  AllocaInst *Array;
  ArrayType *Ty;
};

Value *slot(IRBuilderBase &B, const Slots &S, Value *Lane) {
  return B.CreateInBoundsGEP(S.Ty, S.Array, {B.getInt64(0), B.CreateZExt(Lane, B.getInt64Ty())});
}

// Gives L a copy for the runs of exactly N threads, the usual case (whole warps), in which the
// loops count the N threads instead of testing L's bound: with a constant trip count the
// vectoriser covers a run with one or two vectors, and once the loops are unrolled each
// thread's slots become registers, carried from round to round.
bool copyForFullRuns(Candidate &C, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  Loop &L = *C.L;
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  BasicBlock *Preheader = L.getLoopPreheader();
  if (isa<SCEVCouldNotCompute>(Taken))
    return false;
  LLVMContext &Ctx = Preheader->getContext();
  SCEVExpander Expander(SE, Preheader->getModule()->getDataLayout(), "run.taken");
  Value *Count = Expander.expandCodeFor(Taken, nullptr, Preheader->getTerminator());
  IRBuilder<> B(Preheader->getTerminator());
  Value *Full = B.CreateICmpEQ(Count, ConstantInt::get(Count->getType(), C.Lanes - 1), "run.full");
  formLCSSA(L, DT, &LI, &SE);
  ValueToValueMapTy VMap;
  Loop *Copy = cloneLoopBehindGuard(L, Full, ".full", LI, DT, VMap);
  addLoopAttribute(*Copy, MDNode::get(Ctx, MDString::get(Ctx, kFullRunAttr)));
  if (C.Tentative)
    addLoopAttribute(*Copy, threadRunAttribute(Ctx, C.Lanes));
  addLoopAttribute(L, MDNode::get(Ctx, MDString::get(Ctx, kOtherRunsAttr)));
  return true;
}

// Moves the loads of Pre whose address is invariant in L (a warp's row start) before L, those
// in L's header as they are and those in a block that only L's header branches to, on a test
// invariant in L, behind that test: then the copies see them as invariant, and a counter that
// starts at a loaded row start plus the lane as affine in the lane. Legal as L is parallel: no
// thread's stores reach another thread's loads, and a thread's own stores come after its Pre.
void hoistInvariantLoads(Candidate &C) {
  Loop &L = *C.L;
  BasicBlock *Header = L.getHeader();
  LLVMContext &Ctx = Header->getContext();
  bool Moved = false; // makeLoopInvariant's report; what was moved is not needed
  for (BasicBlock *BB : C.Pre) {
    Value *Guard = nullptr;
    bool GuardHolds = true;
    if (BB != Header) {
      auto *Branch = dyn_cast<BranchInst>(Header->getTerminator());
      if (BB->getSinglePredecessor() != Header || !Branch || !Branch->isConditional() ||
          !L.makeLoopInvariant(Branch->getCondition(), Moved))
        continue;
      Guard = Branch->getCondition();
      GuardHolds = Branch->getSuccessor(0) == BB;
    }
    SmallVector<LoadInst *> Loads;
    for (Instruction &I : *BB)
      if (auto *Load = dyn_cast<LoadInst>(&I);
          Load && Load->isSimple() && L.makeLoopInvariant(Load->getPointerOperand(), Moved))
        Loads.push_back(Load);
    if (Loads.empty())
      continue;
    BasicBlock *Preheader = L.getLoopPreheader();
    BasicBlock *Join = SplitEdge(Preheader, Header);
    BasicBlock *At = Join;
    if (Guard) {
      At = BasicBlock::Create(Ctx, "lockstep.loads", Header->getParent(), Join);
      BranchInst::Create(Join, At);
      Preheader->getTerminator()->eraseFromParent();
      BranchInst::Create(GuardHolds ? At : Join, GuardHolds ? Join : At, Guard, Preheader);
    }
    for (LoadInst *Load : Loads) {
      Load->moveBefore(At->getTerminator());
      if (!Guard)
        continue;
      PHINode *Phi = PHINode::Create(Load->getType(), 2, Load->getName() + ".hoisted");
      Phi->insertInto(Join, Join->begin());
      Load->replaceAllUsesWith(Phi);
      Phi->addIncoming(Load, At);
      Phi->addIncoming(PoisonValue::get(Load->getType()), Preheader);
    }
  }
}

void lockstep(Candidate &C) {
  Loop &L = *C.L;
  hoistInvariantLoads(C);
  Function &F = *C.Body->getParent();
  LLVMContext &Ctx = F.getContext();
  BasicBlock *Preheader = L.getLoopPreheader(), *Header = L.getHeader();
  IRBuilder<> Entry(&F.getEntryBlock(), F.getEntryBlock().getFirstInsertionPt());
  auto makeSlots = [&](Type *Ty, const Twine &Name) {
    auto *Array = ArrayType::get(Ty, C.Lanes);
    return Slots{Entry.CreateAlloca(Array, nullptr, Name), Array};
  };
  auto tag = [&](Instruction *Access) {
    Access->setMetadata(LLVMContext::MD_access_group, C.Group);
    return Access;
  };
  Slots Alive = makeSlots(Entry.getInt8Ty(), "lockstep.alive");
  DenseMap<Value *, Slots> SlotsOf; // each state phi and each value passed out
  for (PHINode *Phi : C.States)
    SlotsOf[Phi] = makeSlots(Phi->getType(), Phi->getName() + ".slots");
  // A phi's next value is stored each round as it is: it needs no slots of its own.
  auto stateOf = [&](Value *Out) {
    auto State =
        find_if(C.States, [&](PHINode *P) { return P->getIncomingValueForBlock(C.Body) == Out; });
    return State != C.States.end() ? *State : nullptr;
  };
  auto isStateNext = [&](Value *Out) { return stateOf(Out) != nullptr; };
  for (Value *Out : C.Outs)
    if (!isStateNext(Out))
      SlotsOf[Out] = makeSlots(Out->getType(), Out->getName() + ".slots");
  auto outSlots = [&](Value *Out) {
    PHINode *State = stateOf(Out);
    return SlotsOf.lookup(State ? State : Out);
  };

  BasicBlock *RoundHeader = BasicBlock::Create(Ctx, "lockstep.round", &F);
  BasicBlock *RoundLatch = BasicBlock::Create(Ctx, "lockstep.round.latch", &F);
  BasicBlock *Done = BasicBlock::Create(Ctx, "lockstep.done", &F);
  auto mapped = [](ValueToValueMapTy &VMap, Value *V) -> Value * {
    Value *Found = VMap.lookup(V);
    return Found ? Found : V;
  };

  // Each loop below stores every thread's slots from its latch, whichever way the thread came,
  // and the rounds load them in their header: whole-vector stores and loads of the same slots,
  // which the next round's loads take straight from the store buffer, where masked stores would
  // make each round wait for the last one's to reach the cache.
  auto storeFromLatch = [&](PreLoop &Loop, Value *Slot, Value *Entered, Value *Skipped,
                            BasicBlock *EnteredFrom, const Twine &Name) {
    PHINode *Phi = PHINode::Create(Entered->getType(), 2, Name);
    Phi->insertInto(Loop.Latch, Loop.Latch->begin());
    Phi->addIncoming(Entered, EnteredFrom);
    Phi->addIncoming(Skipped, Loop.Skip);
    IRBuilder<> B(Loop.Latch->getTerminator());
    tag(B.CreateStore(Phi, slot(B, SlotsOf.lookup(Slot), Loop.Lane)));
    return Phi;
  };
  SlotsOf[nullptr] = Alive;

  // init: the first values of I's phis, and who enters I.
  PreLoop Init;
  copyPre(C, Preheader, RoundHeader, "lockstep.init", Init);
  BranchInst::Create(Init.Latch, Init.Enter);
  BranchInst::Create(Init.Latch, Init.Skip);
  Type *Byte = Type::getInt8Ty(Ctx);
  storeFromLatch(Init, nullptr, ConstantInt::get(Byte, 1), ConstantInt::get(Byte, 0), Init.Enter,
                 "lockstep.alive.first");
  for (PHINode *Phi : C.States)
    storeFromLatch(Init, Phi, mapped(Init.VMap, Phi->getIncomingValueForBlock(C.Preheader)),
                   PoisonValue::get(Phi->getType()), Init.Enter, Phi->getName() + ".first");

  // rounds: each thread still in I runs one iteration of it.
  IRBuilder<> RB(RoundHeader);
  Type *CounterTy = C.Counter->getType();
  PHINode *Round = RB.CreatePHI(CounterTy, 2, "lockstep.r");
  Round->addIncoming(ConstantInt::get(CounterTy, 0), Init.Latch);
  PreLoop Rounds;
  copyPre(C, RoundHeader, RoundLatch, "lockstep.rounds", Rounds);
  auto *RoundsHeader = cast<BasicBlock>(Rounds.VMap[Header]);
  RB.CreateBr(RoundsHeader);
  PHINode *Any = PHINode::Create(Type::getInt1Ty(Ctx), 2, "lockstep.any");
  Any->insertInto(RoundsHeader, RoundsHeader->begin());
  Any->addIncoming(ConstantInt::getFalse(Ctx), RoundHeader);
  BasicBlock *Step = BasicBlock::Create(Ctx, "lockstep.rounds.step", &F);
  IRBuilder<> HB(RoundsHeader, RoundsHeader->getFirstNonPHIIt());
  DenseMap<Value *, Value *> Before;  // each slot's value as the round starts
  SmallVector<Value *> Keys{nullptr}; // in a fixed order, for the same output every time
  append_range(Keys, C.States);
  for (Value *Out : C.Outs)
    if (!isStateNext(Out))
      Keys.push_back(Out);
  for (Value *Key : Keys) {
    const Slots &S = SlotsOf[Key];
    Before[Key] = tag(HB.CreateLoad(S.Ty->getElementType(), slot(HB, S, Rounds.Lane)));
  }
  IRBuilder<> B(Rounds.Enter);
  B.CreateCondBr(B.CreateICmpNE(Before[nullptr], B.getInt8(0)), Step, Rounds.Skip);
  BranchInst::Create(Rounds.Latch, Rounds.Skip);

  B.SetInsertPoint(Step);
  ValueToValueMapTy &VMap = Rounds.VMap;
  Value *Start = mapped(VMap, C.Counter->getIncomingValueForBlock(C.Preheader));
  VMap[C.Counter] = B.CreateAdd(Start, B.CreateMul(Round, C.Step), "lockstep.k");
  for (PHINode *Phi : C.States)
    VMap[Phi] = Before[Phi];
  for (Instruction &Inst : *C.Body) {
    if (isa<PHINode>(Inst) || Inst.isTerminator())
      continue;
    Instruction *Copy = Inst.clone();
    B.Insert(Copy, Inst.getName());
    RemapInstruction(Copy, VMap, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    VMap[&Inst] = Copy;
  }
  Value *Test = mapped(VMap, cast<BranchInst>(C.Body->getTerminator())->getCondition());
  Value *Continues = B.CreateZExt(C.ContinueOnTrue ? Test : B.CreateNot(Test), Byte);
  B.CreateBr(Rounds.Latch);
  Value *Stays =
      storeFromLatch(Rounds, nullptr, Continues, ConstantInt::get(Byte, 0), Step, "lockstep.stays");
  for (PHINode *Phi : C.States)
    storeFromLatch(Rounds, Phi, mapped(VMap, Phi->getIncomingValueForBlock(C.Body)), Before[Phi],
                   Step, Phi->getName() + ".next");
  for (Value *Out : C.Outs)
    if (!isStateNext(Out))
      storeFromLatch(Rounds, Out, mapped(VMap, Out), Before[Out], Step, Out->getName() + ".out");
  IRBuilder<> LB(Rounds.Latch->getTerminator());
  Value *AnyNext = LB.CreateOr(Any, LB.CreateICmpNE(Stays, LB.getInt8(0)), "lockstep.any.next");
  Any->addIncoming(AnyNext, Rounds.Latch);
  LB.SetInsertPoint(RoundLatch);
  Round->addIncoming(LB.CreateAdd(Round, ConstantInt::get(CounterTy, 1)), RoundLatch);
  LB.CreateCondBr(AnyNext, RoundHeader, Done);

  // L itself, taking what I passed out from the slots.
  Preheader->getTerminator()->replaceSuccessorWith(Header, cast<BasicBlock>(Init.VMap[Header]));
  BranchInst::Create(Header, Done);
  PHINode *Lane = PHINode::Create(Type::getInt32Ty(Ctx), 2, "lockstep.lane");
  Lane->insertInto(Header, Header->begin());
  for (PHINode &Phi : Header->phis())
    if (&Phi != Lane)
      Phi.setIncomingBlock(Phi.getBasicBlockIndex(Preheader), Done);
  Lane->addIncoming(ConstantInt::get(Lane->getType(), 0), Done);
  BasicBlock *Latch = L.getLoopLatch();
  IRBuilder<> AtLatch(Latch->getTerminator());
  Value *LaneNext = AtLatch.CreateAdd(Lane, AtLatch.getInt32(1), "lockstep.lane.next");
  Lane->addIncoming(LaneNext, Latch);
  if (C.Full) {
    auto *Back = cast<BranchInst>(Latch->getTerminator());
    Value *More = AtLatch.CreateICmpULT(LaneNext, AtLatch.getInt32(C.Lanes));
    Back->setCondition(Back->getSuccessor(0) == Header ? More : AtLatch.CreateNot(More));
  }
  C.Preheader->getTerminator()->eraseFromParent();
  IRBuilder<> PB(C.Preheader);
  for (PHINode &Phi : C.Exit->phis()) {
    const int FromBody = Phi.getBasicBlockIndex(C.Body);
    if (FromBody < 0)
      continue;
    Value *Out = Phi.getIncomingValue(FromBody);
    Phi.setIncomingValue(FromBody,
                         tag(PB.CreateLoad(Out->getType(), slot(PB, outSlots(Out), Lane))));
    Phi.setIncomingBlock(FromBody, C.Preheader);
  }
  PB.CreateBr(C.Exit);
  C.Body->getTerminator()->eraseFromParent();
  new UnreachableInst(Ctx, C.Body);
  DeleteDeadBlock(C.Body);
  ++NumLockstepped;
}

} // namespace

PreservedAnalyses LockstepRunLoopsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  bool Changed = false;
  while (true) {
    auto &LI = FAM.getResult<LoopAnalysis>(F);
    auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
    auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
    std::optional<Candidate> Found;
    for (Loop *L : LI.getLoopsInPreorder())
      if ((Found = findCandidate(*L, LI, DT, SE, Changed)))
        break;
    if (!Found)
      break;
    if (Found->Specialized) {
      lockstep(*Found);
    } else if (!copyForFullRuns(*Found, LI, DT, SE)) {
      if (Found->Tentative) // left as it is
        addLoopAttribute(
            *Found->L, MDNode::get(F.getContext(), MDString::get(F.getContext(), kOtherRunsAttr)));
      else
        lockstep(*Found);
    }
    Changed = true;
    FAM.invalidate(F, PreservedAnalyses::none());
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
