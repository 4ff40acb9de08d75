// DemoteCrossSiteValuesPass: no SSA value crosses a synchronisation site.
//
// Region formation runs the code between two sites for one thread after another, so a value
// a thread computed before a site is gone when that thread resumes after it. The pass
//  1. splits blocks so that each __drawbridge_site call starts a block of its own ("site
//     block": the call and a branch), with its __drawbridge_site_store left at the end of the
//     block before;
//  2. finds each instruction live across a site: walking backwards from a use towards the
//     definition meets a site block (classic SSA liveness, so a value defined and used
//     between the same two sites is never demoted);
//  3. recomputes such a value at each use past a site when it is a small expression of the
//     thread's and block's coordinates, kernel parameters and constants (no memory, and no phi
//     but one that stands for such an expression, PhiStandIns: `threadIdx.x / 32` that the
//     optimiser folded to 0 under `if (threadIdx.x == 0)`), or, for a per-thread value, of
//     those and uniform values taken as leaves (Recomputer, below):
//     recomputing `blockIdx.x * 32 + threadIdx.x` is cheaper than a per-thread slot, and
//     leaves the thread loop's address arithmetic affine, which is what lets the vectoriser
//     turn per-thread accesses into vector loads rather than gathers;
//  4. demotes any other such value to a new local: a store right after the definition, a
//     load before each use that some path reaches through a site;
//  4a. before demoting, lets a use read the value from the thread's own exchange slot where
//     the value is what the thread offered at a shuffle right before the use (the running
//     sum of `sum += __shfl_down_sync(m, sum, d)`): the slot holds it already, so the sum
//     takes no per-thread copy of its own through each step of a shuffle tree;
//  5. marks the locals of values uniform across the block (BlockUniformity) as such;
//  6. marks locals per-thread when any access to them (through derived pointers) can happen
//     after a site, or their address escapes. FormThreadRegionsPass gives those a slot per
//     thread in the block's frame; other locals stay ordinary stack memory of one region;
//  7. first of all, while uniform conditions are still values rather than loads, marks the
//     branches on them (kUniformBranchMD), for FormThreadRegionsPass's chains.
#include "DemoteCrossSiteValuesPass.h"

#include "BlockUniformity.h"
#include "CpuAbi.h"
#include "KernelInfo.h"
#include "PhiStandIns.h"
#include "ThreadQueries.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-demote-cross-site-values"

STATISTIC(NumDemoted, "Values demoted to per-thread locals");
STATISTIC(NumPerThreadLocals, "Locals marked per-thread");
STATISTIC(NumRecomputed, "Values recomputed past a site instead of demoted");
STATISTIC(NumOffered, "Uses past a shuffle that read what the thread offered there");

namespace drawbridge::cpu {
namespace {

bool isSiteBlock(const BasicBlock &BB) { return siteKindOf(BB.front()).has_value(); }

// Puts each site call at the head of its own block, followed only by a branch.
bool isolateSites(Function &F) {
  SmallVector<Instruction *> Sites;
  for (Instruction &I : instructions(F))
    if (siteKindOf(I))
      Sites.push_back(&I);
  for (Instruction *Site : Sites) {
    if (&Site->getParent()->front() != Site)
      Site->getParent()->splitBasicBlock(Site, "site");
    Site->getParent()->splitBasicBlock(Site->getNextNode(), "after.site");
  }
  return !Sites.empty();
}

// The block where a use happens: a phi uses its value at the end of the incoming block.
BasicBlock *useBlock(const Use &U) {
  auto *UserInst = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(UserInst))
    return Phi->getIncomingBlock(U);
  return UserInst->getParent();
}

// True if, going backwards from the use towards Def, some path meets a site block first.
bool useCrossesSite(const Instruction &Def, const Use &U) {
  const BasicBlock *DefBlock = Def.getParent();
  const BasicBlock *Start = useBlock(U);
  if (Start == DefBlock)
    return false;
  SmallVector<const BasicBlock *> Worklist{Start};
  SmallPtrSet<const BasicBlock *, 16> Visited;
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (BB == DefBlock || !Visited.insert(BB).second)
      continue;
    if (isSiteBlock(*BB))
      return true;
    append_range(Worklist, predecessors(BB));
  }
  return false;
}

