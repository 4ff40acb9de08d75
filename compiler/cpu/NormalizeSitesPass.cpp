// NormalizeSitesPass: barriers and warp collectives as synchronisation sites.
//
// A site is where a thread stops until the runtime releases the group it belongs to (the
// block for barriers, the warp for warp collectives), having first written its exchange slots.
// Every collective CUDA offers fits one of a few exchange kinds (cpu_abi::SiteKind):
//   __syncthreads, bar.sync               BlockSync
//   __syncthreads_count/and/or            BlockCount   (count and participants)
//   __syncwarp                            WarpSync
//   __shfl*_sync                          WarpGather   (source lane computed here, per PTX)
//   __ballot/__any/__all/__uni_sync       WarpVote     (ballot and participants)
//   __activemask                          WarpActiveMask
//   __match_any_sync / __match_all_sync   WarpMatchAny / WarpMatchAll
//   __reduce_*_sync                       WarpReduce*
// The shuffle source lane follows the PTX ISA's definition of shfl.sync exactly (segment mask
// and clamp in operand c; an out-of-range source yields the thread's own value), so `width`
// and out-of-range lanes behave as on NVIDIA hardware. A shuffle up or down by a constant
// within segments of a power-of-two width says so (kShuffleDistanceMD), and a butterfly by a
// constant power of two (kShuffleXorMD), so that its region can read the source's slot at a
// fixed distance.
#include "NormalizeSitesPass.h"

#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-normalize-sites"

STATISTIC(NumSites, "Synchronisation sites created");

namespace drawbridge::cpu {
namespace {

enum class ShuffleMode { Idx, Up, Down, Bfly };

class SiteBuilder {
public:
  SiteBuilder(Module &M, CallInst &CI)
      : B(&CI), SiteStore(getSiteStoreFunction(M)), Site(getSiteFunction(M)) {}

  // Emits the site and returns the 64-bit value the runtime exchanged.
  Value *site(SiteKind Kind, Value *In, Value *Aux) {
    ++NumSites;
    B.CreateCall(SiteStore, {B.CreateZExtOrTrunc(In, B.getInt64Ty()),
                             B.CreateZExtOrTrunc(Aux, B.getInt32Ty())});
    return B.CreateCall(Site, {B.getInt32(Kind)});
  }

  // A plain barrier exchanges nothing, so it fills no slots.
  Value *barrier() {
    ++NumSites;
    return B.CreateCall(Site, {B.getInt32(SiteBlockSync)});
  }

  Value *low32(Value *V) { return B.CreateTrunc(V, B.getInt32Ty()); }
  Value *high32(Value *V) { return B.CreateTrunc(B.CreateLShr(V, 32), B.getInt32Ty()); }
  Value *laneId() { return B.CreateIntrinsic(Intrinsic::nvvm_read_ptx_sreg_laneid, {}, {}); }
  Value *predicate(Value *P) { return B.CreateZExt(B.CreateIsNotNull(P), B.getInt64Ty()); }

  // shfl.sync: the source lane j and whether it is in range, per the PTX ISA.
  Value *shuffle(ShuffleMode Mode, Value *Mask, Value *Val, Value *BOp, Value *COp,
                 Value **InRange) {
    Value *Lane = laneId();
    Value *BVal = B.CreateAnd(BOp, 31);
    Value *CVal = B.CreateAnd(COp, 31);
    Value *SegMask = B.CreateAnd(B.CreateLShr(COp, 8), 31);
    Value *MinLane = B.CreateAnd(Lane, SegMask);
    Value *MaxLane = B.CreateOr(MinLane, B.CreateAnd(CVal, B.CreateNot(SegMask)));
    Value *J = nullptr, *Valid = nullptr;
    switch (Mode) {
    case ShuffleMode::Up:
      J = B.CreateSub(Lane, BVal);
      Valid = B.CreateICmpSGE(J, MaxLane);
      break;
    case ShuffleMode::Down:
      J = B.CreateAdd(Lane, BVal);
      Valid = B.CreateICmpULE(J, MaxLane);
      break;
    case ShuffleMode::Bfly:
      J = B.CreateXor(Lane, BVal);
      Valid = B.CreateICmpULE(J, MaxLane);
      break;
    case ShuffleMode::Idx:
      J = B.CreateOr(MinLane, B.CreateAnd(BVal, B.CreateNot(SegMask)));
      Valid = B.CreateICmpULE(J, MaxLane);
      break;
    }
    Value *Source = B.CreateZExt(B.CreateSelect(Valid, J, Lane), B.getInt64Ty());
    Value *Bits = B.CreateZExt(B.CreateBitCast(Val, B.getInt32Ty()), B.getInt64Ty());
    Value *In = B.CreateOr(Bits, B.CreateShl(Source, 32));
    Value *Exchanged = site(SiteWarpGather, In, Mask);
    markDistance(Mode, BOp, COp, *cast<Instruction>(Exchanged));
    Value *Result = B.CreateBitCast(low32(Exchanged), Val->getType());
    *InRange = Valid;
    return Result;
  }

