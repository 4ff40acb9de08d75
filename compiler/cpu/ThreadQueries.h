// Replaces reads of the thread's special registers (llvm.nvvm.read.ptx.sreg.*: threadIdx,
// blockIdx, blockDim, gridDim, lane and warp ids, ...) with values the caller provides: loop
// variables in region functions, per-fiber state in fiber kernels. The thread's index in its
// block written out from them (cooperative groups' thread_rank) becomes LinearIndex.
#pragma once

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Value.h"

namespace drawbridge::cpu {

struct ThreadValues {
  llvm::Value *Tid[3] = {};
  llvm::Value *BlockDim[3] = {};
  llvm::Value *BlockIdx[3] = {};
  llvm::Value *GridDim[3] = {};
  llvm::Value *LinearIndex = nullptr; // i32: the thread's index within its block
  llvm::Value *NumThreads = nullptr;  // i32
};

void lowerThreadQueries(llvm::Function &F, const ThreadValues &Values);
// Reports each read in F of a special register lowerThreadQueries cannot give (as an error at
// its line); whether there was one.
bool reportUnsupportedThreadQueries(llvm::Function &F);

// What a read of a special register (llvm.nvvm.read.ptx.sreg.*) gives, for the passes that
// reason about which values threads share.
enum class SpecialRegister {
  None,        // not a special-register read
  ThreadIndex, // threadIdx.{x,y,z}
  LaneOrWarp,  // %laneid, %warpid: fixed for a thread, different between threads
  BlockSize,   // blockDim.{x,y,z}: one value for the whole grid
  WarpSize,    // warpSize, %nwarpid: likewise
  BlockIndex,  // blockIdx.{x,y,z}: one value for the block
  GridSize,    // gridDim.{x,y,z}
  Other,       // clocks, cluster and SM registers, ...
};
SpecialRegister specialRegisterOf(const llvm::Value *V);
// Whether V is computed (through arithmetic, not through phis, loads or calls, nor through
// instructions of Within when given) from a read of a special register that Wanted accepts.
bool computedFromSpecialRegister(llvm::Value *V, llvm::function_ref<bool(SpecialRegister)> Wanted,
                                 const llvm::Loop *Within = nullptr);
// Whether V is the thread's index within its block written out, threadIdx.x + blockDim.x *
// (threadIdx.y + blockDim.y * threadIdx.z) (cooperative groups' thread_rank).
bool isLinearThreadIndex(const llvm::Value *V);
// The registers a thread reads again after a site and gets the same value from.
inline bool isStableSpecialRegister(SpecialRegister R) {
  return R != SpecialRegister::None && R != SpecialRegister::Other;
}
// The registers with one value for every thread of a block.
inline bool isBlockUniformSpecialRegister(SpecialRegister R) {
  return R == SpecialRegister::BlockSize || R == SpecialRegister::WarpSize ||
         R == SpecialRegister::BlockIndex || R == SpecialRegister::GridSize;
}

} // namespace drawbridge::cpu
