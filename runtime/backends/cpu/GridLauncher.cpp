// Grid execution on the worker pool; see GridLauncher.h.
#include "backends/cpu/GridLauncher.h"

#include "backends/cpu/BlockScheduler.h"
#include "backends/cpu/FiberScheduler.h"
#include "backends/cpu/SubnormalFlushScope.h"
#include "backends/cpu/WorkerPool.h"
#include "core/Memory.h"

#include <algorithm>
#include <atomic>
#include <csetjmp>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <vector>

namespace drawbridge::runtime::cpu {

using namespace cpu_abi;

namespace {

// Memory one participant needs for one block, kept between launches.
class BlockArena {
public:
  // The extent of the block's shared memory and context arrays, as prepared last.
  size_t SharedBytes = 0, FrameBytes = 0;

  void prepare(const KernelDesc &k, const GridShape &shape, BlockContext &ctx) {
    const uint32_t n = ctx.numThreads;
    SharedBytes = alignUp(k.staticSharedBytes, kDynamicSharedAlign) + shape.dynamicSharedBytes;
    FrameBytes = static_cast<size_t>(k.frameBytesPerThread) * n;
    ctx.shared = Shared.get(std::max<size_t>(SharedBytes, 1));
    ctx.frame = Frame.get(FrameBytes + 1);
    ctx.state = reinterpret_cast<uint32_t *>(State.get(n * sizeof(uint32_t)));
    const size_t padded = (n + 2 * kExchangePadding) * sizeof(uint64_t);
    ctx.exchangeIn = reinterpret_cast<uint64_t *>(ExchangeIn.get(padded)) + kExchangePadding;
    ctx.exchangeAux = reinterpret_cast<uint32_t *>(ExchangeAux.get(n * sizeof(uint32_t)));
    ctx.exchangeOut = reinterpret_cast<uint64_t *>(ExchangeOut.get(padded)) + kExchangePadding;
    ctx.gatherResults = 0;
  }

private:
  static size_t alignUp(size_t v, size_t a) { return (v + a - 1) / a * a; }

  // A growable buffer aligned for any vector type.
  class Buffer {
  public:
    char *get(size_t bytes) {
      if (bytes > Capacity) {
        std::free(Data);
        Capacity = alignUp(bytes, 4096);
        Data = static_cast<char *>(std::aligned_alloc(64, Capacity));
        // Written once, so that every page is the participant's own: a page still mapped to
        // the system's shared zero page makes each AVX-512 masked store that touches it, even
        // with its lanes there masked off, take a microcode assist (cuda-samples' reduce4 at
        // 512 threads a block, whose exchange slots past the first warp are never written,
        // ran 7x slower).
        std::memset(Data, 0, Capacity);
      }
      return Data;
    }

  private:
    char *Data = nullptr;
    size_t Capacity = 0;
  };

