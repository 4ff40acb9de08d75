// SpecializeFullRowsPass; see SpecializeFullRowsPass.h.
//
// For an innermost thread loop L marked kShortRowsMD whose latch tests `i + 1 <u End` (i an
// induction variable of step 1 starting from Start, End invariant): for each width W, L is
// cloned behind the guard `Start == 0 && End == W`, and in the clone Start and End are the
// constants 0 and W. A row of any other length, or one that a partial call starts in the
// middle, runs L as before.
#include "SpecializeFullRowsPass.h"

#include "KernelInfo.h"
#include "ThreadLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// The row widths that get a copy: the usual widths of 2D blocks. The copy of 8 vectorises
// only because drawbridge-device lowers LLVM's tiny-trip-count threshold to 8 (see
// DeviceCompilerMain.cpp).
constexpr unsigned kRowWidths[] = {32, 16, 8};
// Larger loop bodies are not copied.
constexpr unsigned kMaxInstructions = 300;

bool hasShortRows(const Loop &L) {
  MDNode *ID = L.getLoopID();
  return ID && findOptionMDForLoopID(ID, kShortRowsMD);
}

// The header phi that L's latch test `Next <u End` steps: the one whose value plus one is
// Next (perhaps truncated to Next's type).
PHINode *steppedPhi(const Loop &L, const SCEVAddRecExpr *Next, ScalarEvolution &SE) {
  Type *Ty = Next->getType();
  for (PHINode &Phi : L.getHeader()->phis()) {
    if (!SE.isSCEVable(Phi.getType()) || !Phi.getType()->isIntegerTy() ||
        Phi.getType()->getIntegerBitWidth() < Ty->getIntegerBitWidth())
      continue;
    const SCEV *P = SE.getSCEV(&Phi);
    if (SE.getTruncateOrNoop(SE.getAddExpr(P, SE.getOne(P->getType())), Ty) == Next)
      return &Phi;
  }
  return nullptr;
}

bool specialize(Loop &L, LoopInfo &LI, DominatorTree &DT, ScalarEvolution &SE) {
  bool Changed = false;
  std::optional<RowLatch> Latch = parseRowLatch(L, kMaxInstructions, LI, DT, SE, Changed);
  if (!Latch || isa<Constant>(Latch->EndValue))
    return Changed;
  ICmpInst *LatchCmp = Latch->Cmp;
  const unsigned EndOperand = Latch->EndOperand;
  Value *EndValue = Latch->EndValue;
  const SCEVAddRecExpr *Next = Latch->Next;
  PHINode *IV = steppedPhi(L, Next, SE);
  if (!IV)
    return Changed;
  BasicBlock *Preheader = L.getLoopPreheader();
  Value *Start = IV->getIncomingValueForBlock(Preheader);
  // Each copy's guard goes in L's preheader of the moment: the first width is tested first.
  for (unsigned Width : kRowWidths) {
    IRBuilder<> B(L.getLoopPreheader()->getTerminator());
    Value *Guard = B.CreateAnd(
        B.CreateICmpEQ(Start, ConstantInt::get(Start->getType(), 0)),
        B.CreateICmpEQ(EndValue, B.getIntN(EndValue->getType()->getIntegerBitWidth(), Width)),
        "row.of." + Twine(Width));
    ValueToValueMapTy VMap;
    Loop *Copy = cloneLoopBehindGuard(L, Guard, ".row" + Twine(Width), LI, DT, VMap);
    cast<PHINode>(VMap[IV])->setIncomingValueForBlock(Copy->getLoopPreheader(),
                                                      ConstantInt::get(Start->getType(), 0));
    cast<ICmpInst>(VMap[LatchCmp])
        ->setOperand(EndOperand, ConstantInt::get(EndValue->getType(), Width));
  }
  SE.forgetLoop(&L);
  return true;
}

} // namespace

PreservedAnalyses SpecializeFullRowsPass::run(Function &F, FunctionAnalysisManager &FAM) {
  auto &LI = FAM.getResult<LoopAnalysis>(F);
  auto &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  auto &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  bool Changed = false;
  for (Loop *L : threadLoopsInnerFirst(LI))
    if (L->isInnermost() && hasShortRows(*L))
      Changed |= specialize(*L, LI, DT, SE);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