// What computing a value again costs: the instructions that differ from thread to thread, which
// a region's thread loop runs for each thread (a division counts as four), and all the
// instructions copied, of which the thread loop hoists those alike for every thread
// (`blockIdx.x * 32`, a product of parameters).
struct RecomputeCost {
  unsigned PerThread = 0;
  unsigned Copied = 0;
  bool withinBudget() const { return PerThread <= 32 && Copied <= 64; }
};

// Decides which values crossing a site are computed again at their uses, and makes the copies.
// A value qualifies when it is a small expression of what never changes while the kernel runs
// (constants, parameters, the thread's and block's coordinates). A per-thread value may also
// take block-uniform values that are no such expression (a uniform loop's counter, a value
// read from shared memory) as leaves of its expression: the copy reads the leaf where it is
// used, and the leaf crosses the site in a slot of its own, which costs one read per region
// call. `in[threadIdx.x + k * stride]` is then affine in the thread index past the site, a
// vector load rather than a gather. A leaf has at the use the value it had at the definition:
// it dominates the definition (a direct operand of the expression, not one seen through a phi
// stand-in), so every path from the leaf's definition to the use runs through the value's.
class Recomputer {
public:
  Recomputer(const PhiStandIns &StandIns, const BlockUniformity &Uniformity)
      : StandIns(StandIns), Uniformity(Uniformity) {}

  bool recomputable(const Instruction &Def) {
    RecomputeCost Cost;
    SmallSetVector<const Value *, 4> DefLeaves;
    const bool MayTakeLeaves = !Uniformity.isUniform(&Def);
    if (!expression(&Def, Cost, MayTakeLeaves ? &DefLeaves : nullptr, /*Root=*/true))
      return false;
    Leaves.insert(DefLeaves.begin(), DefLeaves.end());
    return true;
  }

  // A copy of V's expression, placed before Before; constants, parameters and leaves are
  // shared, and a phi is its stand-in's copy.
  Value *recompute(Value *V, Instruction *Before) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || Leaves.contains(I))
      return V;
    if (auto *Phi = dyn_cast<PHINode>(I))
      return recompute(StandIns.standIn(*Phi), Before);
    Instruction *Copy = I->clone();
    Copy->setName(I->getName() + ".again");
    for (Use &Op : Copy->operands())
      Op.set(recompute(Op.get(), Before));
    Copy->insertBefore(Before);
    return Copy;
  }

  // The leaves copies read: their uses past sites are new.
  const SmallSetVector<const Value *, 8> &leaves() const { return Leaves; }

private:
  // Adds V's cost to Cost and returns true if V can be computed again anywhere its definition
  // reaches; with Leaves, a uniform value no expression gives is taken as a leaf.
  bool expression(const Value *V, RecomputeCost &Cost, SmallSetVector<const Value *, 4> *DefLeaves,
                  bool Root = false) {
    if (isa<Constant>(V) || isa<Argument>(V))
      return true;
    const auto *I = dyn_cast<Instruction>(V);
    if (!I)
      return false;
    if (DefLeaves && DefLeaves->contains(I))
      return true;
    RecomputeCost Before = Cost;
    if (plainExpression(*I, Cost, DefLeaves))
      return true;
    Cost = Before;
    if (Root || !DefLeaves || !isLeaf(*I))
      return false;
    DefLeaves->insert(I);
    return true;
  }

  bool plainExpression(const Instruction &I, RecomputeCost &Cost,
                       SmallSetVector<const Value *, 4> *DefLeaves) {
    if (const auto *Phi = dyn_cast<PHINode>(&I)) {
      Value *For = StandIns.standIn(*Phi);
      // The stand-in need not dominate the phi: no leaf below it.
      return For && expression(For, Cost, nullptr);
    }
    unsigned Own = 1;
    if (const auto *BO = dyn_cast<BinaryOperator>(&I)) {
      if (BO->isIntDivRem())
        Own = 4;
    } else if (!isStableSpecialRegister(specialRegisterOf(&I)) && !isa<CastInst>(I) &&
               !isa<CmpInst>(I) && !isa<SelectInst>(I) && !isa<GetElementPtrInst>(I)) {
      return false;
    }
    Cost.Copied += 1;
    if (!Uniformity.isUniform(&I))
      Cost.PerThread += Own;
    if (!Cost.withinBudget())
      return false;
    for (const Value *Op : I.operands())
      if (!expression(Op, Cost, DefLeaves))
        return false;
    return true;
  }

  // A uniform value that is not itself computed again where it crosses a site (it is demoted,
  // after the copies have added their uses).
  bool isLeaf(const Instruction &I) {
    auto [It, New] = LeafCandidates.try_emplace(&I, false);
    if (New) {
      RecomputeCost Cost;
      It->second = Uniformity.isUniform(&I) && !I.getType()->isVoidTy() &&
                   !plainExpression(I, Cost, nullptr);
    }
    return It->second;
  }

  const PhiStandIns &StandIns;
  const BlockUniformity &Uniformity;
  SmallSetVector<const Value *, 8> Leaves;
  DenseMap<const Instruction *, bool> LeafCandidates;
};

