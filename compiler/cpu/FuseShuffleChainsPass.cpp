// FuseShuffleChainsPass; see FuseShuffleChainsPass.h.
//
// Works on sites (NormalizeSitesPass's form) of region kernels, before their cross-site values
// are demoted. A chain is a run of full-mask shuffle sites by a constant distance or butterfly
// (kShuffleDistanceMD, kShuffleXorMD) in one block, the first offering any value (the root) and
// each later one offering a value computed from the root and the earlier shuffles' results by
// lane-wise arithmetic on values the whole block shares, with nothing between them that reads or
// writes memory. The chain qualifies when the block ends in a branch on `lane == C` (any
// thread-index test against a constant) whose taken side, entered from the chain's block
// alone, dominates every use of the chain's values outside it; or when the block goes on to one
// where other paths join it (`if (tid < 32) { tree } if (tid == 0) ...`), that writes nothing
// and ends in such a branch, and the join's phis of chain values are used only on the taken
// side (there, a thread that came by another path takes the phi's own value). Then:
//   - the first site stays: every thread offers the root, and its region starts there;
//   - the taken side begins with the chain as <32 x T> vectors: the root is the warp's 32
//     exchange slots (__drawbridge_site_warp_offers), each shuffle a shufflevector (a lane
//     whose source is outside its segment, or past the block's last thread, keeps its own
//     value, as readShuffleSource has it), each lane-wise instruction its vector form; each
//     value used outside is the thread's lane of its vector;
//   - the later sites go, with the code that packed their offers.
// Where the results are used by every lane instead (after the chain's last instruction, the
// later sites numbering two or more): lane 0 computes the vectors and stores each lane's values
// into that lane's slot of a per-thread local, and every lane loads its own past a full-mask
// __syncwarp site added after the chain.
// CUDA's 64-bit shuffle is two, of the value's halves: then the root is the 64-bit value, which
// the first site offers whole (a slot is 64 bits). A site offering a constant (the low half of
// `v << 32`, folded) joins the chain wherever it stands. Lanes past a partial warp's end hold
// whatever their slots held; no lane that exists reads them.
#include "FuseShuffleChainsPass.h"

#include "BlockUniformity.h"
#include "CpuAbi.h"
#include "KernelInfo.h"
#include "ThreadQueries.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace llvm::PatternMatch;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-fuse-shuffle-chains"

STATISTIC(NumChains, "Shuffle chains computed as warp vectors");
STATISTIC(NumFusedSites, "Shuffle sites removed by fusing them into a chain");

