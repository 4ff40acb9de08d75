// The contract between the code Drawbridge's CPU back end generates and the CPU runtime.
//
// The back end (compiler/cpu) turns every kernel into "region functions": region 0 runs a
// range of threads from the kernel's entry, region i runs the threads that waited at
// synchronisation site i (a barrier or a warp collective) from just after that site. Each
// thread records in BlockContext::state the site it stops at next. The runtime's block
// scheduler calls the regions in an order that respects CUDA's semantics and computes the
// exchanged values of warp collectives between calls. Both sides include this header; the
// back end builds its IR from the offsets below, so the layout lives in one place.
#pragma once

#include <cstddef>
#include <cstdint>

namespace drawbridge::cpu_abi {

// 4: regions run every thread of the range they are given (the runtime calls them on runs of
// released threads); KernelHasYieldSites. 5: a shuffle's region reads its source's slot
// itself (BlockContext::gatherResults). 6: BlockContext::callCoversLiveThreads.
inline constexpr uint32_t kImageVersion = 7;
// A thread's state: the region it may run next (released), or kWaiting | site while it
// waits at that site, or kThreadExited.
inline constexpr uint32_t kWaiting = 0x80000000u;
inline constexpr uint32_t kThreadExited = 0xffffffffu;
inline constexpr uint32_t kWarpSize = 32;
inline constexpr uint32_t kMaxThreadsPerBlock = 1024;
// Shared memory that extern __shared__ arrays start at is aligned to this.
inline constexpr uint32_t kDynamicSharedAlign = 16;
// Exchange slots allocated before and after each exchange array.
inline constexpr uint32_t kExchangePadding = kWarpSize;

// What happens when the threads waiting at a site are released. The exchange slots
// (in, aux, out) are per thread; "participants" are the threads released together. For every
// warp site, aux is the member mask: the lanes that must be waiting before the site is
// released (0 for __activemask and the legacy votes, which wait for no one).
enum SiteKind : uint32_t {
  SiteEntry = 0,     // region 0: the kernel's entry
  SiteBlockSync,     // __syncthreads
  SiteBlockCount,    // __syncthreads_count/and/or: in = predicate (0/1);
                     //   out = count | participants << 32
  SiteWarpSync,      // __syncwarp
  SiteWarpGather,    // shuffles: in = value | source lane << 32 (own lane when out of
                     //   range); out = in, for every lane of the warp, and the region reads
                     //   its source's slot itself; with BlockContext::gatherResults,
                     //   out = value[source] (own value if the source is not a participant)
  SiteWarpVote,      // ballot/any/all/uni/activemask: in = predicate (0/1);
                     //   out = ballot | participant mask << 32
  SiteWarpMatchAny,  // in = value, aux = mask; out = mask of participants in aux with equal in
  SiteWarpMatchAll,  // in = value, aux = mask; out = (aux if all participants in aux agree, else
                     //   0) | (1 << 32 if they agree)
  SiteWarpReduceAdd, // in = 32-bit value, aux = mask; out = reduction over participants in aux
  SiteWarpReduceMin, // signed
  SiteWarpReduceMax, // signed
  SiteWarpReduceUMin,
  SiteWarpReduceUMax,
  SiteWarpReduceAnd,
  SiteWarpReduceOr,
  SiteWarpReduceXor,
  SiteWarpActiveMask, // __activemask: out = mask of participants
  SiteYield,          // the back edge of a spin-wait loop: released once every other thread
                      //   of the block that can run has run
  SiteStride,         // the back edge of a block- or grid-stride loop: released like a yield;
                      //   the region after it runs its threads round after round itself
                      //   until none goes round again
  SiteKindCount
};

// Lanes waiting at different sites of the same warp collective (say a shuffle in each branch
// of an if) exchange together, as they do on Volta and later GPUs, where a collective's
// member mask, not its call site, decides who takes part. __activemask is the exception: it
// reports the lanes converged at that very point.
constexpr bool combinesAcrossSites(uint32_t kind) { return kind != SiteWarpActiveMask; }

constexpr bool isYieldSite(uint32_t kind) { return kind == SiteYield || kind == SiteStride; }

constexpr bool isWarpSite(uint32_t kind) {
  return kind >= SiteWarpSync && kind <= SiteWarpActiveMask;
}

// Everything a region function needs about the block it runs. One per worker, refilled for
// every block.
struct BlockContext {
  uint32_t gridDim[3];
  uint32_t blockDim[3];
  uint32_t blockIdx[3];
  uint32_t numThreads;         // blockDim.x * blockDim.y * blockDim.z
  uint32_t dynamicSharedBytes; // the launch's dynamic shared memory
  // Set for fiber kernels, whose code reads a shuffle's result from its own out slot: the
  // runtime then computes the results (see SiteWarpGather).
  uint32_t gatherResults;
  // Set while the runtime calls a region on threads [begin, end) outside which every thread
  // of the block has exited, as when one warp finishes a reduction alone (a call on the whole
  // block says so by its range).
  uint32_t callCoversLiveThreads;
  // Set by a region from which every thread leaves the kernel, when it ran every thread still
  // running: the block is over, and the runtime need not look at the states to find so.
  uint32_t blockFinished;
  char *shared;    // the block's shared memory: static variables, then dynamic
  char *frame;     // per-thread context arrays (values and locals live across sites)
  uint32_t *state; // per thread: see kWaiting
  // Per thread exchange slots, see SiteKind, each array with kExchangePadding slots before
  // and after, so that a region may read a slot a warp's width outside the block.
  uint64_t *exchangeIn;
  uint32_t *exchangeAux;
  uint64_t *exchangeOut;
};

// Runs threads [begin, end) of the block, all released to this region, until each reaches its
// next site (state kWaiting | site) or exits. The region after a stride site (SiteStride) is
// the exception: it runs those of [begin, end) whose state is its number, or who wait at its
// site, round after round until none comes back.
using RegionFn = void (*)(void *const *args, BlockContext *ctx, uint32_t begin, uint32_t end);

enum KernelFlags : uint32_t {
  KernelHasWarpSites = 1u << 0,  // some site is warp-scoped: schedule warp by warp
  KernelUsesFibers = 1u << 1,    // no regions: each thread runs fiberEntry on a fiber of its own
  KernelUsesPrintf = 1u << 2,    // may call device printf (fixes cudaLimitPrintfFifoSize)
  KernelUsesMalloc = 1u << 3,    // may call device malloc (fixes cudaLimitMallocHeapSize)
  KernelHasYieldSites = 1u << 4, // some site is a spin-wait or stride-loop yield
  KernelFlushesSubnormals = 1u << 5, // built with -ftz=true: run with subnormals flushed
  // A grid-stride loop runs in rounds whose region returns every few groups of rounds: a
  // worker runs several blocks together, a scheduling step of each in turn.
  KernelInterleavesBlocks = 1u << 6,
  // A thread may end before the others do (a failed device assert, or a call through a
  // pointer that may lead to one): the runtime keeps a way back into each block for the rest.
  KernelMayEndThreads = 1u << 7,
  // A block may wait in a loop for what earlier blocks write (a decoupled look-back scan): the
  // runtime starts the blocks in index order, one at a time from one counter, as a GPU does.
  KernelWaitsOnOtherBlocks = 1u << 8,
};

// Runs one thread of a fiber kernel from its entry to its end; the thread's identity is in
// __drawbridge_fiber_thread.
using FiberEntryFn = void (*)(void *const *args);

// What fiber-mode device code reads where region code uses loop variables: set by the runtime
// before it switches to a thread's fiber.
struct FiberThread {
  BlockContext *ctx;
  uint32_t threadIndex; // linear index in the block
  uint32_t tid[3];
};

struct KernelDesc {
  const char *name; // the device-side (mangled) name, as __cudaRegisterFunction gives it
  uint32_t numParams;
  uint32_t staticSharedBytes;
  const uint32_t *paramSizes; // bytes the kernel reads from args[i]
  const RegionFn *regions;    // numRegions entries
  const uint32_t *siteKinds;  // numRegions entries: the SiteKind that starts each region
  uint32_t numRegions;
  uint32_t frameBytesPerThread; // context arrays: frame holds numThreads times this
  uint32_t flags;
  uint32_t maxThreadsPerBlock; // from __launch_bounds__, 0 when not given
  uint32_t localBytesPerThread;
  uint32_t reserved;
  FiberEntryFn fiberEntry; // KernelUsesFibers only
};

// A __device__, __constant__ or __managed__ variable, found by its device-side name.
struct VarDesc {
  const char *name;
  void *address; // the device storage, with the variable's initial value
  uint64_t size;
  // __managed__ only: the pointer device code reaches the variable through. The runtime
  // points it at the host side's copy, so host and device share one variable.
  void **redirect;
  uint32_t flags; // VarFlags
  uint32_t reserved;
};

enum VarFlags : uint32_t {
  VarConstant = 1u << 0, // __constant__: what __isConstant recognises
};

// One translation unit's device code (or, for -rdc, one device link's).
struct CpuImage {
  uint32_t version; // kImageVersion
  uint32_t numKernels;
  uint32_t numVars;
  // The virtual architecture the device code was compiled for, 10 * major + minor (nvcc's
  // newest -arch; cudaFuncAttributes::ptxVersion), 0 when not given.
  uint32_t ptxVersion;
  const char *id; // matches the id in the fat binary the host side registers
  const KernelDesc *kernels;
  const VarDesc *vars;
};

// What __drawbridge_address_space_of answers.
enum AddressSpace : uint32_t {
  AddressSpaceGlobal = 0, // anything else: device allocations, variables, host memory
  AddressSpaceShared,     // the running block's shared memory
  AddressSpaceLocal,      // the running thread's stack or context array slots
  AddressSpaceConstant,   // a __constant__ variable
};

// The fat binary blob handed to clang's -fcuda-include-gpubinary starts with this.
inline constexpr char kFatBinaryMagic[8] = {'D', 'B', 'F', 'A', 'T', 'B', 'I', 'N'};

} // namespace drawbridge::cpu_abi

// Runtime entry points called by generated code.
extern "C" {
void __drawbridge_register_cpu_image(const drawbridge::cpu_abi::CpuImage *image);
// Fiber kernels: a site writes the thread's exchange slots, then waits until the scheduler
// releases site `id` (any number; lower ids are released first) and returns the exchanged
// value.
void __drawbridge_fiber_site_store(uint64_t in, uint32_t aux);
uint64_t __drawbridge_fiber_site(uint32_t id, uint32_t kind);
extern thread_local drawbridge::cpu_abi::FiberThread __drawbridge_fiber_thread;
// __isGlobal/__isShared/__isLocal/__isConstant: which AddressSpace `pointer` points into.
uint32_t __drawbridge_address_space_of(const void *pointer);
}
