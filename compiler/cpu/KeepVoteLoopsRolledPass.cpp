// KeepVoteLoopsRolledPass: loops around warp votes stay loops (see the header).
#include "KeepVoteLoopsRolledPass.h"

#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

#define DEBUG_TYPE "drawbridge-keep-vote-loops-rolled"

STATISTIC(NumKeptRolled, "Loops around warp votes kept rolled");

namespace drawbridge::cpu {
namespace {

bool isVoteLike(const Instruction &I) {
  const auto *II = dyn_cast<IntrinsicInst>(&I);
  if (!II)
    return false;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_vote_all:
  case Intrinsic::nvvm_vote_any:
  case Intrinsic::nvvm_vote_uni:
  case Intrinsic::nvvm_vote_ballot:
  case Intrinsic::nvvm_vote_all_sync:
  case Intrinsic::nvvm_vote_any_sync:
  case Intrinsic::nvvm_vote_uni_sync:
  case Intrinsic::nvvm_vote_ballot_sync:
  case Intrinsic::nvvm_bar_warp_sync:
  case Intrinsic::nvvm_match_any_sync_i32:
  case Intrinsic::nvvm_match_any_sync_i64:
  case Intrinsic::nvvm_match_all_sync_i32p:
  case Intrinsic::nvvm_match_all_sync_i64p:
    return true;
  default:
    return II->getCalledFunction()->getName().starts_with("llvm.nvvm.redux.sync.");
  }
}

} // namespace

PreservedAnalyses KeepVoteLoopsRolledPass::run(Function &F, FunctionAnalysisManager &FAM) {
  if (!isKernel(F))
    return PreservedAnalyses::all();
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Changed = false;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!any_of(L->blocks(), [](BasicBlock *BB) { return any_of(*BB, isVoteLike); }))
      continue;
    LLVMContext &C = F.getContext();
    MDNode *Disable = MDNode::get(C, {MDString::get(C, "llvm.loop.unroll.disable")});
    L->setLoopID(
        makePostTransformationMetadata(C, L->getLoopID(), {"llvm.loop.unroll."}, {Disable}));
    ++NumKeptRolled;
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
