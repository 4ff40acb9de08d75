// Thread identity for lowered code; see ThreadQueries.h.
#include "ThreadQueries.h"

#include "CpuAbi.h"
#include "KernelInfo.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;
using namespace drawbridge::cpu_abi;

namespace drawbridge::cpu {

SpecialRegister specialRegisterOf(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II || !II->getCalledFunction()->getName().starts_with("llvm.nvvm.read.ptx.sreg."))
    return SpecialRegister::None;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    return SpecialRegister::ThreadIndex;
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
  case Intrinsic::nvvm_read_ptx_sreg_warpid:
    return SpecialRegister::LaneOrWarp;
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    return SpecialRegister::BlockSize;
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
  case Intrinsic::nvvm_read_ptx_sreg_nwarpid:
    return SpecialRegister::WarpSize;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    return SpecialRegister::BlockIndex;
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    return SpecialRegister::GridSize;
  default:
    return SpecialRegister::Other;
  }
}

bool computedFromSpecialRegister(Value *V, function_ref<bool(SpecialRegister)> Wanted,
                                 const Loop *Within) {
  SmallVector<Value *> Worklist{V};
  SmallPtrSet<Value *, 16> Seen;
  while (!Worklist.empty()) {
    Value *W = Worklist.pop_back_val();
    if (!Seen.insert(W).second || Seen.size() > 32)
      continue;
    if (SpecialRegister R = specialRegisterOf(W); R != SpecialRegister::None && Wanted(R))
      return true;
    auto *I = dyn_cast<Instruction>(W);
    if (!I || (Within && Within->contains(I)) || isa<PHINode>(I) || isa<LoadInst>(I) ||
        isa<CallBase>(I))
      continue;
    append_range(Worklist, I->operands());
  }
  return false;
}

bool isLinearThreadIndex(const Value *V) {
  using namespace PatternMatch;
  return match(V,
               m_c_Add(m_c_Mul(m_c_Add(m_c_Mul(m_Intrinsic<Intrinsic::nvvm_read_ptx_sreg_ntid_y>(),
                                               m_Intrinsic<Intrinsic::nvvm_read_ptx_sreg_tid_z>()),
                                       m_Intrinsic<Intrinsic::nvvm_read_ptx_sreg_tid_y>()),
                               m_Intrinsic<Intrinsic::nvvm_read_ptx_sreg_ntid_x>()),
                       m_Intrinsic<Intrinsic::nvvm_read_ptx_sreg_tid_x>()));
}

namespace {

// The thread's index within its block written out (isLinearThreadIndex) becomes LinearIndex:
// the same number, and code that reads y and z only for it then reads neither.
void replaceLinearIndexSums(Function &F, Value *LinearIndex) {
  SmallVector<Instruction *> Sums;
  for (Instruction &I : instructions(F))
    if (isLinearThreadIndex(&I))
      Sums.push_back(&I);
  for (Instruction *Sum : Sums) {
    Sum->replaceAllUsesWith(LinearIndex);
    RecursivelyDeleteTriviallyDeadInstructions(Sum);
  }
}

} // namespace