namespace drawbridge::cpu {
namespace {

// A chain whose results every lane uses trades its later sites for one warp barrier: it needs
// at least this many sites to gain one.
constexpr size_t kMinAllLanesSites = 3;

// How deep the lane-wise code from the lane id to a value the chain takes may go.
constexpr unsigned kMaxLaneValueDepth = 6;

// One shuffle site: `site_store(zext(bits of Input) | source << 32, -1)`, the site call, and the
// trunc of its result to the offered bits.
struct ChainSite {
  CallInst *Store = nullptr;
  CallInst *Site = nullptr;
  Instruction *Packed = nullptr; // the `or` packing the input and the source lane
  Instruction *Result = nullptr; // i32: the bits the thread received
  Value *Input = nullptr;        // float or i32, as the user offered it
  int64_t Distance = 0;          // lane + Distance, within Width (kShuffleDistanceMD)
  int64_t Xor = 0;               // lane ^ Xor (kShuffleXorMD), when not zero
  int64_t Width = kWarpSize;
};

std::optional<ChainSite> matchSite(CallInst &Site) {
  if (siteKindOf(Site) != SiteWarpGather)
    return std::nullopt;
  ChainSite S;
  S.Site = &Site;
  auto Operand = [](MDNode *MD, unsigned I) {
    return mdconst::extract<ConstantInt>(MD->getOperand(I))->getSExtValue();
  };
  if (MDNode *D = Site.getMetadata(kShuffleDistanceMD)) {
    S.Distance = Operand(D, 0);
    S.Width = Operand(D, 1);
  } else if (MDNode *X = Site.getMetadata(kShuffleXorMD)) {
    S.Xor = Operand(X, 0);
    S.Width = Operand(X, 1);
  } else {
    return std::nullopt;
  }
  auto *Store = dyn_cast_or_null<CallInst>(Site.getPrevNode());
  if (!Store || !isSiteStore(*Store) || !match(Store->getArgOperand(1), m_AllOnes()))
    return std::nullopt;
  // The offer's bits, zero-extended, or a constant (0 | source << 32 may be folded to the shl).
  Value *Bits = nullptr, *Low = nullptr;
  const APInt *Fixed = nullptr;
  Type *I32 = Type::getInt32Ty(Site.getContext());
  if (match(Store->getArgOperand(0), m_Shl(m_Value(), m_SpecificInt(32))))
    Bits = ConstantInt::get(I32, 0);
  else if (!match(Store->getArgOperand(0),
                  m_c_Or(m_Value(Low), m_Shl(m_Value(), m_SpecificInt(32)))))
    return std::nullopt;
  else if (match(Low, m_APInt(Fixed)) && Fixed->isIntN(32))
    Bits = ConstantInt::get(I32, Fixed->trunc(32));
  else if (!match(Low, m_ZExt(m_Value(Bits))) || !Bits->getType()->isIntegerTy(32))
    return std::nullopt;
  S.Store = Store;
  S.Packed = cast<Instruction>(Store->getArgOperand(0));
  S.Input = Bits;
  if (auto *Cast = dyn_cast<BitCastInst>(Bits); Cast && Cast->getSrcTy()->isFloatTy())
    S.Input = Cast->getOperand(0);
  if (!Site.hasOneUse())
    return std::nullopt;
  auto *Trunc = dyn_cast<TruncInst>(Site.user_back());
  if (!Trunc || !Trunc->getType()->isIntegerTy(32))
    return std::nullopt;
  S.Result = Trunc;
  return S;
}

bool feedsSiteStore(const User *U) {
  return any_of(U->users(), [](const User *V) { return isSiteStore(*cast<Instruction>(V)); });
}

// Whether I packs a shuffle's offer: the `or` of the offered bits, zero-extended, and the source
// lane (which may be a function of the lane) that a site store takes, or the zext or shl that
// only such an `or` takes.
bool isPackedOffer(const Instruction &I) {
  return feedsSiteStore(&I) || (!I.user_empty() && all_of(I.users(), feedsSiteStore));
}

bool isLaneWiseType(Type *Ty) { return Ty->isIntegerTy() || Ty->isFloatingPointTy(); }

// Intrinsics a vector instruction or two computes; the vector forms of the others (exp, log,
// sin, pow, ...) become a libm call per lane.
bool isCheapIntrinsic(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::fabs:
  case Intrinsic::fma:
  case Intrinsic::fmuladd:
  case Intrinsic::minnum:
  case Intrinsic::maxnum:
  case Intrinsic::minimum:
  case Intrinsic::maximum:
  case Intrinsic::copysign:
  case Intrinsic::sqrt:
  case Intrinsic::floor:
  case Intrinsic::ceil:
  case Intrinsic::trunc:
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::smin:
  case Intrinsic::smax:
  case Intrinsic::umin:
  case Intrinsic::umax:
  case Intrinsic::abs:
  case Intrinsic::ctpop:
  case Intrinsic::ctlz:
  case Intrinsic::cttz:
  case Intrinsic::bswap:
  case Intrinsic::bitreverse:
  case Intrinsic::fshl:
  case Intrinsic::fshr:
    return true;
  default:
    return false;
  }
}

// Instructions whose vector form computes each lane as the scalar form would, and that cannot
// trap on the values of lanes that do not exist.
bool isLaneWise(const Instruction &I) {
  if (!isLaneWiseType(I.getType()))
    return false;
  if (auto *BO = dyn_cast<BinaryOperator>(&I))
    return !BO->isIntDivRem();
  if (isa<UnaryOperator>(I) || isa<CmpInst>(I) || isa<SelectInst>(I))
    return true;
  if (auto *Cast = dyn_cast<CastInst>(&I))
    return isLaneWiseType(Cast->getSrcTy());
  if (auto *II = dyn_cast<IntrinsicInst>(&I))
    return isCheapIntrinsic(II->getIntrinsicID());
  return false;
}

struct Chain {
  SmallVector<ChainSite> Sites;
  SetVector<Instruction *> Members; // the sites' results and the lane-wise code, in order
  Value *Root = nullptr;
  // Values the lane-wise code takes that are functions of the lane id alone (with values the
  // whole block shares): `lane >= d` in a scan's `if (lane >= d) v += up`. Their vectors are
  // computed again from the lane ids 0 to 31.
  SmallPtrSet<Value *, 8> LaneValues;
  // The root is a 64-bit value, whose halves CUDA's 64-bit shuffle offers at two sites: the
  // first site offers all of it instead.
  bool WideRoot = false;
  BasicBlock *Lanes = nullptr; // the singled-out lanes' side of the branch
  // Where the chain's block and others meet before the branch, its phis of chain values.
  BasicBlock *Merge = nullptr;
  SetVector<PHINode *> MergePhis;
  // Every lane uses the results: lane 0 computes the vectors and stores each lane's values
  // into its frame slots, and after a warp barrier (Handout) each lane loads its own.
  bool AllLanes = false;
  bool SiteFollows = false;    // another site comes after the chain in its block
  Instruction *Last = nullptr; // the chain's last instruction in its block
  BasicBlock *Handout = nullptr;
  bool contains(Value *V) const { return V == Root || Members.contains(dyn_cast<Instruction>(V)); }
  // The code packing the offers of the sites that go (the `or` and what only it takes), which
  // goes with them.
  SmallPtrSet<Instruction *, 8> packing() const {
    SmallPtrSet<Instruction *, 8> Packing;
    SmallVector<Instruction *> Work;
    for (const ChainSite &S : drop_begin(Sites, WideRoot ? 0 : 1))
      Work.push_back(S.Packed);
    while (!Work.empty()) {
      Instruction *I = Work.pop_back_val();
      if (!Packing.insert(I).second)
        continue;
      for (Value *Op : I->operands())
        if (auto *Def = dyn_cast<Instruction>(Op); Def && !contains(Def) && isPackedOffer(*Def))
          Work.push_back(Def);
    }
    return Packing;
  }
  // The site whose result Member is, or null.
  const ChainSite *siteWithResult(const Instruction *Member) const {
    for (const ChainSite &S : Sites)
      if (S.Result == Member)
        return &S;
    return nullptr;
  }
  // Whether U uses a member outside the chain: by neither a member nor the packing of a site
  // that goes (Packing, from packing()).
  bool usedOutside(const Use &U, const SmallPtrSetImpl<Instruction *> &Packing) const {
    auto *User = cast<Instruction>(U.getUser());
    return !Members.contains(User) && !Packing.contains(User);
  }
  // Calls Check on each use of a member outside the chain: false when Check refuses one, or
  // when there is none.
  bool usesOutside(function_ref<bool(Instruction &Member, Use &U)> Check) const {
    SmallPtrSet<Instruction *, 8> Packing = packing();
    bool Used = false;
    for (Instruction *M : Members)
      for (Use &U : M->uses()) {
        if (!usedOutside(U, Packing))
          continue;
        if (!Check(*M, U))
          return false;
        Used = true;
      }
    return Used;
  }
};

// The 64-bit value (a double or a 64-bit integer) whose low or high half Input is.
Value *wideValueOfHalf(Value *Input) {
  Value *Wide = nullptr;
  if (!match(Input,
             m_Trunc(m_CombineOr(m_LShr(m_Value(Wide), m_SpecificInt(32)), m_Value(Wide)))) ||
      !Wide->getType()->isIntegerTy(64))
    return nullptr;
  if (auto *Cast = dyn_cast<BitCastInst>(Wide); Cast && Cast->getSrcTy()->isDoubleTy())
    return Cast->getOperand(0);
  return Wide;
}

class ChainFinder {
public:
  ChainFinder(Function &F) : DT(F), Uniformity(F) {}