  Buffer Shared, Frame, State, ExchangeIn, ExchangeAux, ExchangeOut;
};

// How many blocks of a kernel whose blocks interleave (KernelInterleavesBlocks) one participant
// runs together, a scheduling step of each in turn: eight neighbours' rounds read 8 KiB in a
// row of each of a step's memory streams (256-thread blocks of floats); 16 and 32 measured the
// same on the suite's reductions, at more memory per participant.
constexpr unsigned kInterleavedBlocks = 8;

thread_local BlockArena tArenas[kInterleavedBlocks];
thread_local const BlockArena *tCurrentArena = nullptr;
thread_local sigjmp_buf *tFaultJump = nullptr;
thread_local cudaError_t tFault = cudaSuccess;
thread_local const BlockContext *tCurrentBlock = nullptr;
// Where a thread that ends abruptly (abandonThread) returns to, the thread, and the error the
// launch ends with once its block has finished.
thread_local sigjmp_buf *tThreadEndJump = nullptr;
thread_local uint32_t tEndedThread = 0;
thread_local cudaError_t tPendingError = cudaSuccess;

struct sigaction gPreviousSegv, gPreviousBus, gPreviousFpe, gPreviousIll;

void onFault(int signal, siginfo_t *info, void *context) {
  if (tFaultJump) {
    tFault = signal == SIGSEGV || signal == SIGBUS ? cudaErrorIllegalAddress
             : signal == SIGILL                    ? cudaErrorIllegalInstruction
                                                   : cudaErrorLaunchFailure;
    siglongjmp(*tFaultJump, 1);
  }
  // Not in device code: hand the signal to whoever had it before.
  struct sigaction *previous = signal == SIGSEGV  ? &gPreviousSegv
                               : signal == SIGBUS ? &gPreviousBus
                               : signal == SIGFPE ? &gPreviousFpe
                                                  : &gPreviousIll;
  sigaction(signal, previous, nullptr);
  (void)info;
  (void)context;
}

void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action;
    std::memset(&action, 0, sizeof action);
    action.sa_sigaction = onFault;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGSEGV, &action, &gPreviousSegv);
    sigaction(SIGBUS, &action, &gPreviousBus);
    sigaction(SIGFPE, &action, &gPreviousFpe);
    sigaction(SIGILL, &action, &gPreviousIll);
  });
}

// Device code that overflows its stack still needs somewhere to run the fault handler. Grids
// also run on the application's threads (one waiting for a stream runs its work): one that
// already has an alternate stack keeps its own.
void ensureAlternateSignalStack() {
  thread_local bool installed = false;
  if (installed)
    return;
  installed = true;
  stack_t current;
  if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE))
    return;
  constexpr size_t kSize = 64 * 1024;
  stack_t stack;
  stack.ss_sp = std::malloc(kSize);
  stack.ss_size = kSize;
  stack.ss_flags = 0;
  if (stack.ss_sp)
    sigaltstack(&stack, nullptr);
}

// A participant's share of a grid's blocks: [next, end), taken a chunk at a time by the
// participant and, once the other participants have run out of their own, by them.
struct alignas(64) BlockShare {
  std::atomic<uint64_t> next{0};
  uint64_t end = 0;
};

// Where participant p's share of n blocks begins, of `participants` shares as equal as can be.
uint64_t shareStart(uint64_t n, unsigned p, unsigned participants) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(n) * p / participants);
}

// Shares live in the job for pools of up to this many participants, on the heap beyond.
constexpr unsigned kInlineShares = 64;

// Each participant runs the same contiguous share of every grid, so a kernel launched again
// on the same data (an iterative solver, a benchmark's repetitions) finds the part it reads in
// the caches of the core that read it last time, as with OpenMP's static schedule; blocks are
// still handed out a chunk at a time, and a participant that runs out of its own takes chunks
// from the others', so an uneven grid or a thread the system has descheduled holds nobody up.
struct GridJob {
  const KernelDesc *kernel;
  const GridShape *shape;
  void *const *args;
  uint64_t totalBlocks;
  uint64_t chunk;
  unsigned participants;
  bool interleave; // the blocks run interleaved (runInterleaved)
  BlockShare inlineShares[kInlineShares];
  std::unique_ptr<BlockShare[]> heapShares;
  BlockShare *shares = inlineShares;
  std::atomic<int> fault{cudaSuccess};
  // Grid barrier (cooperative launches): blocks arrived in this round, and rounds completed.
  std::atomic<uint64_t> arrived{0};
  std::atomic<uint64_t> rounds{0};
};

thread_local GridJob *tCurrentJob = nullptr;

// After a block has finished: the error a thread that ended abruptly left, if any, ends the
// launch.
void endLaunchOnPendingError() {
  if (tPendingError != cudaSuccess) {
    cudaError_t error = tPendingError;
    tPendingError = cudaSuccess;
    abandonBlock(error);
  }
}