void recomputeAtUses(Instruction &Def, ArrayRef<Use *> Crossing, Recomputer &R) {
  // A phi may list the same predecessor twice; both entries must get the same copy.
  DenseMap<BasicBlock *, Value *> PhiCopies;
  for (Use *U : Crossing) {
    auto *UserInst = cast<Instruction>(U->getUser());
    if (auto *Phi = dyn_cast<PHINode>(UserInst)) {
      BasicBlock *Pred = Phi->getIncomingBlock(*U);
      Value *&Copy = PhiCopies[Pred];
      if (!Copy)
        Copy = R.recompute(&Def, Pred->getTerminator());
      U->set(Copy);
      continue;
    }
    U->set(R.recompute(&Def, UserInst));
  }
  ++NumRecomputed;
}

AllocaInst *createSlot(Instruction &Def, BasicBlock &Entry, bool Uniform) {
  const DataLayout &DL = Def.getModule()->getDataLayout();
  IRBuilder<> B(&*Entry.getFirstInsertionPt());
  AllocaInst *Slot = B.CreateAlloca(Def.getType(), nullptr, Def.getName() + ".across");
  Slot->setAlignment(DL.getPrefTypeAlign(Def.getType()));
  setMarker(*Slot, kPerThreadMD);
  if (Uniform)
    setMarker(*Slot, kUniformMD);
  if (hasMarker(Def, kSiteLoopTripsMD))
    setMarker(*Slot, kSiteLoopTripsMD);
  return Slot;
}

void demote(Instruction &Def, ArrayRef<Use *> Crossing, AllocaInst *Slot) {

  Instruction *After =
      isa<PHINode>(Def) ? &*Def.getParent()->getFirstInsertionPt() : Def.getNextNode();
  new StoreInst(&Def, Slot, After);
  // A phi may list the same predecessor twice; both entries must get the same reload.
  DenseMap<BasicBlock *, LoadInst *> PhiReloads;
  for (Use *U : Crossing) {
    auto *UserInst = cast<Instruction>(U->getUser());
    if (auto *Phi = dyn_cast<PHINode>(UserInst)) {
      BasicBlock *Pred = Phi->getIncomingBlock(*U);
      LoadInst *&Reload = PhiReloads[Pred];
      if (!Reload)
        Reload =
            new LoadInst(Def.getType(), Slot, Def.getName() + ".reload", Pred->getTerminator());
      U->set(Reload);
      continue;
    }
    U->set(new LoadInst(Def.getType(), Slot, Def.getName() + ".reload", UserInst));
  }
  ++NumDemoted;
}

// The shuffle sites where V is what the thread offers: a site store of
// `zext(bits of V) | (source lane << 32)` at the end of the block before a shuffle's site
// block. Returns the blocks right after those site blocks.
SmallVector<BasicBlock *> shufflesOffering(Instruction &V) {
  using namespace PatternMatch;
  SmallVector<BasicBlock *> After;
  SmallVector<Value *, 2> Bits{&V};
  for (User *U : V.users())
    if (auto *Cast = dyn_cast<BitCastInst>(U); Cast && Cast->getType()->isIntegerTy(32))
      Bits.push_back(Cast);
  for (Value *B : Bits) {
    if (!B->getType()->isIntegerTy(32))
      continue;
    for (User *Z : B->users()) {
      if (!isa<ZExtInst>(Z))
        continue;
      for (User *Packed : Z->users()) {
        if (!match(Packed, m_c_Or(m_Specific(Z), m_Shl(m_Value(), m_SpecificInt(32)))))
          continue;
        for (User *S : Packed->users()) {
          auto *Store = dyn_cast<CallInst>(S);
          if (!Store || !isSiteStore(*Store) || Store->getArgOperand(0) != Packed ||
              Store->getNextNode() != Store->getParent()->getTerminator())
            continue;
          BasicBlock *SiteBlock = Store->getParent()->getSingleSuccessor();
          if (!SiteBlock || siteKindOf(SiteBlock->front()) != cpu_abi::SiteWarpGather ||
              !SiteBlock->getSinglePredecessor())
            continue;
          if (BasicBlock *Next = SiteBlock->getSingleSuccessor())
            After.push_back(Next);
        }
      }
    }
  }
  return After;
}