  std::optional<Chain> find(CallInst &First) {
    std::optional<ChainSite> S1 = matchSite(First);
    if (!S1 || isa<Constant>(S1->Input))
      return std::nullopt;
    Chain C;
    C.Root = S1->Input;
    C.Sites.push_back(*S1);
    C.Members.insert(S1->Result);
    // A wide root's halves are lane-wise code from it, which may come before the first site.
    BasicBlock &BB = *First.getParent();
    Instruction *Start = First.getNextNode();
    if (Value *Wide = wideValueOfHalf(S1->Input)) {
      C.Root = Wide;
      C.WideRoot = true;
      auto *Def = dyn_cast<Instruction>(Wide);
      Start = Def && Def->getParent() == &BB ? Def->getNextNode() : &BB.front();
    }
    // A site offering a constant (the low half of `v << 32`) gives every lane that constant:
    // it joins the chain, even ahead of the first site, with nothing else between them.
    bool Begun = !C.WideRoot, Joined = false;
    // Something after the chain's first site touches memory: with the later sites gone, a thread
    // would run it after the threads before it ran the code past the chain.
    bool Touched = false;
    for (Instruction *I = Start; I && !I->isTerminator(); I = I->getNextNode()) {
      if (I == &First) {
        if (Touched)
          return std::nullopt;
        Begun = true;
        continue;
      }
      if (C.Members.contains(I) || isSiteStore(*I) || isa<PHINode>(I))
        continue;
      if (siteKindOf(*I)) {
        std::optional<ChainSite> S = matchSite(*cast<CallInst>(I));
        const bool Fixed = S && isa<Constant>(S->Input);
        if (!Begun && !Fixed) {
          if (Joined)
            return std::nullopt;
          continue; // its slots are not the ones the chain reads
        }
        if (!S || Touched || !(Fixed || C.contains(S->Input))) {
          C.SiteFollows = true; // the chain ends here
          break;
        }
        C.Sites.push_back(*S);
        C.Members.insert(S->Result);
        Joined = true;
        continue;
      }
      // A shuffle's packed offer (its value and source lane, which may be a function of the
      // lane) is the site's, not the chain's.
      if (isLaneWise(*I) && !isPackedOffer(*I) && takesChainOperands(*I, C)) {
        C.Members.insert(I);
        continue;
      }
      Touched |= (Begun || Joined) && (I->mayReadOrWriteMemory() || I->mayThrow());
    }
    if (C.WideRoot && !C.contains(S1->Input))
      return std::nullopt;
    if (C.Sites.size() < 2)
      return std::nullopt;
    if (!C.SiteFollows && findLanes(C, BB) && usedOnlyByLanes(C) && operandsReachLanes(C))
      return C;
    // Every lane's use: worth a warp barrier of its own only in place of two sites or more.
    C.Lanes = C.Merge = nullptr;
    C.MergePhis.clear();
    if (C.Sites.size() < kMinAllLanesSites || !usedPastChain(C))
      return std::nullopt;
    C.AllLanes = true;
    return C;
  }

private:
  // Whether V, outside the chain, is computed from the lane id by lane-wise code, with
  // constants and values the whole block shares (Depth bounds the expression); its
  // instructions join C.LaneValues.
  bool isLaneValue(Value *V, Chain &C, unsigned Depth = 0) const {
    if (C.LaneValues.contains(V))
      return true;
    auto *I = dyn_cast<Instruction>(V);
    if (!I || C.contains(I) || Depth > kMaxLaneValueDepth)
      return false;
    if (auto *II = dyn_cast<IntrinsicInst>(I);
        II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_laneid) {
      C.LaneValues.insert(I);
      return true;
    }
    if (!isLaneWise(*I) || isa<IntrinsicInst>(I))
      return false;
    bool FromLane = false;
    for (Use &U : I->operands()) {
      if (isa<Constant>(U.get()) || isa<Argument>(U.get()))
        continue;
      auto *Def = dyn_cast<Instruction>(U.get());
      if (Def && Uniformity.isUniformAt(*Def, U) && DT.dominates(Def, C.Sites.front().Site))
        continue;
      if (!isLaneValue(U.get(), C, Depth + 1))
        return false;
      FromLane = true;
    }
    if (FromLane)
      C.LaneValues.insert(I);
    return FromLane;
  }