// Whether a thread of the kernel may end abruptly with the rest of its block to run on: the
// compiler says so of region kernels that may fail a device assert. A fiber kernel's thread
// ends on its own fiber. Saving the registers for the way back costs a few percent of a small
// block's time (a stencil's 256 threads), so the other kernels go without it; should one of
// their threads end all the same, its whole block ends (abandonThread).
bool needsThreadEndJump(const KernelDesc &kernel) {
  return (kernel.flags & KernelMayEndThreads) && !(kernel.flags & KernelUsesFibers);
}

// Runs one block; a thread that ends abruptly lets the others finish the block first, so that
// every thread of the block whose assert fails reports it, as on a GPU.
void runBlockToEnd(const KernelDesc &kernel, BlockContext &ctx, void *const *args) {
  if (!needsThreadEndJump(kernel)) {
    runBlock(kernel, ctx, args);
    return;
  }
  sigjmp_buf jump;
  tThreadEndJump = &jump;
  if (sigsetjmp(jump, 0) == 0)
    runBlock(kernel, ctx, args);
  else
    resumeBlock(kernel, ctx, args, tEndedThread);
  tThreadEndJump = nullptr;
  endLaunchOnPendingError();
}

// Runs the next step of an interleaved block; false once it has finished. A thread that ends
// abruptly lets the others finish the block, as in runBlockToEnd.
bool stepBlock(const KernelDesc &kernel, BlockContext &ctx, SteppedBlock &block,
               void *const *args) {
  if (!needsThreadEndJump(kernel))
    return block.step();
  sigjmp_buf jump;
  tThreadEndJump = &jump;
  if (sigsetjmp(jump, 0) != 0) {
    resumeBlock(kernel, ctx, args, tEndedThread);
    tThreadEndJump = nullptr;
    endLaunchOnPendingError();
    return false;
  }
  const bool more = block.step();
  tThreadEndJump = nullptr;
  return more;
}

void setBlockIndex(BlockContext &ctx, const GridShape &shape, uint64_t b) {
  const uint64_t perPlane = static_cast<uint64_t>(shape.grid.x) * shape.grid.y;
  ctx.blockIdx[0] = static_cast<uint32_t>(b % shape.grid.x);
  ctx.blockIdx[1] = static_cast<uint32_t>(b / shape.grid.x % shape.grid.y);
  ctx.blockIdx[2] = static_cast<uint32_t>(b / perPlane);
}

// The block index of the block after ctx's, in the order setBlockIndex numbers them: x first,
// then y, then z. Consecutive blocks step instead of dividing: the two divisions were two
// thirds of the runtime's time per block, 20 ns a block in all, with blocks of 8 threads.
void nextBlockIndex(BlockContext &ctx, const GridShape &shape) {
  if (++ctx.blockIdx[0] < shape.grid.x)
    return;
  ctx.blockIdx[0] = 0;
  if (++ctx.blockIdx[1] < shape.grid.y)
    return;
  ctx.blockIdx[1] = 0;
  ++ctx.blockIdx[2];
}

// Blocks [first, last), at most kInterleavedBlocks of them, a step of each in turn: a
// grid-stride loop's round reads a block's piece of each grid-wide stretch of the array, so
// neighbouring blocks' rounds together read memory in order, as one CPU thread reads best,
// where one block alone would read a piece and jump a grid's width on.
void runInterleaved(GridJob &job, BlockContext *ctxs, uint64_t first, uint64_t last) {
  std::optional<SteppedBlock> blocks[kInterleavedBlocks];
  const unsigned count = static_cast<unsigned>(last - first);
  for (unsigned i = 0; i < count; ++i) {
    setBlockIndex(ctxs[i], *job.shape, first + i);
    blocks[i].emplace(*job.kernel, ctxs[i], job.args);
  }
  for (unsigned running = count; running > 0;)
    for (unsigned i = 0; i < count; ++i) {
      if (!blocks[i])
        continue;
      tCurrentBlock = &ctxs[i];
      tCurrentArena = &tArenas[i];
      if (!stepBlock(*job.kernel, ctxs[i], *blocks[i], job.args)) {
        blocks[i].reset();
        --running;
      }
    }
}

