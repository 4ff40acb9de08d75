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
#include "llvm/IR/CFG.h"
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

// The __shared__ variable a plain load reads, or null.
const GlobalVariable *sharedVariableRead(const Instruction &I) {
  const auto *Load = dyn_cast<LoadInst>(&I);
  if (!Load || !Load->isSimple())
    return nullptr;
  const auto *GV = dyn_cast<GlobalVariable>(getUnderlyingObject(Load->getPointerOperand()));
  return GV && hasMarker(*GV, kSharedMD) ? GV : nullptr;
}

// Whether Object cannot be a block's shared memory other than GV: a local, another global, a
// kernel parameter (a host-side pointer, or the launch's copy of a struct), or a pointer read
// from a struct parameter (a host-side pointer too).
bool isOtherThan(const Value *Object, const GlobalVariable &GV) {
  if (Object == &GV)
    return false;
  if (isa<GlobalVariable>(Object) || isa<AllocaInst>(Object) || isa<Argument>(Object))
    return true;
  const auto *Load = dyn_cast<LoadInst>(Object);
  const auto *Param =
      Load ? dyn_cast<Argument>(getUnderlyingObject(Load->getPointerOperand())) : nullptr;
  return Param && Param->hasByValAttr();
}

// Whether I may write GV's memory.
bool mayWrite(const Instruction &I, const GlobalVariable &GV) {
  if (!I.mayWriteToMemory() || siteKindOf(I) || isSiteStore(I) || isa<FenceInst>(I))
    return false;
  const Value *Address = nullptr;
  if (const auto *Store = dyn_cast<StoreInst>(&I))
    Address = Store->getPointerOperand();
  else if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    Address = RMW->getPointerOperand();
  else if (const auto *CmpXchg = dyn_cast<AtomicCmpXchgInst>(&I))
    Address = CmpXchg->getPointerOperand();
  else if (const auto *Mem = dyn_cast<MemIntrinsic>(&I))
    Address = Mem->getDest();
  else if (const auto *II = dyn_cast<IntrinsicInst>(&I); II && II->isLifetimeStartOrEnd())
    return false;
  if (!Address)
    return true;
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(Address, Objects);
  return !all_of(Objects, [&](const Value *Object) { return isOtherThan(Object, GV); });
}

// Whether an instruction some thread may run while another is at Load, between the block
// barriers before and after it, may write GV: the barriers the paths to Load come from (or the
// kernel's entry), then everything those reach before a barrier. A thread at Load has passed
// the barrier before it, which every thread has then reached, and none has passed the one
// after, which it has not.
bool writtenAround(const LoadInst &Load, const GlobalVariable &GV) {
  using Point = std::pair<const BasicBlock *, BasicBlock::const_iterator>;
  SmallVector<Point> Entries;
  SmallVector<const BasicBlock *> Back;
  SmallPtrSet<const BasicBlock *, 32> SeenBack;
  // Walks back from just before At in BB to a barrier, which is an entry, or on into the
  // predecessors (the kernel's entry is one too).
  auto WalkBack = [&](const BasicBlock *BB, BasicBlock::const_iterator At) {
    while (At != BB->begin()) {
      --At;
      if (isBlockBarrier(*At)) {
        Entries.push_back({BB, std::next(At)});
        return;
      }
    }
    if (BB->isEntryBlock())
      Entries.push_back({BB, BB->begin()});
    append_range(Back, predecessors(BB));
  };
  WalkBack(Load.getParent(), Load.getIterator());
  while (!Back.empty()) {
    const BasicBlock *BB = Back.pop_back_val();
    if (SeenBack.insert(BB).second)
      WalkBack(BB, BB->end());
  }
  SmallVector<Point> Forward(Entries.begin(), Entries.end());
  SmallPtrSet<const BasicBlock *, 32> SeenForward;
  while (!Forward.empty()) {
    auto [BB, At] = Forward.pop_back_val();
    bool Stopped = false;
    for (; At != BB->end() && !Stopped; ++At) {
      if (mayWrite(*At, GV))
        return true;
      Stopped = isBlockBarrier(*At);
    }
    if (Stopped)
      continue;
    for (const BasicBlock *Succ : successors(BB))
      if (SeenForward.insert(Succ).second)
        Forward.push_back({Succ, Succ->begin()});
  }
  return false;
}

// Loads that read a __shared__ variable nothing writes between the barriers around them
// (writtenAround): every thread that makes one reads the same bytes, provided its address is
// uniform (which the analysis checks like any operand) and every thread passes the same
// barriers (checked once the analysis is done). CUB hands a block its scan's aggregate so:
// stored by one thread, then a barrier, then read by all.
SmallPtrSet<const Instruction *, 16> sharedBroadcasts(Function &F) {
  SmallPtrSet<const Instruction *, 16> Broadcasts;
  for (Instruction &I : instructions(F))
    if (const GlobalVariable *GV = sharedVariableRead(I);
        GV && !writtenAround(cast<LoadInst>(I), *GV))
      Broadcasts.insert(&I);
  return Broadcasts;
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
    SmallPtrSet<const Instruction *, 16> Broadcasts = sharedBroadcasts(F);
    SmallVector<const BasicBlock *, 8> Barriers;
    for (Instruction &I : instructions(F)) {
      if (isBlockBarrier(I))
        Barriers.push_back(I.getParent());
      if (isSourceOfDivergence(I) && !Broadcasts.contains(&I))
        markDivergent(I);
    }
    propagate();
    // A broadcast is read alike only if every thread passes the same barriers: with one that
    // some threads skip, a thread past another barrier may be writing while one reads.
    if (any_of(Barriers, [&](const BasicBlock *BB) { return DivergentlyReached.contains(BB); })) {
      for (const Instruction *Load : Broadcasts)
        markDivergent(*Load);
      propagate();
    }
  }

private:
  void propagate() {
    while (!Worklist.empty()) {
      const Instruction *I = Worklist.pop_back_val();
      for (const User *U : I->users())
        if (const auto *UserInst = dyn_cast<Instruction>(U))
          markUser(*UserInst);
    }
  }

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