  // Every operand is in the chain, the same for the whole block, or a function of the lane id
  // (isLaneValue), and one is in the chain.
  bool takesChainOperands(Instruction &I, Chain &C) const {
    bool Any = false;
    auto *II = dyn_cast<IntrinsicInst>(&I);
    for (Use &U : II ? II->args() : I.operands()) {
      if (C.contains(U.get())) {
        if (II && isVectorIntrinsicWithScalarOpAtArg(II->getIntrinsicID(), U.getOperandNo()))
          return false;
        Any = true;
        continue;
      }
      if (isa<Constant>(U.get()) || isa<Argument>(U.get()))
        continue;
      auto *Def = dyn_cast<Instruction>(U.get());
      if (!Def || !(Uniformity.isUniformAt(*Def, U) || isLaneValue(Def, C)))
        return false;
    }
    return Any;
  }

  // The side of BB's branch that a `X == C` test on the thread index takes, when BB is its only
  // way in.
  BasicBlock *singledOutLanes(BasicBlock &BB) const {
    auto *Br = dyn_cast<BranchInst>(BB.getTerminator());
    if (!Br || !Br->isConditional())
      return nullptr;
    auto *Cmp = dyn_cast<ICmpInst>(Br->getCondition());
    if (!Cmp || !Cmp->isEquality() || !isa<ConstantInt>(Cmp->getOperand(1)) ||
        !computedFromSpecialRegister(Cmp->getOperand(0), [](SpecialRegister R) {
          return R == SpecialRegister::ThreadIndex || R == SpecialRegister::LaneOrWarp;
        }))
      return nullptr;
    BasicBlock *Taken = Br->getSuccessor(Cmp->getPredicate() == CmpInst::ICMP_EQ ? 0 : 1);
    return Taken->getSinglePredecessor() == &BB ? Taken : nullptr;
  }

