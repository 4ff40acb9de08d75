// AvoidSlowMaskedStoresPass; see AvoidSlowMaskedStoresPass.h.
//
// Whether masked stores are cheap: LLVM's x86 cost model does not tell AVX2's microcoded ones
// apart, but its compress stores of 32-bit lanes need AVX-512F, whose masked stores are single
// instructions, so a target where one is legal keeps its masked stores.
//
// A constant mask's runs of set lanes are stored a power-of-two piece at a time, largest
// first (6 lanes: 4 then 2; one lane: a scalar store), each at its lanes' offset with the
// alignment that offset leaves. A mask that is not constant is tested as an integer of one
// bit a lane: all ones, a plain store of the whole vector; zero, nothing; else the masked
// store. Only masks whose values come from no load inside a loop around the store are
// tested: a mask computed from data (`if (in[i] > 0) out[i] = ...`) would make the branch
// mispredict where the masked store costs what it costs.
#include "AvoidSlowMaskedStoresPass.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

namespace drawbridge::cpu {
namespace {

struct MaskedStore {
  IntrinsicInst *Call;
  Value *Data, *Pointer, *Mask;
  Align Alignment;
  FixedVectorType *Ty;
};

std::optional<MaskedStore> asMaskedStore(Instruction &I) {
  auto *Call = dyn_cast<IntrinsicInst>(&I);
  if (!Call || Call->getIntrinsicID() != Intrinsic::masked_store)
    return std::nullopt;
  auto *Ty = dyn_cast<FixedVectorType>(Call->getArgOperand(0)->getType());
  if (!Ty)
    return std::nullopt;
  return MaskedStore{Call,
                     Call->getArgOperand(0),
                     Call->getArgOperand(1),
                     Call->getArgOperand(3),
                     cast<ConstantInt>(Call->getArgOperand(2))->getAlignValue(),
                     Ty};
}

// Plain stores of the set lanes of S's constant mask.
void storeSetLanes(const MaskedStore &S, const Constant &Mask, const DataLayout &DL) {
  IRBuilder<> B(S.Call);
  Type *Element = S.Ty->getElementType();
  const uint64_t ElementBytes = DL.getTypeStoreSize(Element);
  const unsigned Lanes = S.Ty->getNumElements();
  auto IsSet = [&](unsigned Lane) {
    Constant *Bit = Mask.getAggregateElement(Lane);
    return Bit && Bit->isOneValue();
  };
  for (unsigned Lane = 0; Lane < Lanes;) {
    if (!IsSet(Lane)) {
      ++Lane;
      continue;
    }
    unsigned Run = 0;
    while (Lane + Run < Lanes && IsSet(Lane + Run))
      ++Run;
    for (unsigned Piece = llvm::bit_floor(Run); Run; Piece = llvm::bit_floor(Run)) {
      Value *At = Lane ? B.CreateConstInBoundsGEP1_64(Element, S.Pointer, Lane) : S.Pointer;
      Align Alignment = commonAlignment(S.Alignment, Lane * ElementBytes);
      Value *Part;
      if (Piece == 1) {
        Part = B.CreateExtractElement(S.Data, B.getInt64(Lane));
      } else {
        SmallVector<int, 16> Indices;
        for (unsigned K = 0; K < Piece; ++K)
          Indices.push_back(static_cast<int>(Lane + K));
        Part = B.CreateShuffleVector(S.Data, Indices);
      }
      B.CreateAlignedStore(Part, At, Alignment)->copyMetadata(*S.Call);
      Lane += Piece;
      Run -= Piece;
    }
  }
  S.Call->eraseFromParent();
}

// Whether Mask's value comes from no load inside a loop that holds At.
bool isPredictableMask(Value *Mask, const Instruction &At, const LoopInfo &LI) {
  const Loop *L = LI.getLoopFor(At.getParent());
  if (!L)
    return true;
  SmallVector<Value *, 16> Work{Mask};
  SmallPtrSet<Value *, 32> Seen;
  while (!Work.empty()) {
    auto *I = dyn_cast<Instruction>(Work.pop_back_val());
    if (!I || !Seen.insert(I).second || !L->contains(I))
      continue;
    if (I->mayReadFromMemory() || Seen.size() > 64)
      return false;
    append_range(Work, I->operands());
  }
  return true;
}

// if (all lanes) store; else if (any lane) masked store.
void branchOnMask(const MaskedStore &S) {
  IRBuilder<> B(S.Call);
  const unsigned Lanes = S.Ty->getNumElements();
  Value *Bits = B.CreateBitCast(S.Mask, B.getIntNTy(Lanes), "mask.bits");
  Value *All = B.CreateICmpEQ(Bits, ConstantInt::getAllOnesValue(Bits->getType()), "mask.all");
  Instruction *ThenAll, *ElseSome;
  SplitBlockAndInsertIfThenElse(All, S.Call, &ThenAll, &ElseSome);
  ThenAll->getParent()->setName("mask.whole");
  ElseSome->getParent()->setName("mask.part");
  B.SetInsertPoint(ThenAll);
  StoreInst *Whole = B.CreateAlignedStore(S.Data, S.Pointer, S.Alignment);
  Whole->copyMetadata(*S.Call);
  B.SetInsertPoint(ElseSome);
  Value *Any = B.CreateICmpNE(Bits, ConstantInt::get(Bits->getType(), 0), "mask.any");
  Instruction *Some = SplitBlockAndInsertIfThen(Any, ElseSome, false);
  Some->getParent()->setName("mask.some");
  S.Call->moveBefore(Some);
}

} // namespace

PreservedAnalyses AvoidSlowMaskedStoresPass::run(Function &F, FunctionAnalysisManager &FAM) {
  const TargetTransformInfo &TTI = FAM.getResult<TargetIRAnalysis>(F);
  if (TTI.isLegalMaskedCompressStore(FixedVectorType::get(Type::getInt32Ty(F.getContext()), 16),
                                     Align(4)))
    return PreservedAnalyses::all();
  SmallVector<MaskedStore> Stores;
  for (Instruction &I : instructions(F))
    if (auto S = asMaskedStore(I))
      Stores.push_back(*S);
  if (Stores.empty())
    return PreservedAnalyses::all();
  // Which masks a branch predicts, found before any branch changes the loops.
  const LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  SmallVector<bool> Predictable;
  for (const MaskedStore &S : Stores)
    Predictable.push_back(isPredictableMask(S.Mask, *S.Call, LI));
  const DataLayout &DL = F.getDataLayout();
  bool Branched = false;
  for (auto [S, Branch] : zip(Stores, Predictable)) {
    if (auto *Mask = dyn_cast<Constant>(S.Mask)) {
      storeSetLanes(S, *Mask, DL);
    } else if (Branch) {
      branchOnMask(S);
      Branched = true;
    }
  }
  if (Branched)
    return PreservedAnalyses::none();
  PreservedAnalyses PA;
  PA.preserveSet<CFGAnalyses>();
  return PA;
}

} // namespace drawbridge::cpu
