// ProtectSameThreadOrderPass; see ProtectSameThreadOrderPass.h.
#include "ProtectSameThreadOrderPass.h"

#include "ScopeBlockMemory.h"
#include "ThreadLoops.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/LoopAccessAnalysis.h"
#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/MemoryLocation.h"

#include <numeric>
#include <optional>

using namespace llvm;

#define DEBUG_TYPE "drawbridge-protect-same-thread-order"

STATISTIC(NumUnmarked, "Thread loops no longer marked parallel to keep a thread's access order");

namespace drawbridge::cpu {
namespace {

// Larger constants are left to alias analysis (the proof below assumes the byte offsets
// between two accesses stay far from wrapping).
constexpr int64_t kMaxProvedStep = int64_t(1) << 32;

struct Access {
  Instruction *I;
  bool Writes;
  bool Strided;    // a constant stride other than one element, which the vectoriser may group
  bool ThreadSlot; // through the runtime's per-thread context arrays
  bool BlockScope; // through shared memory or a kernel parameter (ScopeBlockMemory)
};

// The accesses of one innermost thread loop and what can tell whether two of them overlap.
class HazardSearch {
public:
  HazardSearch(Loop &L, LoopInfo &LI, ScalarEvolution &SE, AAResults &AA)
      : L(L), SE(SE), AA(AA), DL(L.getHeader()->getDataLayout()) {
    collectAccesses(LI);
  }

  // Whether a group could move an access past a store of the same thread it may depend on.
  bool found() const {
    for (auto [Index, Store] : enumerate(Accesses)) {
      if (!Store.Writes)
        continue;
      for (const Access &Later : drop_begin(Accesses, Index + 1))
        if ((Store.Strided || Later.Strided) && mayOverlap(Store, Later))
          return true;
    }
    return false;
  }

private:
  // The loop's loads and stores in the order the vectoriser's interleaved-access analysis
  // visits them (the loop's blocks in reverse post-order).
  void collectAccesses(LoopInfo &LI) {
    PredicatedScalarEvolution PSE(SE, L);
    LoopBlocksDFS DFS(&L);
    DFS.perform(&LI);
    for (BasicBlock *BB : make_range(DFS.beginRPO(), DFS.endRPO()))
      for (Instruction &I : *BB) {
        Value *Pointer = getLoadStorePointerOperand(&I);
        if (!Pointer)
          continue;
        // Assume: strides the vectoriser proves only under run-time predicates count too.
        const int64_t Stride = getPtrStride(PSE, getLoadStoreType(&I), Pointer, &L,
                                            DenseMap<Value *, const SCEV *>(), /*Assume=*/true,
                                            /*ShouldCheckWrap=*/false)
                                   .value_or(0);
        Accesses.push_back({&I, isa<StoreInst>(I), Stride > 1 || Stride < -1,
                            isThreadSlotAddress(Pointer), hasBlockMemoryScope(I)});
      }
  }

  // Whether A and B can reach the same bytes in one iteration, as far as the runtime's layout,
  // their addresses' evolution and alias analysis tell.
  bool mayOverlap(const Access &A, const Access &B) const {
    if ((A.ThreadSlot && B.BlockScope) || (A.BlockScope && B.ThreadSlot))
      return false;
    if (neverMeet(A, B))
      return false;
    return !AA.isNoAlias(MemoryLocation::get(A.I), MemoryLocation::get(B.I));
  }

