// Names and small queries shared by the CPU lowering passes: how a kernel, a shared variable,
// a synchronisation site and a per-thread local are marked in the IR between passes.
#pragma once

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

#include <optional>

namespace drawbridge::cpu {

// Function attribute on kernels (set by RetargetToHostPass from nvvm.annotations).
inline constexpr llvm::StringLiteral kKernelAttr = "drawbridge-kernel";
// Function attribute with the __launch_bounds__ maximum threads per block.
inline constexpr llvm::StringLiteral kMaxThreadsAttr = "drawbridge-max-threads";
// Metadata on globals that were __shared__ (address space 3) before the collapse.
inline constexpr llvm::StringLiteral kSharedMD = "drawbridge.shared";
// Metadata on globals that were __device__/__constant__/__managed__ variables.
inline constexpr llvm::StringLiteral kDeviceVarMD = "drawbridge.device_var";
// Metadata on the device variables that were __constant__ (address space 4).
inline constexpr llvm::StringLiteral kConstantVarMD = "drawbridge.constant";
// Metadata on __managed__ variables; its operand is the pointer global device code reaches
// the variable through (RedirectManagedVariablesPass).
inline constexpr llvm::StringLiteral kManagedMD = "drawbridge.managed";
// Metadata on allocas whose storage must be private to each thread across sites.
inline constexpr llvm::StringLiteral kPerThreadMD = "drawbridge.per_thread";
// Metadata on per-thread locals that hold a value uniform across the block (BlockUniformity):
// a region whose threads all computed it may read any one thread's copy.
inline constexpr llvm::StringLiteral kUniformMD = "drawbridge.uniform";
// Metadata on conditional branches and switches whose condition is uniform across the block
// (BlockUniformity, before DemoteCrossSiteValues hides that behind loads of locals): threads
// that reach one together all go the same way.
inline constexpr llvm::StringLiteral kUniformBranchMD = "drawbridge.uniform_branch";
// Metadata on loads and stores that stand for a shared-memory atomic (LocalizeSharedAtomics):
// threads of one block may hit the same address, so they are not parallel accesses.
inline constexpr llvm::StringLiteral kBlockPrivateMD = "drawbridge.block_private";
// Metadata on a region's loads of the per-thread context arrays (frame, states, exchange
// slots): every access through them in a thread loop is one of its parallel accesses.
inline constexpr llvm::StringLiteral kThreadSlotsMD = "drawbridge.thread_slots";
// Metadata on the barrier between the rounds of a grid-stride loop (UniformStrideRounds): its
// region releases the barrier itself for a few groups of rounds only, then returns, and the
// kernel's blocks run interleaved (cpu_abi::KernelInterleavesBlocks).
inline constexpr llvm::StringLiteral kInterleavedRoundsMD = "drawbridge.interleaved_rounds";
// Metadata on the barrier between the rounds of any stride loop (UniformStrideRounds, grid- or
// block-stride): the region after it runs the loop's rounds a group at a time.
inline constexpr llvm::StringLiteral kStrideRoundsMD = "drawbridge.stride_rounds";
// Metadata on the barrier LockstepUniformLoopsPass puts on a uniform inner loop's back edge: the
// loop's body, one iteration for every thread, is the region's thread loop, and it is
// vectorised 16 lanes wide.
inline constexpr llvm::StringLiteral kLockstepLoopMD = "drawbridge.lockstep_loop";
// Metadata on the trip counter RebaseSiteLoopInductionsPass gives a uniform loop that holds a
// site, on the local DemoteCrossSiteValuesPass keeps it in, and on a region's one read of that
// local: PrefetchNextBlockPass has the region's rows prefetch what they will read some trips on.
inline constexpr llvm::StringLiteral kSiteLoopTripsMD = "drawbridge.site_loop_trips";
// Metadata on a shuffle's site call whose source lane is the lane + d, for the constant d and
// power-of-two width w in its operands, wherever that lies in the lane's w-lane segment
// (shfl.up/down by a constant): the region after it reads slot t + d rather than the slot the
// source lane names.
inline constexpr llvm::StringLiteral kShuffleDistanceMD = "drawbridge.shuffle_distance";
// Metadata on a shuffle's site call whose source lane is the lane xor b, for the constant power
// of two b below the power-of-two width w in its operands (shfl.bfly): the region after it
// reads slot t - b or t + b, as t & b is set or not, rather than the slot the source names.
inline constexpr llvm::StringLiteral kShuffleXorMD = "drawbridge.shuffle_xor";
// Loop metadata on the thread loops of regions that read threadIdx.y or threadIdx.z: their
// rows are likely short (a 16 x 16 or 32 x 8 block), and SpecializeFullRowsPass gives them
// copies for whole rows of common widths.
inline constexpr llvm::StringLiteral kShortRowsMD = "drawbridge.loop.short_rows";
// Function attribute of a kernel's first region when its blocks run one after another (not
// interleaved): each block runs it once, before its other regions and the next block.
inline constexpr llvm::StringLiteral kEntryRegionAttr = "drawbridge-entry-region";
// Function attribute of a later region that each block runs at most once, blocks one after
// another: its barrier is in no loop (a tile's write-back after the block's last barrier).
inline constexpr llvm::StringLiteral kOncePerBlockRegionAttr = "drawbridge-once-per-block-region";
// Function attribute of a region that runs a stride loop's rounds a group at a time
// (kStrideRoundsMD), whether or not its blocks interleave.
inline constexpr llvm::StringLiteral kStrideRoundsAttr = "drawbridge-stride-rounds";
// Function attribute of kernels whose blocks may wait in a loop for other blocks' writes
// (MarkCrossBlockWaitsPass): the runtime starts their blocks in index order
// (cpu_abi::KernelWaitsOnOtherBlocks).
inline constexpr llvm::StringLiteral kWaitsOnOtherBlocksAttr = "drawbridge-waits-on-other-blocks";
// Metadata on the descriptor global that FormThreadRegionsPass emits for each kernel.
inline constexpr llvm::StringLiteral kKernelDescMD = "drawbridge.kernel_desc";
// A call of this function ends the calling thread (PTX's exit): TranslateInlinePtxPass emits
// it, followed by unreachable; InlineDeviceFunctionsPass returns from the kernel there.
inline constexpr llvm::StringLiteral kThreadExitFn = "__drawbridge_thread_exit";

// A synchronisation site: `i64 __drawbridge_site(i32 kind)` releases with the exchanged value;
// `void __drawbridge_site_store(i64 in, i32 aux)` right before it fills the thread's slots.
inline constexpr llvm::StringLiteral kSiteFn = "__drawbridge_site";
inline constexpr llvm::StringLiteral kSiteStoreFn = "__drawbridge_site_store";
// `i64 __drawbridge_site_offered(i64 released)`, right after a shuffle site: what this thread
// offered there (its own exchange slot), so a value that is the shuffle's input needs no
// per-thread copy of its own across the site. `released` is the site call.
inline constexpr llvm::StringLiteral kSiteOfferedFn = "__drawbridge_site_offered";
// `ptr __drawbridge_site_warp_offers(i64 released)`, in the region a shuffle site starts: the
// first of the 32 exchange slots of the thread's warp, each lane's offer there
// (FuseShuffleChainsPass). `released` is the site call, or a phi of it where the chain meets
// other paths before its lanes use it; it ties the call to its site.
inline constexpr llvm::StringLiteral kSiteWarpOffersFn = "__drawbridge_site_warp_offers";
// `i64 __drawbridge_block_live_run(ptr ctx, i32 state, i32 wholeWarps)`, from the runtime: when
// every thread of the block has exited or is in that state, and those in it are one run of
// threads (of whole warps if wholeWarps), the run as begin | end << 32; 0 otherwise.
inline constexpr llvm::StringLiteral kBlockLiveRunFn = "__drawbridge_block_live_run";
// The runtime's handler for a failed device assert: it ends the thread on its own.
inline constexpr llvm::StringLiteral kAssertFailFn = "__drawbridge_assert_fail";

bool isKernel(const llvm::Function &F);
void markKernel(llvm::Function &F);
// Defined functions K calls, directly or not (not K itself unless it recurses).
llvm::SetVector<llvm::Function *> callees(llvm::Function &K);

llvm::FunctionCallee getSiteFunction(llvm::Module &M);
llvm::FunctionCallee getSiteStoreFunction(llvm::Module &M);
llvm::FunctionCallee getSiteOfferedFunction(llvm::Module &M);
llvm::FunctionCallee getSiteWarpOffersFunction(llvm::Module &M);

// The SiteKind of a call to __drawbridge_site, or nothing for any other instruction.
std::optional<uint32_t> siteKindOf(const llvm::Instruction &I);
bool isSiteStore(const llvm::Instruction &I);
bool isSiteOffered(const llvm::Instruction &I);
bool isSiteWarpOffers(const llvm::Instruction &I);
bool hasSiteOfKind(const llvm::Function &F, uint32_t Kind);
// Whether I is a block barrier site: __syncthreads or __syncthreads_count/and/or.
bool isBlockBarrier(const llvm::Instruction &I);

bool hasMarker(const llvm::GlobalObject &G, llvm::StringRef Kind);
void setMarker(llvm::GlobalObject &G, llvm::StringRef Kind);
bool hasMarker(const llvm::Instruction &I, llvm::StringRef Kind);
void setMarker(llvm::Instruction &I, llvm::StringRef Kind);

// Reports a problem in the user's device code as a compile error at I's source location (when
// the module has line tables). The pass that calls it must still leave valid IR; the tool
// stops after the pass that reported an error.
void diagnoseDeviceCode(const llvm::Instruction &I, const llvm::Twine &Message);
void diagnoseDeviceCode(const llvm::Function &F, const llvm::Twine &Message);
void diagnoseDeviceCode(llvm::Module &M, const llvm::Twine &Message);

// What a function pass that edits instructions but no blocks or edges preserves: everything
// when it changed nothing, the CFG analyses when it did.
llvm::PreservedAnalyses preservedAfterInstructionEdits(bool Changed);

} // namespace drawbridge::cpu