void runBlocks(GridJob &job, unsigned participant) {
  const GridShape &shape = *job.shape;
  tCurrentJob = &job;
  const unsigned width = job.interleave ? kInterleavedBlocks : 1;
  BlockContext ctxs[kInterleavedBlocks];
  for (unsigned i = 0; i < width; ++i) {
    BlockContext &ctx = ctxs[i];
    std::memset(&ctx, 0, sizeof ctx);
    ctx.gridDim[0] = shape.grid.x;
    ctx.gridDim[1] = shape.grid.y;
    ctx.gridDim[2] = shape.grid.z;
    ctx.blockDim[0] = shape.block.x;
    ctx.blockDim[1] = shape.block.y;
    ctx.blockDim[2] = shape.block.z;
    ctx.numThreads = shape.block.x * shape.block.y * shape.block.z;
    ctx.dynamicSharedBytes = static_cast<uint32_t>(shape.dynamicSharedBytes);
    tArenas[i].prepare(*job.kernel, shape, ctx);
  }
  tCurrentBlock = &ctxs[0];
  tCurrentArena = &tArenas[0];
  // The participant's own share first, then the others' in turn.
  for (unsigned k = 0; k < job.participants; ++k) {
    BlockShare &share = job.shares[(participant + k) % job.participants];
    for (;;) {
      uint64_t first = share.next.fetch_add(job.chunk, std::memory_order_relaxed);
      if (first >= share.end)
        break;
      uint64_t last = std::min(share.end, first + job.chunk);
      if (job.interleave) {
        for (uint64_t b = first; b < last; b += width)
          runInterleaved(job, ctxs, b, std::min(last, b + width));
        continue;
      }
      setBlockIndex(ctxs[0], shape, first);
      for (uint64_t b = first; b < last; ++b, nextBlockIndex(ctxs[0], shape))
        runBlockToEnd(*job.kernel, ctxs[0], job.args);
    }
  }
  tCurrentBlock = nullptr;
  tCurrentArena = nullptr;
}

} // namespace

void abandonBlock(cudaError_t error) {
  if (!tFaultJump)
    std::abort(); // device code outside a launch: nothing to return to
  tFault = error;
  siglongjmp(*tFaultJump, 1);
}

void abandonThread(uint32_t linearThread, cudaError_t error) {
  if (!tThreadEndJump)
    abandonBlock(error);
  tPendingError = error;
  tEndedThread = linearThread;
  siglongjmp(*tThreadEndJump, 1);
}

bool currentBlockIndex(unsigned int index[3]) {
  if (!tCurrentBlock)
    return false;
  std::copy(tCurrentBlock->blockIdx, tCurrentBlock->blockIdx + 3, index);
  return true;
}

bool currentBlockDim(unsigned int dim[3]) {
  if (!tCurrentBlock)
    return false;
  std::copy(tCurrentBlock->blockDim, tCurrentBlock->blockDim + 3, dim);
  return true;
}

// The calling thread's own stack, found once.
bool onThreadStack(const void *address) {
  thread_local const char *low = nullptr, *high = nullptr;
  if (!low) {
    pthread_attr_t attr;
    void *base = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      pthread_attr_getstack(&attr, &base, &size);
      pthread_attr_destroy(&attr);
    }
    low = static_cast<const char *>(base);
    high = low + size;
  }
  const char *p = static_cast<const char *>(address);
  return p >= low && p < high;
}

AddressSpace addressSpaceOf(const void *address) {
  const char *p = static_cast<const char *>(address);
  if (tCurrentBlock) {
    if (p >= tCurrentBlock->shared && p < tCurrentBlock->shared + tCurrentArena->SharedBytes)
      return AddressSpaceShared;
    if (p >= tCurrentBlock->frame && p < tCurrentBlock->frame + tCurrentArena->FrameBytes)
      return AddressSpaceLocal;
  }
  if (onThreadStack(address) || onFiberStack(address))
    return AddressSpaceLocal;
  std::optional<Allocation> a = memory().find(address);
  return a && a->isConstant ? AddressSpaceConstant : AddressSpaceGlobal;
}