// True if every path from the entry to the use U passes through After and, from the last time
// it does, meets neither a site nor the definition again: then the value at U is the one the
// thread offered at the site before After.
bool offeredReachesUse(const BasicBlock *After, const Instruction &Def, const Use &U) {
  const BasicBlock *Entry = &Def.getFunction()->getEntryBlock();
  SmallVector<const BasicBlock *> Worklist{useBlock(U)};
  SmallPtrSet<const BasicBlock *, 16> Visited;
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (BB == After || !Visited.insert(BB).second)
      continue;
    if (BB == Entry || BB == Def.getParent() || isSiteBlock(*BB))
      return false;
    append_range(Worklist, predecessors(BB));
  }
  return true;
}

// Points the crossing uses that can read what the thread offered at a shuffle right before
// them to that offer, and leaves the others in Crossing.
void readOfferedValues(Instruction &Def, SmallVector<Use *> &Crossing) {
  SmallVector<BasicBlock *> Afters = shufflesOffering(Def);
  if (Afters.empty())
    return;
  DenseMap<BasicBlock *, Value *> Offered;
  auto OfferedAt = [&](BasicBlock *After) {
    Value *&V = Offered[After];
    if (!V) {
      IRBuilder<> B(&*After->getFirstInsertionPt());
      Instruction *Released = &After->getSinglePredecessor()->front();
      Value *Own = B.CreateCall(getSiteOfferedFunction(*Def.getModule()), {Released});
      V = B.CreateBitCast(B.CreateTrunc(Own, B.getInt32Ty()), Def.getType());
      V->setName(Def.getName() + ".offered");
    }
    return V;
  };
  erase_if(Crossing, [&](Use *U) {
    for (BasicBlock *After : Afters)
      if (offeredReachesUse(After, Def, *U)) {
        U->set(OfferedAt(After));
        ++NumOffered;
        return true;
      }
    return false;
  });
}

// A value to demote: its uses past a site, and whether it is uniform at all of them.
struct DemotedValue {
  SmallVector<Use *> Crossing;
  bool Uniform = false;
};

// Where a crossing use reads the value's slot: before the user, or at the end of the incoming
// block for a phi.
const Instruction *readPoint(const Use &U) {
  if (auto *Phi = dyn_cast<PHINode>(U.getUser()))
    return Phi->getIncomingBlock(U)->getTerminator();
  return cast<Instruction>(U.getUser());
}

// Whether some read among Reads can happen after From (a slot's store) and before control
// next reaches the top of Stop or the instruction Until (where the slot is stored again, if
// not null): then a store at Stop's top or at Until would overwrite a value still to be read.
// From == nullptr starts at the top of Stop itself, after its phis.
bool readReachable(const Instruction *From, const BasicBlock *Stop, ArrayRef<Use *> Reads,
                   const Instruction *Until) {
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *> Stack;
  auto ReadIn = [&](const BasicBlock *BB, const Instruction *After, const Instruction *Before) {
    for (const Use *U : Reads) {
      const Instruction *R = readPoint(*U);
      if (R->getParent() != BB)
        continue;
      if (After && R->comesBefore(After))
        continue;
      if (Before && !R->comesBefore(Before) && R != Before)
        continue;
      return true;
    }
    return false;
  };
  const BasicBlock *Start = From ? From->getParent() : Stop;
  const Instruction *StartUntil =
      Until && Until->getParent() == Start && (!From || From->comesBefore(Until)) ? Until : nullptr;
  if (ReadIn(Start, From, StartUntil))
    return true;
  if (StartUntil)
    return false;
  append_range(Stack, successors(Start));
  while (!Stack.empty()) {
    const BasicBlock *BB = Stack.pop_back_val();
    if (BB == Stop || !Seen.insert(BB).second)
      continue;
    const Instruction *BlockUntil = Until && Until->getParent() == BB ? Until : nullptr;
    if (ReadIn(BB, nullptr, BlockUntil))
      return true;
    if (!BlockUntil)
      append_range(Stack, successors(BB));
  }
  return false;
}