  // The singled-out lanes' side: of the branch that ends the chain's block, or of the one that
  // ends the block it goes on to (`if (tid < 32) { tree } if (tid == 0) out = sum`), where no
  // code writes memory.
  bool findLanes(Chain &C, BasicBlock &ChainBlock) const {
    if ((C.Lanes = singledOutLanes(ChainBlock)))
      return true;
    auto *Br = dyn_cast<BranchInst>(ChainBlock.getTerminator());
    if (!Br || Br->isConditional() || Br->getSuccessor(0) == &ChainBlock)
      return false;
    BasicBlock *Merge = Br->getSuccessor(0);
    for (Instruction &I : *Merge)
      if (I.mayWriteToMemory() || I.mayThrow() || siteKindOf(I))
        return false;
    C.Merge = Merge;
    return (C.Lanes = singledOutLanes(*Merge));
  }

  // The shared values the lane-wise code takes are there on the singled-out side: through a
  // join, one computed in the chain's block is not.
  bool operandsReachLanes(const Chain &C) const {
    for (Instruction *Member : C.Members) {
      if (C.siteWithResult(Member))
        continue; // its vector comes from the slots
      for (Value *Op : Member->operands())
        if (auto *Def = dyn_cast<Instruction>(Op);
            Def && !C.contains(Def) && !C.LaneValues.contains(Def) && !DT.dominates(Def, C.Lanes))
          return false;
    }
    return true;
  }

  // Whether a lane's slot holds a value of M's type as one element of a vector in memory: a
  // bool goes as a byte, and other types must fill whole bytes.
  static bool handsOut(const Instruction &M) {
    Type *Ty = M.getType();
    return Ty->isIntegerTy(1) || M.getDataLayout().getTypeSizeInBits(Ty) % 8 == 0;
  }

  // Every use of the chain's values outside it comes after the chain's last instruction.
  bool usedPastChain(Chain &C) const {
    for (Instruction &I : *C.Sites.front().Site->getParent())
      if (C.Members.contains(&I) ||
          any_of(C.Sites, [&](const ChainSite &S) { return S.Site == &I; }))
        C.Last = &I;
    return C.usesOutside(
        [&](Instruction &M, Use &U) { return DT.dominates(C.Last, U) && handsOut(M); });
  }

  bool dominatedByLanes(const Chain &C, const Use &U) const {
    auto *User = cast<Instruction>(U.getUser());
    BasicBlock *At = User->getParent();
    if (auto *Phi = dyn_cast<PHINode>(User))
      At = Phi->getIncomingBlock(U);
    return DT.dominates(C.Lanes, At);
  }

  bool usedOnlyByLanes(Chain &C) const {
    return C.usesOutside([&](Instruction &, Use &U) {
      auto *Phi = dyn_cast<PHINode>(U.getUser());
      if (!Phi || Phi->getParent() != C.Merge)
        return dominatedByLanes(C, U);
      C.MergePhis.insert(Phi);
      return all_of(Phi->uses(), [&](const Use &PU) { return dominatedByLanes(C, PU); });
    });
  }

  DominatorTree DT;
  BlockUniformity Uniformity;
};

// Emits the chain's vectors at the start of its singled-out side.
class ChainVectorizer {
public:
  ChainVectorizer(Chain &C) : C(C), B(&*C.Lanes->getFirstInsertionPt()), M(*C.Lanes->getModule()) {}