bool runningCooperativeGrid() { return tCurrentJob && tCurrentJob->shape->cooperative; }

bool gridBarrier() {
  GridJob *job = tCurrentJob;
  if (!job || !job->shape->cooperative)
    return false;
  // Once a block has faulted the launch is over: nobody waits any more.
  uint64_t round = job->rounds.load();
  if (job->fault.load() != cudaSuccess)
    return true;
  if (job->arrived.fetch_add(1) + 1 == job->totalBlocks) {
    job->arrived.store(0);
    job->rounds.fetch_add(1);
    job->rounds.notify_all();
    return true;
  }
  while (job->rounds.load() == round && job->fault.load() == cudaSuccess)
    job->rounds.wait(round);
  return true;
}

cudaError_t runGrid(const KernelDesc &kernel, const GridShape &shape, void *const *args) {
  installFaultHandlers();
  WorkerPool &pool = WorkerPool::instance();
  GridJob job;
  job.kernel = &kernel;
  job.shape = &shape;
  job.args = args;
  job.totalBlocks = static_cast<uint64_t>(shape.grid.x) * shape.grid.y * shape.grid.z;
  job.participants = pool.size();
  // A cooperative grid's blocks wait for one another at grid barriers: each must have a
  // participant of its own, so none is interleaved with another.
  // A kernel whose blocks wait for earlier ones takes its blocks one at a time, in order, from
  // one share that every participant draws on: a block then waits at most for the blocks the
  // other participants are running.
  const bool inOrder = kernel.flags & KernelWaitsOnOtherBlocks;
  job.interleave = (kernel.flags & KernelInterleavesBlocks) && runsStepwise(kernel) &&
                   !shape.cooperative && !inOrder;
  job.chunk = inOrder ? 1
                      : std::max<uint64_t>(job.interleave ? kInterleavedBlocks : 1,
                                           job.totalBlocks / (job.participants * 16ull));
  if (job.participants > kInlineShares) {
    job.heapShares = std::make_unique<BlockShare[]>(job.participants);
    job.shares = job.heapShares.get();
  }
  for (unsigned p = 0; p < job.participants; ++p) {
    const unsigned shares = inOrder ? 1 : job.participants;
    const unsigned q = std::min(p, shares);
    job.shares[p].next.store(shareStart(job.totalBlocks, q, shares), std::memory_order_relaxed);
    job.shares[p].end = shareStart(job.totalBlocks, std::min(p + 1, shares), shares);
  }
  pool.run([&job](unsigned participant) {
    SubnormalFlushScope flush(job.kernel->flags & KernelFlushesSubnormals);
    ensureAlternateSignalStack();
    // The fault handlers block no signal (SA_NODEFER, an empty sa_mask), so a fault's jump back
    // finds the signal mask as it was: saving and restoring it, a system call for every
    // participant of every launch, would change nothing.
    sigjmp_buf jump;
    tFaultJump = &jump;
    if (sigsetjmp(jump, 0) == 0) {
      runBlocks(job, participant);
    } else {
      int none = cudaSuccess;
      job.fault.compare_exchange_strong(none, tFault);
      // A faulting block never reaches the grid barrier: wake the blocks waiting there.
      job.rounds.fetch_add(1);
      job.rounds.notify_all();
      for (unsigned p = 0; p < job.participants; ++p)
        job.shares[p].next.store(job.shares[p].end, std::memory_order_relaxed);
      tCurrentBlock = nullptr;
      tCurrentArena = nullptr;
      tThreadEndJump = nullptr;
      tPendingError = cudaSuccess;
    }
    tFaultJump = nullptr;
    tCurrentJob = nullptr;
  });
  return static_cast<cudaError_t>(job.fault.load());
}

} // namespace drawbridge::runtime::cpu
