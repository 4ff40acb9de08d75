// LowerDeviceBuiltinsPass: device builtins with a plain CPU meaning.
//
// Clang lowers a few CUDA builtins to NVVM intrinsics or to calls with NVIDIA's device ABI.
// Those with an immediate CPU equivalent are replaced here, before inlining, so that the
// later passes only meet the intrinsics they are about (thread indices, barriers and warp
// collectives):
//   clock/clock64          -> llvm.readcyclecounter
//   globaltimer            -> __drawbridge_globaltimer() (nanoseconds)
//   membar/fence           -> fence seq_cst; at block scope (__threadfence_block) one that
//                             orders the compiler only, since a block's threads all run on
//                             one processor thread, where program order is what they see
//   nanosleep              -> nothing (a hint; threads of a block run in turn on the CPU)
//   llvm.trap              -> __drawbridge_trap() (fails the launch like __trap() does)
//   vprintf                -> __drawbridge_vprintf (same packed-argument ABI)
//   malloc/free            -> the runtime's device heap (cudaLimitMallocHeapSize)
//   ldg                    -> an ordinary load
//   isspacep.*             -> __drawbridge_address_space_of(p) == the space asked about
// Any other NVVM intrinsic cannot run on the CPU, nor can the device runtime's launch API
// (dynamic parallelism); each use is a compile error that names it.
// (Inline PTX assembly was translated, or reported, by TranslateInlinePtxPass just before.)
#include "LowerDeviceBuiltinsPass.h"

#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/ADT/Statistic.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

#define DEBUG_TYPE "drawbridge-lower-device-builtins"

STATISTIC(NumLowered, "Device builtins replaced by CPU code");

namespace drawbridge::cpu {
namespace {

// Intrinsics the later passes lower: thread geometry, barriers and warp collectives.
bool isHandledLater(Intrinsic::ID ID, StringRef Name) {
  if (Name.starts_with("llvm.nvvm.read.ptx.sreg."))
    return true;
  if (Name.starts_with("llvm.nvvm.shfl.sync.") || Name.starts_with("llvm.nvvm.vote.") ||
      Name.starts_with("llvm.nvvm.match.") || Name.starts_with("llvm.nvvm.redux.sync."))
    return true;
  switch (ID) {
  case Intrinsic::nvvm_barrier0:
  case Intrinsic::nvvm_barrier0_popc:
  case Intrinsic::nvvm_barrier0_and:
  case Intrinsic::nvvm_barrier0_or:
  case Intrinsic::nvvm_barrier_sync:
  case Intrinsic::nvvm_barrier_sync_cnt:
  case Intrinsic::nvvm_bar_warp_sync:
  case Intrinsic::nvvm_activemask:
    return true;
  default:
    return false;
  }
}

class BuiltinLowering {
public:
  explicit BuiltinLowering(Module &M) : M(M) {}

