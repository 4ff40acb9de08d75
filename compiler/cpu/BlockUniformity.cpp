// Divergence analysis for the CPU lowering; see BlockUniformity.h.
//
// Values start uniform and become divergent, never back, so a worklist reaches the fixed
// point: the users of a divergent value are divergent; a branch on a divergent condition makes
// divergent the phis where threads that went different ways can meet again before the branch's
// immediate post-dominator (or at it), and the values that leave a loop through it, since
// threads may leave after different numbers of iterations.
#include "BlockUniformity.h"

#include "KernelInfo.h"
#include "ThreadQueries.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

// A plain load from a struct parameter passed by value: every thread reads the same bytes, as
// PrivatizeByvalParamsPass has given each thread its own copy of any such parameter that is
// written. (CUB passes its grid partition this way; the loop over its tiles is uniform.) A
// divergent address makes the load divergent through its operands like any other user.
bool readsByvalParameter(const Instruction &I) {
  const auto *Load = dyn_cast<LoadInst>(&I);
  if (!Load || !Load->isSimple())
    return false;
  const auto *Param = dyn_cast<Argument>(getUnderlyingObject(Load->getPointerOperand()));
  return Param && Param->hasByValAttr();
}

// Whether I can give different threads different values whatever its operands are.
bool isSourceOfDivergence(const Instruction &I) {
  if (readsByvalParameter(I))
    return false;
  if (isa<LoadInst>(I) || isa<AllocaInst>(I) || I.isAtomic() || isa<VAArgInst>(I))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    if (isBlockUniformSpecialRegister(specialRegisterOf(II)))
      return false;
    // Pure operations (min, fma, ...) are as uniform as their operands.
    return !II->doesNotAccessMemory() || II->isConvergent() ||
           II->getCalledFunction()->getName().starts_with("llvm.nvvm.");
  }
  return isa<CallBase>(I);
}

class Analysis {
public:
  Analysis(Function &F, DenseSet<const Value *> &Divergent,
           SmallVectorImpl<SmallPtrSet<const BasicBlock *, 16>> &DivergentLoops,
           DenseSet<const BasicBlock *> &DivergentlyReached)
      : DT(F), PDT(F), LI(DT), Divergent(Divergent), DivergentLoops(DivergentLoops),
        DivergentlyReached(DivergentlyReached) {}

  void run(Function &F) {
    for (Instruction &I : instructions(F))
      if (isSourceOfDivergence(I))
        markDivergent(I);
    while (!Worklist.empty()) {
      const Instruction *I = Worklist.pop_back_val();
      for (const User *U : I->users())
        if (const auto *UserInst = dyn_cast<Instruction>(U))
          markUser(*UserInst);
    }
  }

private:
  // A user of a divergent value: a terminator branches divergently, anything else is divergent.
  void markUser(const Instruction &I) {
    if (I.isTerminator())
      divergentBranch(*I.getParent());
    else
      markDivergent(I);
  }

  void markDivergent(const Instruction &I) {
    if (!I.getType()->isVoidTy() && Divergent.insert(&I).second)
      Worklist.push_back(&I);
  }

  // Threads in Branch's block go different ways: mark the phis where they can meet again, and
  // what leaves a loop this branch exits.
  void divergentBranch(const BasicBlock &Branch) {
    if (!DivergentBranches.insert(&Branch).second)
      return;
    const DomTreeNode *Node = PDT.getNode(&Branch);
    const BasicBlock *Reconverge = Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
    DenseMap<const BasicBlock *, unsigned> ReachedFrom;
    SmallPtrSet<const BasicBlock *, 4> Starts;
    for (const BasicBlock *Succ : successors(&Branch)) {
      if (!Starts.insert(Succ).second)
        continue;
      SmallPtrSet<const BasicBlock *, 32> Seen;
      SmallVector<const BasicBlock *> Stack{Succ};
      while (!Stack.empty()) {
        const BasicBlock *BB = Stack.pop_back_val();
        if (!Seen.insert(BB).second)
          continue;
        ++ReachedFrom[BB];
        if (BB != Reconverge) {
          DivergentlyReached.insert(BB);
          append_range(Stack, successors(BB));
        }
      }
    }
    for (auto &[BB, Count] : ReachedFrom)
      if (Count > 1)
        for (const PHINode &Phi : BB->phis())
          markDivergent(Phi);

    for (const Loop *L = LI.getLoopFor(&Branch); L; L = L->getParentLoop()) {
      if (none_of(successors(&Branch), [&](const BasicBlock *S) { return !L->contains(S); }))
        continue;
      if (SeenLoops.insert(L).second)
        DivergentLoops.emplace_back(L->block_begin(), L->block_end());
      for (const BasicBlock *BB : L->blocks())
        for (const Instruction &I : *BB)
          for (const User *U : I.users())
            if (const auto *UserInst = dyn_cast<Instruction>(U);
                UserInst && !L->contains(UserInst->getParent()))
              markUser(*UserInst);
    }
  }

  DominatorTree DT;
  PostDominatorTree PDT;
  LoopInfo LI;
  DenseSet<const Value *> &Divergent;
  SmallVectorImpl<SmallPtrSet<const BasicBlock *, 16>> &DivergentLoops;
  DenseSet<const BasicBlock *> &DivergentlyReached;
  SmallPtrSet<const Loop *, 4> SeenLoops;
  SmallPtrSet<const BasicBlock *, 8> DivergentBranches;
  SmallVector<const Instruction *> Worklist;
};

} // namespace

BlockUniformity::BlockUniformity(Function &F) {
  Analysis(F, Divergent, DivergentLoops, DivergentlyReached).run(F);
}

bool BlockUniformity::isUniformAt(const Instruction &Def, const Use &U) const {
  if (!isUniform(&Def))
    return false;
  const auto *UserInst = cast<Instruction>(U.getUser());
  const BasicBlock *UseBlock = UserInst->getParent();
  if (const auto *Phi = dyn_cast<PHINode>(UserInst))
    UseBlock = Phi->getIncomingBlock(U);
  for (const SmallPtrSet<const BasicBlock *, 16> &Loop : DivergentLoops)
    if (Loop.contains(Def.getParent()) && !Loop.contains(UseBlock))
      return false;
  return true;
}

} // namespace drawbridge::cpu