  IRBuilder<> &builder() { return B; }

private:
  // shfl.up/down by a constant b within segments of a power-of-two width w (c = (32 - w) << 8
  // for up, whose bound is the segment's first lane, and that | 0x1f for down, clamped at the
  // segment's last lane) reads lane - b or lane + b wherever that is a lane of the segment;
  // shfl.bfly by a constant power of two b below w (c as for down) reads lane ^ b, which is
  // lane - b where the lane has bit b set and lane + b where it has not. Both are marked with
  // b (negative for up) and w.
  void markDistance(ShuffleMode Mode, Value *BOp, Value *COp, Instruction &SiteCall) {
    auto *BC = dyn_cast<ConstantInt>(BOp), *CC = dyn_cast<ConstantInt>(COp);
    if (!BC || !CC || Mode == ShuffleMode::Idx)
      return;
    const uint64_t Clamp = Mode == ShuffleMode::Up ? 0 : 0x1f, SegMask = CC->getZExtValue() >> 8;
    const uint64_t Width = 32 - SegMask;
    if (SegMask > 31 || (CC->getZExtValue() & 0xff) != Clamp || !isPowerOf2_64(Width))
      return;
    int64_t Distance = static_cast<int64_t>(BC->getZExtValue() & 31);
    if (Distance == 0 || uint64_t(Distance) >= Width ||
        (Mode == ShuffleMode::Bfly && !isPowerOf2_64(Distance)))
      return;
    if (Mode == ShuffleMode::Up)
      Distance = -Distance;
    LLVMContext &C = SiteCall.getContext();
    Type *I32 = Type::getInt32Ty(C);
    SiteCall.setMetadata(
        Mode == ShuffleMode::Bfly ? kShuffleXorMD : kShuffleDistanceMD,
        MDNode::get(C, {ConstantAsMetadata::get(ConstantInt::getSigned(I32, Distance)),
                        ConstantAsMetadata::get(ConstantInt::get(I32, Width))}));
  }