  void run() {
    const ChainSite &First = C.Sites.front();
    BasicBlock *ChainBlock = First.Site->getParent();
    // Through a merge, the site and whether the thread came from the chain are phis.
    Value *Released = First.Site, *FromChain = nullptr;
    if (C.Merge) {
      IRBuilder<> AtMerge(&C.Merge->front());
      PHINode *Site = AtMerge.CreatePHI(First.Site->getType(), 2, "chain.site");
      PHINode *Came = AtMerge.CreatePHI(AtMerge.getInt1Ty(), 2, "from.chain");
      for (BasicBlock *Pred : predecessors(C.Merge)) {
        Site->addIncoming(Pred == ChainBlock ? static_cast<Value *>(First.Site)
                                             : PoisonValue::get(First.Site->getType()),
                          Pred);
        Came->addIncoming(AtMerge.getInt1(Pred == ChainBlock), Pred);
      }
      Released = Site;
      FromChain = Came;
    }
    Value *Offers = B.CreateCall(getSiteWarpOffersFunction(M), {Released}, "warp.offers");
    Value *Slots = B.CreateAlignedLoad(FixedVectorType::get(B.getInt64Ty(), kWarpSize), Offers,
                                       Align(8), "warp.slots");
    Value *Bits = C.WideRoot ? Slots : B.CreateTrunc(Slots, vectorOf(B.getInt32Ty()));
    Vectors[C.Root] = B.CreateBitCast(Bits, vectorOf(C.Root->getType()));
    Left = B.CreateVectorSplat(kWarpSize, lanesLeft(), "warp.lanes");
    Value *Lane =
        C.AllLanes ? nullptr : B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}, {});

    SmallPtrSet<Instruction *, 8> Packing = C.packing();
    for (Instruction *Member : C.Members) {
      auto Outside = [&](Use &U) {
        return C.usedOutside(U, Packing) && !C.MergePhis.contains(dyn_cast<PHINode>(U.getUser()));
      };
      if (none_of(Member->uses(), Outside))
        continue;
      Value *Own = C.AllLanes ? handOut(*Member) : B.CreateExtractElement(vector(Member), Lane);
      Member->replaceUsesWithIf(Own, Outside);
    }
    // A merge phi is the chain's value where the thread came from the chain.
    for (PHINode *Phi : C.MergePhis) {
      Value *Own = B.CreateExtractElement(vector(Phi->getIncomingValueForBlock(ChainBlock)), Lane);
      Value *Picked = B.CreateSelect(FromChain, Own, Phi);
      Phi->replaceUsesWithIf(Picked, [&](Use &U) { return U.getUser() != Picked; });
      Phi->setIncomingValueForBlock(ChainBlock, PoisonValue::get(Phi->getType()));
    }
  }

