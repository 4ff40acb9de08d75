// FormQuotientRunsPass; see FormQuotientRunsPass.h.
//
// In a thread loop L over a row (latch `Next <u End`, its only exit), take the instructions
// that divide an affine recurrence X = {First, +, 1} in L by a constant power of two D >= 16
// (`lshr X, k`, `ashr X, k`, `udiv X, D`, `sdiv X, D`, or `and X, M` with M a multiple of D,
// which keeps bits of the quotient only) or take its remainder (`and X, D - 1`, `urem X, D`,
// `srem X, D`).
// If one of them reaches an address, L becomes the inner loop of a loop over runs:
//
//   run header  phis that carry L's header phis from one run to the next; each X, and Next,
//               at the run's first iteration (their computations from L's header phis,
//               copied); the run's length, the fewest iterations before some X reaches a
//               multiple of its D; the run's bound, umin(End, Next + length - 1)
//   L           as before, its latch testing Next against the run's bound; each quotient is
//               the run header's, each remainder the run header's plus X - (the run's first X)
//   run latch   on to the next run while Next <u End
//
// Within a run no X crosses a multiple of its D: its bits above log2 D (all a quotient keeps)
// are those of its first value, and its low bits grow by one an iteration from its first
// value's. SCEV's recurrence is exact modulo 2^w, so this holds with wrapping too, and a bound
// that wraps only makes a run shorter. sdiv and srem round towards zero, which moves the
// multiples where their quotient changes for a negative X: a run whose first X is negative is
// one thread long. L is marked kThreadRunAttr with the longest run, the
// smallest D, for LockstepRunLoops.
#include "FormQuotientRunsPass.h"

#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-form-quotient-runs"

STATISTIC(NumRunLoops, "Thread loops split into runs that share a quotient");

namespace drawbridge::cpu {

std::optional<unsigned> threadRunLength(const Loop &L) {
  if (std::optional<int> Length = getOptionalIntLoopAttribute(&L, kThreadRunAttr))
    return unsigned(*Length);
  return std::nullopt;
}

MDNode *threadRunAttribute(LLVMContext &Ctx, unsigned Length) {
  return MDNode::get(Ctx,
                     {MDString::get(Ctx, kThreadRunAttr),
                      ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(Ctx), Length))});
}