  IRBuilder<> B;
  FunctionCallee SiteStore;
  FunctionCallee Site;
};

std::optional<ShuffleMode> shuffleMode(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_shfl_sync_idx_i32:
  case Intrinsic::nvvm_shfl_sync_idx_f32:
  case Intrinsic::nvvm_shfl_sync_idx_i32p:
  case Intrinsic::nvvm_shfl_sync_idx_f32p:
    return ShuffleMode::Idx;
  case Intrinsic::nvvm_shfl_sync_up_i32:
  case Intrinsic::nvvm_shfl_sync_up_f32:
  case Intrinsic::nvvm_shfl_sync_up_i32p:
  case Intrinsic::nvvm_shfl_sync_up_f32p:
    return ShuffleMode::Up;
  case Intrinsic::nvvm_shfl_sync_down_i32:
  case Intrinsic::nvvm_shfl_sync_down_f32:
  case Intrinsic::nvvm_shfl_sync_down_i32p:
  case Intrinsic::nvvm_shfl_sync_down_f32p:
    return ShuffleMode::Down;
  case Intrinsic::nvvm_shfl_sync_bfly_i32:
  case Intrinsic::nvvm_shfl_sync_bfly_f32:
  case Intrinsic::nvvm_shfl_sync_bfly_i32p:
  case Intrinsic::nvvm_shfl_sync_bfly_f32p:
    return ShuffleMode::Bfly;
  default:
    return std::nullopt;
  }
}

std::optional<SiteKind> reduceKind(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_redux_sync_add:
    return SiteWarpReduceAdd;
  case Intrinsic::nvvm_redux_sync_min:
    return SiteWarpReduceMin;
  case Intrinsic::nvvm_redux_sync_max:
    return SiteWarpReduceMax;
  case Intrinsic::nvvm_redux_sync_umin:
    return SiteWarpReduceUMin;
  case Intrinsic::nvvm_redux_sync_umax:
    return SiteWarpReduceUMax;
  case Intrinsic::nvvm_redux_sync_and:
    return SiteWarpReduceAnd;
  case Intrinsic::nvvm_redux_sync_or:
    return SiteWarpReduceOr;
  case Intrinsic::nvvm_redux_sync_xor:
    return SiteWarpReduceXor;
  default:
    return std::nullopt;
  }
}

bool isLaneMask(Intrinsic::ID ID) {
  switch (ID) {
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_eq:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_lt:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_le:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_gt:
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_ge:
    return true;
  default:
    return false;
  }
}

// Lane masks are pure functions of the lane id.
Value *laneMask(SiteBuilder &S, Intrinsic::ID ID) {
  IRBuilder<> &B = S.builder();
  Value *Bit = B.CreateShl(B.getInt32(1), S.laneId());
  Value *Below = B.CreateSub(Bit, B.getInt32(1));
  Value *UpTo = B.CreateOr(Below, Bit);
  switch (ID) {
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_eq:
    return Bit;
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_lt:
    return Below;
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_le:
    return UpTo;
  case Intrinsic::nvvm_read_ptx_sreg_lanemask_gt:
    return B.CreateNot(UpTo);
  default:
    return B.CreateNot(Below);
  }
}