// The demoted values a phi takes, directly or through phis that are not demoted, nearest
// first.
SmallVector<Instruction *>
valuesReachingPhi(PHINode &Phi, const MapVector<Instruction *, DemotedValue> &Demoted) {
  SmallVector<Instruction *> Values;
  SmallPtrSet<PHINode *, 8> Seen{&Phi};
  SmallVector<PHINode *> Phis{&Phi};
  for (size_t Next = 0; Next < Phis.size(); ++Next)
    for (Value *In : Phis[Next]->incoming_values()) {
      auto *V = dyn_cast<Instruction>(In);
      if (!V)
        continue;
      if (Demoted.contains(V)) {
        if (V != &Phi && !is_contained(Values, V))
          Values.push_back(V);
      } else if (auto *Through = dyn_cast<PHINode>(V); Through && Seen.insert(Through).second) {
        Phis.push_back(Through);
      }
    }
  return Values;
}

// Pairs each demoted phi with one demoted incoming value that can share its slot, as a
// register allocator coalesces a phi with its operand: `sum = phi [0, sum.next]` around a
// barrier then keeps one per-thread copy of the running sum, and the phi's store of
// `sum.next` back into the slot it was just read from folds away, instead of a copy from one
// per-thread array to another in every round. They can share when neither overwrites the
// other while it is still to be read: no read of the phi's slot after the incoming value is
// stored and before the loop comes round to the phi again, and no read of the incoming
// value's slot after the phi's store and before the value is computed again. An incoming value
// may also reach the phi through phis that are not demoted: a tree reduction's
// `if (tid < s) sum += sdata[tid + s]` makes the running sum a phi of the sum before the loop
// (through the loop-header phi, which lives within one region) and the sum after the step;
// sharing lets the threads that skip the step store their sum back where they read it. Returns
// the pairs, phi first; a value is in at most one.
SmallVector<std::pair<PHINode *, Instruction *>>
pairPhisWithIncoming(const MapVector<Instruction *, DemotedValue> &Demoted) {
  SmallVector<std::pair<PHINode *, Instruction *>> Pairs;
  SmallPtrSet<Instruction *, 16> Paired;
  for (auto &[Def, Info] : Demoted) {
    auto *Phi = dyn_cast<PHINode>(Def);
    if (!Phi || Paired.contains(Phi))
      continue;
    for (Instruction *V : valuesReachingPhi(*Phi, Demoted)) {
      auto It = Demoted.find(V);
      if (It == Demoted.end() || V == Phi || Paired.contains(V) || V->getType() != Phi->getType())
        continue;
      const BasicBlock *Header = Phi->getParent();
      const Instruction *VStore =
          isa<PHINode>(V) ? &*V->getParent()->getFirstInsertionPt() : V->getNextNode();
      if (readReachable(VStore, Header, Info.Crossing, nullptr) ||
          readReachable(nullptr, Header, It->second.Crossing, VStore))
        continue;
      Pairs.emplace_back(Phi, V);
      Paired.insert(Phi);
      Paired.insert(V);
      break;
    }
  }
  return Pairs;
}

// Blocks that can run after some site, i.e. reachable from a site block.
DenseSet<const BasicBlock *> blocksAfterSites(Function &F) {
  DenseSet<const BasicBlock *> After;
  SmallVector<const BasicBlock *> Worklist;
  for (BasicBlock &BB : F)
    if (isSiteBlock(BB))
      append_range(Worklist, successors(&BB));
  while (!Worklist.empty()) {
    const BasicBlock *BB = Worklist.pop_back_val();
    if (After.insert(BB).second)
      append_range(Worklist, successors(BB));
  }
  return After;
}