  // Whether B's address minus A's, from one base, is never within the two accesses' sizes of
  // zero in one iteration, by its residue: the difference is C + k1*x1 + ... + S*i at
  // iteration i, for constants C, k1... and S and loop-invariant x1..., so it is C modulo the
  // greatest common divisor G of k1... and S (assuming no 64-bit wrap on the way, as address
  // arithmetic within one object has none). The scan's 32-byte chunk of a thread's items,
  // shared + 32t, against the 4-byte sums beside it, shared + 8192 + 4t, differ by
  // 8192 - 28t, which is 16 modulo 28, never in (-4, 4); alias analysis gives up on such a pair
  // once the two scales no longer divide each other. With no invariant terms the difference
  // also moves one way only, from C.
  bool neverMeet(const Access &A, const Access &B) const {
    const SCEV *AddressA = SE.getSCEV(getLoadStorePointerOperand(A.I));
    const SCEV *AddressB = SE.getSCEV(getLoadStorePointerOperand(B.I));
    if (SE.getPointerBase(AddressA) != SE.getPointerBase(AddressB))
      return false;
    const SCEV *Start = SE.getMinusSCEV(AddressB, AddressA);
    int64_t Step = 0;
    if (auto *Rec = dyn_cast<SCEVAddRecExpr>(Start)) {
      auto *Constant = dyn_cast<SCEVConstant>(Rec->getStepRecurrence(SE));
      if (Rec->getLoop() != &L || !Rec->isAffine() || !Constant ||
          Constant->getAPInt().abs().uge(kMaxProvedStep))
        return false;
      Step = Constant->getAPInt().getSExtValue();
      Start = Rec->getStart();
    }
    std::optional<std::pair<int64_t, uint64_t>> Residue = constantAndDivisor(Start);
    if (!Residue)
      return false;
    const auto [C, TermsDivisor] = *Residue;
    const uint64_t Divisor = std::gcd(TermsDivisor, uint64_t(Step < 0 ? -Step : Step));
    const int64_t SizeA = DL.getTypeStoreSize(getLoadStoreType(A.I)).getFixedValue();
    const int64_t SizeB = DL.getTypeStoreSize(getLoadStoreType(B.I)).getFixedValue();
    // Whether the difference can be V: V is C modulo the divisor, and, with no invariant terms,
    // lies the way the difference moves from C.
    auto CanBe = [&](int64_t V) {
      if (Divisor == 0)
        return V == C;
      if ((V - C) % int64_t(Divisor) != 0)
        return false;
      return TermsDivisor != 0 || (V - C) / Step >= 0;
    };
    // The bytes overlap where the difference lies in (-SizeB, SizeA).
    for (int64_t V = 1 - SizeB; V < SizeA; ++V)
      if (CanBe(V))
        return false;
    return true;
  }

  // An invariant offset as C + k1*x1 + ...: C and the greatest common divisor of k1... (0
  // without such terms); none where a term has no constant factor or a constant is too large.
  static std::optional<std::pair<int64_t, uint64_t>> constantAndDivisor(const SCEV *Offset) {
    auto Small = [](const APInt &Value) {
      return Value.getSignificantBits() <= 63 && Value.abs().ult(kMaxProvedStep);
    };
    int64_t C = 0;
    uint64_t Divisor = 0;
    ArrayRef<const SCEV *> Terms(Offset);
    if (auto *Sum = dyn_cast<SCEVAddExpr>(Offset))
      Terms = Sum->operands();
    for (const SCEV *Term : Terms) {
      if (auto *Constant = dyn_cast<SCEVConstant>(Term)) {
        if (!Small(Constant->getAPInt()))
          return std::nullopt;
        C += Constant->getAPInt().getSExtValue();
        continue;
      }
      auto *Product = dyn_cast<SCEVMulExpr>(Term);
      auto *Factor = Product ? dyn_cast<SCEVConstant>(Product->getOperand(0)) : nullptr;
      if (!Factor || !Small(Factor->getAPInt()))
        return std::nullopt;
      Divisor = std::gcd(Divisor, Factor->getAPInt().abs().getZExtValue());
    }
    return std::make_pair(C, Divisor);
  }

  Loop &L;
  ScalarEvolution &SE;
  AAResults &AA;
  const DataLayout &DL;
  SmallVector<Access> Accesses;
};

} // namespace

PreservedAnalyses ProtectSameThreadOrderPass::run(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  AAResults &AA = FAM.getResult<AAManager>(F);
  for (Loop *L : threadLoopsInnerFirst(LI)) {
    if (!L->isInnermost() || !HazardSearch(*L, LI, SE, AA).found())
      continue;
    L->setLoopID(makePostTransformationMetadata(F.getContext(), L->getLoopID(),
                                                {"llvm.loop.parallel_accesses"}, {}));
    ++NumUnmarked;
  }
  // Loop metadata only: every analysis still holds.
  return PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