// Returns the value replacing CI, or nullptr if CI is not a collective. Void collectives
// return the site call itself (it has no uses to replace).
Value *normalize(Module &M, CallInst &CI) {
  Function *Callee = CI.getCalledFunction();
  if (!Callee || !Callee->isIntrinsic())
    return nullptr;
  Intrinsic::ID ID = Callee->getIntrinsicID();
  SiteBuilder S(M, CI);
  IRBuilder<> &B = S.builder();
  auto Arg = [&](unsigned I) { return CI.getArgOperand(I); };
  Value *FullMask = B.getInt32(~0u);

  if (auto Mode = shuffleMode(ID)) {
    Value *InRange = nullptr;
    Value *Result = S.shuffle(*Mode, Arg(0), Arg(1), Arg(2), Arg(3), &InRange);
    if (!CI.getType()->isStructTy())
      return Result;
    Value *Pair = B.CreateInsertValue(PoisonValue::get(CI.getType()), Result, 0);
    return B.CreateInsertValue(Pair, InRange, 1);
  }
  if (auto Kind = reduceKind(ID))
    return S.low32(S.site(*Kind, Arg(0), Arg(1)));
  if (isLaneMask(ID))
    return laneMask(S, ID);

  switch (ID) {
  case Intrinsic::nvvm_barrier0:
  case Intrinsic::nvvm_barrier_n:
  case Intrinsic::nvvm_barrier:
  case Intrinsic::nvvm_barrier_sync:
  case Intrinsic::nvvm_barrier_sync_cnt:
    return S.barrier();
  case Intrinsic::nvvm_barrier0_popc:
  case Intrinsic::nvvm_barrier0_and:
  case Intrinsic::nvvm_barrier0_or: {
    Value *R = S.site(SiteBlockCount, S.predicate(Arg(0)), B.getInt32(0));
    Value *Count = S.low32(R);
    Value *Result = Count;
    if (ID == Intrinsic::nvvm_barrier0_and)
      Result = B.CreateZExt(B.CreateICmpEQ(Count, S.high32(R)), B.getInt32Ty());
    else if (ID == Intrinsic::nvvm_barrier0_or)
      Result = B.CreateZExt(B.CreateIsNotNull(Count), B.getInt32Ty());
    return Result;
  }
  case Intrinsic::nvvm_bar_warp_sync:
    return S.site(SiteWarpSync, B.getInt64(0), Arg(0));
  case Intrinsic::nvvm_activemask:
    return S.low32(S.site(SiteWarpActiveMask, B.getInt64(0), B.getInt32(0)));
  case Intrinsic::nvvm_vote_ballot:
  case Intrinsic::nvvm_vote_ballot_sync:
  case Intrinsic::nvvm_vote_any:
  case Intrinsic::nvvm_vote_any_sync:
  case Intrinsic::nvvm_vote_all:
  case Intrinsic::nvvm_vote_all_sync:
  case Intrinsic::nvvm_vote_uni:
  case Intrinsic::nvvm_vote_uni_sync: {
    bool Sync = CI.arg_size() == 2;
    Value *Mask = Sync ? Arg(0) : FullMask;
    Value *Pred = Arg(Sync ? 1 : 0);
    // The legacy forms wait for no one: whoever is converged takes part.
    Value *R = S.site(SiteWarpVote, S.predicate(Pred), Sync ? Mask : B.getInt32(0));
    Value *Active = B.CreateAnd(S.high32(R), Mask);
    Value *Ballot = B.CreateAnd(S.low32(R), Active);
    Value *NoneFalse = B.CreateIsNull(B.CreateAnd(Active, B.CreateNot(Ballot)));
    switch (ID) {
    case Intrinsic::nvvm_vote_ballot:
    case Intrinsic::nvvm_vote_ballot_sync:
      return Ballot;
    case Intrinsic::nvvm_vote_any:
    case Intrinsic::nvvm_vote_any_sync:
      return B.CreateIsNotNull(Ballot);
    case Intrinsic::nvvm_vote_all:
    case Intrinsic::nvvm_vote_all_sync:
      return NoneFalse;
    default:
      return B.CreateOr(NoneFalse, B.CreateIsNull(Ballot));
    }
  }
  case Intrinsic::nvvm_match_any_sync_i32:
  case Intrinsic::nvvm_match_any_sync_i64:
    return S.low32(S.site(SiteWarpMatchAny, Arg(1), Arg(0)));
  case Intrinsic::nvvm_match_all_sync_i32p:
  case Intrinsic::nvvm_match_all_sync_i64p: {
    Value *R = S.site(SiteWarpMatchAll, Arg(1), Arg(0));
    Value *Pair = B.CreateInsertValue(PoisonValue::get(CI.getType()), S.low32(R), 0);
    return B.CreateInsertValue(Pair, B.CreateTrunc(S.high32(R), B.getInt1Ty()), 1);
  }
  default:
    return nullptr;
  }
}

} // namespace

PreservedAnalyses NormalizeSitesPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<CallInst *> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I);
          CI && CI->getCalledFunction() && CI->getCalledFunction()->isIntrinsic())
        Calls.push_back(CI);
    for (CallInst *CI : Calls) {
      Value *Replacement = normalize(M, *CI);
      if (!Replacement)
        continue;
      // A collective with two results (a shuffle's value and whether its source was in range)
      // is a pair built here: its users' extractions read the parts themselves, so that later
      // passes follow a shuffle's value through plain instructions (FuseShuffleChains).
      for (User *U : make_early_inc_range(CI->users()))
        if (auto *Part = dyn_cast<ExtractValueInst>(U))
          if (Value *Inserted = FindInsertedValue(Replacement, Part->getIndices())) {
            Part->replaceAllUsesWith(Inserted);
            Part->eraseFromParent();
          }
      if (!CI->getType()->isVoidTy())
        CI->replaceAllUsesWith(Replacement);
      CI->eraseFromParent();
      RecursivelyDeleteTriviallyDeadInstructions(Replacement);
      Changed = true;
    }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