namespace {

// What a read of the special register ID gives, from Values; null for a register the CPU
// target does not have.
Value *threadQueryValue(IRBuilderBase &B, Intrinsic::ID ID, const ThreadValues &Values) {
  Value *V = nullptr;
  switch (ID) {
  case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    V = Values.Tid[0];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    V = Values.Tid[1];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    V = Values.Tid[2];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    V = Values.BlockDim[0];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    V = Values.BlockDim[1];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    V = Values.BlockDim[2];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    V = Values.BlockIdx[0];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    V = Values.BlockIdx[1];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    V = Values.BlockIdx[2];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    V = Values.GridDim[0];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    V = Values.GridDim[1];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
    V = Values.GridDim[2];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_laneid:
    V = B.CreateAnd(Values.LinearIndex, kWarpSize - 1);
    break;
  case Intrinsic::nvvm_read_ptx_sreg_warpid:
    V = B.CreateLShr(Values.LinearIndex, 5);
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nwarpid:
    V = B.CreateLShr(B.CreateAdd(Values.NumThreads, B.getInt32(kWarpSize - 1)), 5);
    break;
  case Intrinsic::nvvm_read_ptx_sreg_warpsize:
    V = B.getInt32(kWarpSize);
    break;
  // A block is its own cluster of one; the CPU has no SMs to number.
  case Intrinsic::nvvm_read_ptx_sreg_clusterid_x:
    V = Values.BlockIdx[0];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_clusterid_y:
    V = Values.BlockIdx[1];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_clusterid_z:
    V = Values.BlockIdx[2];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nclusterid_x:
    V = Values.GridDim[0];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nclusterid_y:
    V = Values.GridDim[1];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nclusterid_z:
    V = Values.GridDim[2];
    break;
  case Intrinsic::nvvm_read_ptx_sreg_cluster_nctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_cluster_nctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_cluster_nctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_cluster_nctarank:
    V = B.getInt32(1);
    break;
  case Intrinsic::nvvm_read_ptx_sreg_cluster_ctaid_x:
  case Intrinsic::nvvm_read_ptx_sreg_cluster_ctaid_y:
  case Intrinsic::nvvm_read_ptx_sreg_cluster_ctaid_z:
  case Intrinsic::nvvm_read_ptx_sreg_cluster_ctarank:
  case Intrinsic::nvvm_read_ptx_sreg_smid:
  case Intrinsic::nvvm_read_ptx_sreg_gridid:
    V = B.getInt32(0);
    break;
  case Intrinsic::nvvm_read_ptx_sreg_nsmid:
    V = B.getInt32(1);
    break;
  default:
    break;
  }
  return V;
}

// The registers threadQueryValue knows, asked with constants, which every call folds.
bool isSupportedThreadQuery(const IntrinsicInst &II) {
  LLVMContext &C = II.getContext();
  Value *Zero = ConstantInt::get(Type::getInt32Ty(C), 0);
  ThreadValues Folded;
  for (unsigned D = 0; D < 3; ++D)
    Folded.Tid[D] = Folded.BlockDim[D] = Folded.BlockIdx[D] = Folded.GridDim[D] = Zero;
  Folded.LinearIndex = Folded.NumThreads = Zero;
  IRBuilder<> B(C);
  return threadQueryValue(B, II.getIntrinsicID(), Folded) != nullptr;
}

SmallVector<IntrinsicInst *> threadQueries(Function &F) {
  SmallVector<IntrinsicInst *> Queries;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I);
        II && II->getCalledFunction()->getName().starts_with("llvm.nvvm.read.ptx.sreg."))
      Queries.push_back(II);
  return Queries;
}

void diagnoseUnsupported(const IntrinsicInst &II) {
  diagnoseDeviceCode(II, "the special register read '" + II.getCalledFunction()->getName() +
                             "' is not supported on the CPU target yet");
}

} // namespace

bool reportUnsupportedThreadQueries(Function &F) {
  bool Reported = false;
  for (IntrinsicInst *II : threadQueries(F))
    if (!isSupportedThreadQuery(*II)) {
      diagnoseUnsupported(*II);
      Reported = true;
    }
  return Reported;
}

void lowerThreadQueries(Function &F, const ThreadValues &Values) {
  replaceLinearIndexSums(F, Values.LinearIndex);
  for (IntrinsicInst *II : threadQueries(F)) {
    IRBuilder<> B(II);
    Value *V = threadQueryValue(B, II->getIntrinsicID(), Values);
    if (!V) {
      diagnoseUnsupported(*II);
      V = PoisonValue::get(II->getType());
    }
    II->replaceAllUsesWith(B.CreateZExtOrTrunc(V, II->getType()));
    II->eraseFromParent();
  }
}

} // namespace drawbridge::cpu