  // Returns true when I was replaced (and erased).
  bool lower(CallInst &CI) {
    Function *Callee = CI.getCalledFunction();
    if (!Callee)
      return false;
    StringRef Name = Callee->getName();
    // printf and the device heap go to the runtime, which implements CUDA's semantics
    // (packed printf arguments, a heap of cudaLimitMallocHeapSize bytes).
    static const std::pair<StringRef, StringRef> Renamed[] = {
        {"vprintf", "__drawbridge_vprintf"},
        {"malloc", "__drawbridge_device_malloc"},
        {"__nv_aligned_device_malloc", "__drawbridge_device_aligned_malloc"},
        {"free", "__drawbridge_device_free"}};
    for (const auto &[From, To] : Renamed)
      if (Name == From) {
        CI.setCalledFunction(M.getOrInsertFunction(To, CI.getFunctionType()));
        return false;
      }
    if (Callee->isDeclaration() &&
        is_contained({"cudaGetParameterBuffer", "cudaGetParameterBufferV2", "cudaLaunchDevice",
                      "cudaLaunchDeviceV2", "__cudaDeviceSynchronizeDeprecationAvoidance"},
                     Name)) {
      diagnoseDeviceCode(CI, "'" + Name +
                                 "' launches kernels from device code (CUDA dynamic parallelism), "
                                 "which the CPU target does not support yet");
      return false;
    }
    if (!Callee->isIntrinsic())
      return false;
    Intrinsic::ID ID = Callee->getIntrinsicID();
    IRBuilder<> B(&CI);
    Value *Replacement = nullptr;
    switch (ID) {
    case Intrinsic::trap: {
      FunctionCallee Trap =
          M.getOrInsertFunction("__drawbridge_trap", FunctionType::get(B.getVoidTy(), false));
      cast<Function>(Trap.getCallee())->setDoesNotReturn();
      B.CreateCall(Trap)->setDoesNotReturn();
      break;
    }
    case Intrinsic::nvvm_membar_cta:
      B.CreateFence(AtomicOrdering::SequentiallyConsistent, SyncScope::SingleThread);
      break;
    case Intrinsic::nvvm_membar_gl:
    case Intrinsic::nvvm_membar_sys:
    case Intrinsic::nvvm_fence_sc_cluster:
      B.CreateFence(AtomicOrdering::SequentiallyConsistent);
      break;
    case Intrinsic::nvvm_nanosleep:
      break;
    case Intrinsic::nvvm_read_ptx_sreg_clock:
    case Intrinsic::nvvm_read_ptx_sreg_clock64: {
      Value *Cycles = B.CreateIntrinsic(Intrinsic::readcyclecounter, {}, {});
      Replacement = B.CreateZExtOrTrunc(Cycles, CI.getType());
      break;
    }
    case Intrinsic::nvvm_isspacep_global:
    case Intrinsic::nvvm_isspacep_shared:
    case Intrinsic::nvvm_isspacep_local:
    case Intrinsic::nvvm_isspacep_const: {
      FunctionCallee SpaceOf = M.getOrInsertFunction(
          "__drawbridge_address_space_of",
          FunctionType::get(B.getInt32Ty(), {PointerType::get(M.getContext(), 0)}, false));
      AddressSpace Space = ID == Intrinsic::nvvm_isspacep_global   ? AddressSpaceGlobal
                           : ID == Intrinsic::nvvm_isspacep_shared ? AddressSpaceShared
                           : ID == Intrinsic::nvvm_isspacep_local  ? AddressSpaceLocal
                                                                   : AddressSpaceConstant;
      Value *Actual = B.CreateCall(SpaceOf, {CI.getArgOperand(0)});
      Replacement = B.CreateICmpEQ(Actual, B.getInt32(Space));
      break;
    }
    case Intrinsic::nvvm_read_ptx_sreg_globaltimer: {
      FunctionCallee Timer = M.getOrInsertFunction("__drawbridge_globaltimer",
                                                   FunctionType::get(B.getInt64Ty(), false));
      Replacement = B.CreateCall(Timer);
      break;
    }
    default:
      if (Name.starts_with("llvm.nvvm.ldg.global.")) {
        Replacement =
            B.CreateAlignedLoad(CI.getType(), CI.getArgOperand(0),
                                MaybeAlign(cast<ConstantInt>(CI.getArgOperand(1))->getZExtValue()));
        break;
      }
      if (Name.starts_with("llvm.nvvm.") && !isHandledLater(ID, Name))
        diagnoseDeviceCode(CI, "the NVVM intrinsic '" + Name +
                                   "' is not supported on the CPU target yet");
      return false;
    }
    if (Replacement)
      CI.replaceAllUsesWith(Replacement);
    else if (!CI.use_empty())
      CI.replaceAllUsesWith(PoisonValue::get(CI.getType()));
    CI.eraseFromParent();
    ++NumLowered;
    return true;
  }

private:
  Module &M;
};

} // namespace

PreservedAnalyses LowerDeviceBuiltinsPass::run(Module &M, ModuleAnalysisManager &) {
  BuiltinLowering Lowering(M);
  bool Changed = false;
  for (Function &F : M) {
    SmallVector<CallInst *> Calls;
    for (Instruction &I : instructions(F))
      if (auto *CI = dyn_cast<CallInst>(&I))
        Calls.push_back(CI);
    for (CallInst *CI : Calls)
      Changed |= Lowering.lower(*CI);
  }
  for (StringRef Name : {"vprintf", "malloc", "__nv_aligned_device_malloc", "free"})
    if (Function *Old = M.getFunction(Name); Old && Old->use_empty())
      Old->eraseFromParent();
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace drawbridge::cpu