private:
  Type *vectorOf(Type *Ty) { return FixedVectorType::get(Ty, kWarpSize); }

  // Lane 0 stores the warp's values of Member into the frame slots of a per-thread local (the
  // slots of a warp's threads are consecutive), the lanes that exist only; past the warp
  // barrier each lane loads its own. A bool goes as a byte: a vector of i1 is packed in memory.
  Value *handOut(Instruction &Member) {
    Type *Ty = Member.getType(), *SlotTy = Ty->isIntegerTy(1) ? B.getInt8Ty() : Ty;
    const DataLayout &DL = M.getDataLayout();
    Function &F = *Member.getFunction();
    IRBuilder<> AtEntry(&*F.getEntryBlock().getFirstInsertionPt());
    AllocaInst *Slot = AtEntry.CreateAlloca(SlotTy, nullptr, Member.getName() + ".handout");
    Slot->setAlignment(DL.getABITypeAlign(SlotTy));
    setMarker(*Slot, kPerThreadMD);
    if (!Exists)
      Exists = B.CreateICmpULT(laneIds(), Left, "lane.exists");
    B.CreateMaskedStore(B.CreateZExt(vector(&Member), vectorOf(SlotTy)), Slot, Slot->getAlign(),
                        Exists);
    IRBuilder<> AtHandout(C.Handout->getTerminator());
    Value *Own =
        AtHandout.CreateAlignedLoad(SlotTy, Slot, Slot->getAlign(), Member.getName() + ".own");
    return AtHandout.CreateTrunc(Own, Ty);
  }

  // Threads from the warp's first to the block's last: a lane at or past it does not exist.
  Value *lanesLeft() {
    auto Read = [&](Intrinsic::ID ID) { return B.CreateIntrinsic(ID, {}, {}); };
    Value *X = Read(Intrinsic::nvvm_read_ptx_sreg_tid_x);
    Value *Y = Read(Intrinsic::nvvm_read_ptx_sreg_tid_y);
    Value *Z = Read(Intrinsic::nvvm_read_ptx_sreg_tid_z);
    Value *DX = Read(Intrinsic::nvvm_read_ptx_sreg_ntid_x);
    Value *DY = Read(Intrinsic::nvvm_read_ptx_sreg_ntid_y);
    Value *DZ = Read(Intrinsic::nvvm_read_ptx_sreg_ntid_z);
    Value *Linear = B.CreateAdd(X, B.CreateMul(DX, B.CreateAdd(Y, B.CreateMul(DY, Z))));
    Value *Threads = B.CreateMul(B.CreateMul(DX, DY), DZ);
    return B.CreateSub(Threads, B.CreateAnd(Linear, B.getInt32(~(kWarpSize - 1))));
  }

  Value *vector(Value *V) {
    if (Value *Known = Vectors.lookup(V))
      return Known;
    if (isa<Constant>(V))
      return B.CreateVectorSplat(kWarpSize, V); // a constant offer
    auto *I = cast<Instruction>(V);
    Value *Result = nullptr;
    if (const ChainSite *S = C.siteWithResult(I))
      Result = shuffle(*S);
    else if (auto *II = dyn_cast<IntrinsicInst>(I);
             II && II->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_laneid)
      Result = laneIds();
    else
      Result = laneWise(*I);
    Vectors[V] = Result;
    return Result;
  }

  // What every lane receives: its source's offer where the source is in its segment and in
  // the block, its own offer elsewhere.
  Value *shuffle(const ChainSite &S) {
    Value *In = B.CreateBitCast(vector(S.Input), vectorOf(B.getInt32Ty()));
    SmallVector<int> Source(kWarpSize);
    SmallVector<Constant *> SourceLanes;
    for (int Lane = 0; Lane < int(kWarpSize); ++Lane) {
      const int64_t InSegment = Lane & (S.Width - 1);
      bool Valid =
          S.Xor || (S.Distance > 0 ? InSegment < S.Width - S.Distance : InSegment >= -S.Distance);
      Source[Lane] = !Valid ? Lane : S.Xor ? Lane ^ int(S.Xor) : Lane + int(S.Distance);
      SourceLanes.push_back(B.getInt32(Source[Lane]));
    }
    Value *Moved = B.CreateShuffleVector(In, Source, "warp.shuffle");
    if (!S.Xor && S.Distance < 0)
      return Moved; // the source is below the lane: it exists
    Value *Exists = B.CreateICmpULT(ConstantVector::get(SourceLanes), Left);
    return B.CreateSelect(Exists, Moved, In);
  }

  Value *laneWise(Instruction &I) {
    auto *II = dyn_cast<IntrinsicInst>(&I);
    SmallVector<Value *> Ops;
    for (Use &U : II ? II->args() : I.operands()) {
      const bool Lanes = C.contains(U.get()) || C.LaneValues.contains(U.get());
      bool KeepScalar =
          !Lanes &&
          ((isa<SelectInst>(I) && U.getOperandNo() == 0) ||
           (II && isVectorIntrinsicWithScalarOpAtArg(II->getIntrinsicID(), U.getOperandNo())));
      Ops.push_back(Lanes        ? vector(U.get())
                    : KeepScalar ? U.get()
                                 : B.CreateVectorSplat(kWarpSize, U.get()));
    }
    Value *Result = nullptr;
    if (auto *BO = dyn_cast<BinaryOperator>(&I))
      Result = B.CreateBinOp(BO->getOpcode(), Ops[0], Ops[1]);
    else if (auto *UO = dyn_cast<UnaryOperator>(&I))
      Result = B.CreateUnOp(UO->getOpcode(), Ops[0]);
    else if (auto *Cmp = dyn_cast<CmpInst>(&I))
      Result = B.CreateCmp(Cmp->getPredicate(), Ops[0], Ops[1]);
    else if (isa<SelectInst>(I))
      Result = B.CreateSelect(Ops[0], Ops[1], Ops[2]);
    else if (auto *Cast = dyn_cast<CastInst>(&I))
      Result = B.CreateCast(Cast->getOpcode(), Ops[0], vectorOf(I.getType()));
    else
      Result = vectorIntrinsic(cast<IntrinsicInst>(I), Ops);
    if (auto *New = dyn_cast<Instruction>(Result))
      New->copyIRFlags(&I);
    return Result;
  }

  Value *laneIds() {
    SmallVector<Constant *> Lanes;
    for (unsigned Lane = 0; Lane < kWarpSize; ++Lane)
      Lanes.push_back(B.getInt32(Lane));
    return ConstantVector::get(Lanes);
  }

  Value *vectorIntrinsic(IntrinsicInst &II, ArrayRef<Value *> Ops) {
    Intrinsic::ID ID = II.getIntrinsicID();
    SmallVector<Type *> Overloads;
    if (isVectorIntrinsicWithOverloadTypeAtArg(ID, -1))
      Overloads.push_back(vectorOf(II.getType()));
    for (unsigned I = 0; I < Ops.size(); ++I)
      if (isVectorIntrinsicWithOverloadTypeAtArg(ID, I))
        Overloads.push_back(Ops[I]->getType());
    return B.CreateIntrinsic(ID, Overloads, Ops);
  }

  Chain &C;
  IRBuilder<> B;
  Module &M;
  Value *Left = nullptr;   // lanes from the warp's first to the block's end, splat
  Value *Exists = nullptr; // which lanes exist, for the handouts' masked stores
  DenseMap<Value *, Value *> Vectors;
};