namespace {

// Larger loop bodies are left alone.
constexpr unsigned kMaxInstructions = 400;
// Runs shorter than a 16-lane vector would leave the vectoriser nothing to do.
constexpr unsigned kMinLog2 = 4;

// A quotient or remainder of X by 2^Log2; Truncating for sdiv and srem, which round towards
// zero where the others round down.
struct Split {
  BinaryOperator *Inst;
  Value *X;
  unsigned Log2;
  bool Remainder, Truncating;
};

std::optional<Split> matchSplit(Instruction &I) {
  auto *BO = dyn_cast<BinaryOperator>(&I);
  auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
  if (!C)
    return std::nullopt;
  const APInt &V = C->getValue();
  std::optional<unsigned> Log2;
  bool Remainder = false;
  switch (BO->getOpcode()) {
  case Instruction::LShr:
  case Instruction::AShr:
    if (V.ult(V.getBitWidth()))
      Log2 = V.getZExtValue();
    break;
  case Instruction::UDiv:
  case Instruction::URem:
  case Instruction::SDiv:
  case Instruction::SRem:
    if (V.isPowerOf2())
      Log2 = V.logBase2();
    Remainder = BO->getOpcode() == Instruction::URem || BO->getOpcode() == Instruction::SRem;
    break;
  case Instruction::And:
    // A low mask keeps a remainder; a mask of high bits only (`x & ~31` masked to the block,
    // `x & 992`: x / 32 * 32) keeps what a quotient keeps.
    if (V.isMask()) {
      Log2 = V.countr_one();
      Remainder = true;
    } else if (!V.isZero()) {
      Log2 = V.countr_zero();
    }
    break;
  default:
    break;
  }
  if (!Log2 || *Log2 < kMinLog2 || *Log2 >= V.getBitWidth() - 1)
    return std::nullopt;
  const bool Truncating =
      BO->getOpcode() == Instruction::SDiv || BO->getOpcode() == Instruction::SRem;
  return Split{BO, BO->getOperand(0), *Log2, Remainder, Truncating};
}

bool formRuns(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  if (threadRunLength(L))
    return false;
  bool Changed = false;
  std::optional<RowLatch> Row = parseRowLatch(L, kMaxInstructions, LI, DT, SE, Changed);
  BasicBlock *Preheader = L.getLoopPreheader(), *Header = L.getHeader(), *Latch = L.getLoopLatch(),
             *Exit = L.getExitBlock();
  if (!Row || !Preheader || L.getExitingBlock() != Latch ||
      !isCopyableFromHeader(Row->NextValue, L))
    return Changed;
  auto *EndTy = cast<IntegerType>(Row->EndValue->getType());
  SmallVector<Split> Splits;
  bool Addressing = false;
  unsigned MinLog2 = ~0u;
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      std::optional<Split> S = matchSplit(I);
      if (!S || S->Log2 >= EndTy->getBitWidth() - 1 || !isCopyableFromHeader(S->X, L))
        continue;
      auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(S->X));
      if (!AR || AR->getLoop() != &L || !AR->isAffine() || !AR->getStepRecurrence(SE)->isOne())
        continue;
      Splits.push_back(*S);
      Addressing |= reachesAddress(I);
      MinLog2 = std::min(MinLog2, S->Log2);
    }
  if (!Addressing)
    return Changed;

  LLVMContext &Ctx = Header->getContext();
  Function &F = *Header->getParent();
  BasicBlock *RunHeader = BasicBlock::Create(Ctx, Header->getName() + ".run", &F, Header);
  BasicBlock *RunLatch = BasicBlock::Create(Ctx, Header->getName() + ".run.latch", &F, Exit);
  Preheader->getTerminator()->replaceSuccessorWith(Header, RunHeader);
  Latch->getTerminator()->replaceSuccessorWith(Exit, RunLatch);
  BranchInst::Create(RunHeader, Exit, Row->Cmp, RunLatch);
  for (PHINode &Phi : Exit->phis())
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(Latch), RunLatch);
  IRBuilder<> B(BranchInst::Create(Header, RunHeader));
  ValueToValueMapTy Copies;
  for (PHINode &Phi : Header->phis()) {
    PHINode *Run = PHINode::Create(Phi.getType(), 2, Phi.getName() + ".run");
    Run->insertInto(RunHeader, RunHeader->begin());
    Run->addIncoming(Phi.getIncomingValueForBlock(Preheader), Preheader);
    Run->addIncoming(Phi.getIncomingValueForBlock(Latch), RunLatch);
    const int FromPreheader = Phi.getBasicBlockIndex(Preheader);
    Phi.setIncomingBlock(FromPreheader, RunHeader);
    Phi.setIncomingValue(FromPreheader, Run);
    Copies[&Phi] = Run;
  }

  // The run's length and bound, all copies made before L changes.
  Value *Length = nullptr;
  SmallVector<Value *> Firsts;
  SmallDenseSet<std::tuple<Value *, unsigned, unsigned>>
      Bounded; // each X, log2 D and rounding once
  for (const Split &S : Splits) {
    Value *First = copyFromHeader(S.X, L, B, Copies);
    Firsts.push_back(First);
    if (!Bounded.insert({S.X, S.Log2, unsigned(S.Truncating)}).second)
      continue;
    auto *Ty = cast<IntegerType>(First->getType());
    const APInt D = APInt::getOneBitSet(Ty->getBitWidth(), S.Log2);
    Value *Left = B.CreateSub(ConstantInt::get(Ty, D), B.CreateAnd(First, D - 1), "run.left");
    if (S.Truncating) // below zero the quotient changes at other multiples: a thread a run
      Left = B.CreateSelect(B.CreateIsNeg(First), ConstantInt::get(Ty, 1), Left);
    Left = B.CreateZExtOrTrunc(Left, EndTy);
    Length = Length ? B.CreateBinaryIntrinsic(Intrinsic::umin, Length, Left) : Left;
  }
  Value *NextFirst = copyFromHeader(Row->NextValue, L, B, Copies);
  for (auto [S, First] : zip(Splits, Firsts)) {
    Value *InRun = B.CreateBinOp(S.Inst->getOpcode(), First, S.Inst->getOperand(1),
                                 S.Inst->getName() + ".run");
    if (S.Remainder) {
      IRBuilder<> At(S.Inst);
      InRun = At.CreateAdd(InRun, At.CreateSub(S.X, First), S.Inst->getName() + ".in.run");
    }
    S.Inst->replaceAllUsesWith(InRun);
    S.Inst->eraseFromParent();
  }
  Value *Last = B.CreateAdd(NextFirst, B.CreateSub(Length, ConstantInt::get(EndTy, 1)));
  Value *Bound = B.CreateBinaryIntrinsic(Intrinsic::umin, Row->EndValue, Last, nullptr, "run.end");
  Row->Branch->setCondition(
      new ICmpInst(Row->Branch, ICmpInst::ICMP_ULT, Row->NextValue, Bound, "in.run"));
  addLoopAttribute(L, threadRunAttribute(Ctx, 1u << MinLog2));

  // The loop over runs, around L.
  Loop *Runs = LI.AllocateLoop();
  if (Loop *Parent = L.getParentLoop())
    Parent->replaceChildLoopWith(&L, Runs);
  else
    LI.changeTopLevelLoop(&L, Runs);
  Runs->addChildLoop(&L);
  Runs->addBasicBlockToLoop(RunHeader, LI);
  for (BasicBlock *BB : L.blocks())
    Runs->addBlockEntry(BB);
  Runs->addBasicBlockToLoop(RunLatch, LI);
  DT.recalculate(F);
  SE.forgetLoop(&L);
  formLCSSARecursively(*Runs, DT, &LI, &SE);
  ++NumRunLoops;
  return true;
}

} // namespace

PreservedAnalyses FormQuotientRunsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  return versionThreadLoops(F, FAM, formRuns);
}

} // namespace drawbridge::cpu
