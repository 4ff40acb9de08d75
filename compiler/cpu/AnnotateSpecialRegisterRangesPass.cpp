// AnnotateSpecialRegisterRangesPass; see AnnotateSpecialRegisterRangesPass.h.
//
// The limits are CUDA's, and the runtime's launch checks (runtime/api/LaunchApi.cpp) refuse
// any configuration outside them: at most 1024 threads a block, 1024 x 1024 x 64 in its
// dimensions, a grid of at most 2^31 - 1 x 65535 x 65535 blocks, 32 lanes a warp.
#include "AnnotateSpecialRegisterRangesPass.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <utility>

using namespace llvm;

#define DEBUG_TYPE "drawbridge-annotate-special-register-ranges"

STATISTIC(NumAnnotated, "Special-register reads given their launch ranges");

namespace drawbridge::cpu {
namespace {

constexpr uint64_t kMaxBlockX = 1024, kMaxBlockZ = 64, kMaxGridX = (1ull << 31) - 1,
                   kMaxGridYZ = 65535, kWarpSize = 32;

// The half-open range [low, high) of values the register can hold; none for registers
// without one (clocks, SM and warp-slot ids, ...).
std::optional<std::pair<uint64_t, uint64_t>> rangeOf(Intrinsic::ID Id) {
  switch (Id) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    return std::pair{0, kMaxBlockX};
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    return std::pair{0, kMaxBlockZ};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    return std::pair{1, kMaxBlockX + 1};
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    return std::pair{1, kMaxBlockZ + 1};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    return std::pair{0, kMaxGridX};
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    return std::pair{0, kMaxGridYZ};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    return std::pair{1, kMaxGridX + 1};
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return std::pair{1, kMaxGridYZ + 1};
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
    return std::pair{0, kWarpSize};
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
    return std::pair{kWarpSize, kWarpSize + 1};
  default:
    return std::nullopt;
  }
}

} // namespace

PreservedAnalyses AnnotateSpecialRegisterRangesPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  MDBuilder MDB(M.getContext());
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *II = dyn_cast<IntrinsicInst>(&I);
      if (!II || I.getMetadata(LLVMContext::MD_range) || !II->getType()->isIntegerTy(32))
        continue;
      std::optional<std::pair<uint64_t, uint64_t>> Range = rangeOf(II->getIntrinsicID());
      if (!Range)
        continue;
      I.setMetadata(LLVMContext::MD_range,
                    MDB.createRange(APInt(32, Range->first), APInt(32, Range->second)));
      ++NumAnnotated;
      Changed = true;
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