// The later sites go, and with them the code that computed their offers and results; the first
// offers a wide root whole.
void removeLaterSites(Chain &C) {
  SmallVector<WeakTrackingVH> Dead;
  if (C.WideRoot) {
    ChainSite &First = C.Sites.front();
    IRBuilder<> B(First.Store);
    First.Store->setArgOperand(0, B.CreateBitCast(C.Root, B.getInt64Ty()));
    Dead.push_back(First.Packed);
  }
  for (ChainSite &S : drop_begin(C.Sites)) {
    Dead.push_back(S.Packed);
    S.Site->replaceAllUsesWith(PoisonValue::get(S.Site->getType()));
    S.Site->eraseFromParent();
    S.Store->eraseFromParent();
  }
  for (Instruction *Member : C.Members)
    Dead.push_back(Member);
  RecursivelyDeleteTriviallyDeadInstructionsPermissive(Dead);
}

// Past the chain's last instruction: lane 0 goes through a block of its own (the chain's
// Lanes), then every lane to a warp barrier, after which the rest of the block runs.
void addHandout(Chain &C) {
  BasicBlock *ChainBlock = C.Last->getParent();
  Module &M = *ChainBlock->getModule();
  LLVMContext &Ctx = M.getContext();
  Function *F = ChainBlock->getParent();
  BasicBlock *Rest = ChainBlock->splitBasicBlock(C.Last->getNextNode(), "chain.rest");
  C.Lanes = BasicBlock::Create(Ctx, "chain.lane0", F, Rest);
  C.Handout = BasicBlock::Create(Ctx, "chain.handout", F, Rest);
  ChainBlock->getTerminator()->eraseFromParent();
  IRBuilder<> B(ChainBlock);
  Value *Lane = B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}, {});
  B.CreateCondBr(B.CreateICmpEQ(Lane, B.getInt32(0)), C.Lanes, C.Handout);
  IRBuilder<>(C.Lanes).CreateBr(C.Handout);
  B.SetInsertPoint(C.Handout);
  B.CreateCall(getSiteStoreFunction(M), {B.getInt64(0), B.getInt32(~0u)});
  B.CreateCall(getSiteFunction(M), {B.getInt32(SiteWarpSync)});
  B.CreateBr(Rest);
}

// Fuses the first chain found; the analyses are rebuilt for the next.
bool fuseOneChain(Function &F) {
  ChainFinder Finder(F);
  for (BasicBlock &BB : F)
    for (Instruction &I : BB)
      if (auto *Site = dyn_cast<CallInst>(&I); Site && siteKindOf(*Site))
        if (std::optional<Chain> C = Finder.find(*Site)) {
          if (C->AllLanes)
            addHandout(*C);
          ++NumChains;
          NumFusedSites += C->Sites.size() - 1;
          ChainVectorizer(*C).run();
          removeLaterSites(*C);
          return true;
        }
  return false;
}

} // namespace

PreservedAnalyses FuseShuffleChainsPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M)
    if (isKernel(F) && hasSiteOfKind(F, SiteWarpGather))
      while (fuseOneChain(F))
        Changed = true;
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