// True if the local's memory may be accessed after a site, or its address leaves the
// accesses we can follow.
bool localNeedsPerThreadStorage(AllocaInst &Local, const DenseSet<const BasicBlock *> &After) {
  SmallVector<Instruction *> Worklist{&Local};
  SmallPtrSet<Instruction *, 16> Seen;
  while (!Worklist.empty()) {
    Instruction *P = Worklist.pop_back_val();
    if (!Seen.insert(P).second)
      continue;
    for (Use &U : P->uses()) {
      auto *UserInst = cast<Instruction>(U.getUser());
      if (After.contains(useBlock(U)))
        return true;
      if (isa<GetElementPtrInst>(UserInst) || isa<PHINode>(UserInst) || isa<SelectInst>(UserInst) ||
          isa<CastInst>(UserInst)) {
        if (isa<PtrToIntInst>(UserInst))
          return true;
        Worklist.push_back(UserInst);
        continue;
      }
      if (isa<LoadInst>(UserInst))
        continue;
      if (auto *Store = dyn_cast<StoreInst>(UserInst)) {
        if (Store->getValueOperand() == P)
          return true; // the address itself is stored somewhere
        continue;
      }
      if (auto *CB = dyn_cast<CallBase>(UserInst)) {
        if (isa<IntrinsicInst>(CB) || CB->doesNotCapture(U.getOperandNo()))
          continue;
      }
      if (isa<AtomicRMWInst>(UserInst) || isa<AtomicCmpXchgInst>(UserInst)) {
        if (U.getOperandNo() == 0)
          continue;
      }
      return true;
    }
  }
  return false;
}

void demoteFunction(Function &F) {
  BasicBlock &Entry = F.getEntryBlock();
  BlockUniformity Uniformity(F);
  for (BasicBlock &BB : F) {
    Instruction *Term = BB.getTerminator();
    Value *Condition = nullptr;
    if (auto *Br = dyn_cast<BranchInst>(Term); Br && Br->isConditional())
      Condition = Br->getCondition();
    else if (auto *Switch = dyn_cast<SwitchInst>(Term))
      Condition = Switch->getCondition();
    if (Condition && Uniformity.isUniform(Condition))
      setMarker(*Term, kUniformBranchMD);
  }
  // Values first: demotion adds locals, which the second step then marks.
  auto CrossingUses = [](Instruction &I) {
    SmallVector<Use *> Crossing;
    for (Use &U : I.uses())
      if (useCrossesSite(I, U))
        Crossing.push_back(&U);
    return Crossing;
  };
  MapVector<Instruction *, SmallVector<Use *>> ToDemote;
  for (Instruction &I : instructions(F)) {
    if (isa<AllocaInst>(I) || I.getType()->isVoidTy())
      continue;
    if (SmallVector<Use *> Crossing = CrossingUses(I); !Crossing.empty())
      ToDemote[&I] = std::move(Crossing);
  }
  PhiStandIns StandIns(F);
  Recomputer R(StandIns, Uniformity);
  ToDemote.remove_if([&](auto &Entry) {
    if (!R.recomputable(*Entry.first))
      return false;
    recomputeAtUses(*Entry.first, Entry.second, R);
    return true;
  });
  // The copies read their leaves past sites: those leaves cross at more uses than before.
  for (const Value *Leaf : R.leaves()) {
    auto *I = const_cast<Instruction *>(cast<Instruction>(Leaf));
    ToDemote[I] = CrossingUses(*I);
  }
  MapVector<Instruction *, DemotedValue> Demoted;
  for (auto &[Def, Uses] : ToDemote) {
    readOfferedValues(*Def, Uses);
    if (Uses.empty())
      continue;
    bool Uniform = all_of(Uses, [&](Use *U) { return Uniformity.isUniformAt(*Def, *U); });
    Demoted[Def] = {Uses, Uniform};
  }
  // A shared slot is uniform when both values are.
  DenseMap<Instruction *, AllocaInst *> Slots;
  for (auto [Phi, V] : pairPhisWithIncoming(Demoted)) {
    AllocaInst *Shared = createSlot(
        *Phi, Entry, Demoted.find(Phi)->second.Uniform && Demoted.find(V)->second.Uniform);
    Slots[Phi] = Shared;
    Slots[V] = Shared;
  }
  for (auto &[Def, Info] : Demoted) {
    AllocaInst *&Slot = Slots[Def];
    if (!Slot)
      Slot = createSlot(*Def, Entry, Info.Uniform);
  }
  for (auto &[Def, Info] : Demoted)
    demote(*Def, Info.Crossing, Slots[Def]);

  DenseSet<const BasicBlock *> After = blocksAfterSites(F);
  for (Instruction &I : instructions(F))
    if (auto *Local = dyn_cast<AllocaInst>(&I); Local && !hasMarker(*Local, kPerThreadMD))
      if (localNeedsPerThreadStorage(*Local, After)) {
        setMarker(*Local, kPerThreadMD);
        ++NumPerThreadLocals;
      }
}

} // namespace

PreservedAnalyses DemoteCrossSiteValuesPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    if (!isolateSites(F))
      continue;
    demoteFunction(F);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
