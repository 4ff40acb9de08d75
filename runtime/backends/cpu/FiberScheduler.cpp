// The fiber scheduler; see FiberScheduler.h. Fibers are ucontext contexts on stacks kept per
// worker thread and reused from block to block.
#include "backends/cpu/FiberScheduler.h"

#include "backends/cpu/BlockScheduler.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sys/mman.h>
#include <ucontext.h>
#include <vector>

using namespace drawbridge::cpu_abi;

extern "C" {
thread_local FiberThread __drawbridge_fiber_thread;
}

namespace drawbridge::runtime::cpu {

namespace {

constexpr size_t kFiberStackBytes = 256 * 1024;

struct Fiber {
  ucontext_t context;
  char *stack = nullptr;
  bool started = false;
};

// The scheduler's state on this worker thread.
struct FiberWorker {
  ucontext_t scheduler;
  std::vector<Fiber> fibers;
  std::vector<uint32_t> kinds; // per thread: kind of the site it waits at
  const KernelDesc *kernel = nullptr;
  void *const *args = nullptr;
  BlockContext *ctx = nullptr;
  uint32_t current = 0;
};

thread_local FiberWorker tWorker;

void fiberMain() {
  FiberWorker &w = tWorker;
  w.kernel->fiberEntry(w.args);
  w.ctx->state[w.current] = kThreadExited;
  w.fibers[w.current].started = false;
  // Returning resumes uc_link, the scheduler.
}

void prepare(FiberWorker &w, uint32_t threads) {
  if (w.fibers.size() < threads)
    w.fibers.resize(threads);
  w.kinds.assign(threads, 0);
  for (uint32_t t = 0; t < threads; ++t) {
    Fiber &f = w.fibers[t];
    f.started = false;
    if (!f.stack) {
      void *stack = mmap(nullptr, kFiberStackBytes, PROT_READ | PROT_WRITE,
                         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (stack == MAP_FAILED) {
        std::fprintf(stderr, "drawbridge: cannot allocate fiber stacks for %u threads\n", threads);
        std::abort();
      }
      f.stack = static_cast<char *>(stack);
    }
  }
}

void resume(FiberWorker &w, uint32_t t) {
  BlockContext &ctx = *w.ctx;
  w.current = t;
  __drawbridge_fiber_thread.ctx = &ctx;
  __drawbridge_fiber_thread.threadIndex = t;
  __drawbridge_fiber_thread.tid[0] = t % ctx.blockDim[0];
  __drawbridge_fiber_thread.tid[1] = t / ctx.blockDim[0] % ctx.blockDim[1];
  __drawbridge_fiber_thread.tid[2] = t / (ctx.blockDim[0] * ctx.blockDim[1]);
  Fiber &f = w.fibers[t];
  if (!f.started) {
    getcontext(&f.context);
    f.context.uc_stack.ss_sp = f.stack;
    f.context.uc_stack.ss_size = kFiberStackBytes;
    f.context.uc_link = &w.scheduler;
    makecontext(&f.context, fiberMain, 0);
    f.started = true;
  }
  swapcontext(&w.scheduler, &f.context);
}

// Fiber kernels: a released thread resumes its fiber.
class FiberRunner : public ThreadRunner {
public:
  explicit FiberRunner(FiberWorker &w) : W(w) {}
  void runReleased(uint32_t begin, uint32_t end) override {
    for (uint32_t t = begin; t < end; ++t)
      if (!(W.ctx->state[t] & kWaiting))
        resume(W, t);
  }
  uint32_t kindOf(uint32_t, uint32_t t) override { return W.kinds[t]; }
  bool hasWarpSites() override { return true; }
  bool hasYieldSites() override { return true; }

private:
  FiberWorker &W;
};

} // namespace

void runFiberBlock(const KernelDesc &k, BlockContext &ctx, void *const *args) {
  FiberWorker &w = tWorker;
  prepare(w, ctx.numThreads);
  w.kernel = &k;
  w.args = args;
  w.ctx = &ctx;
  ctx.gatherResults = 1;
  FiberRunner runner(w);
  scheduleBlock(ctx, runner);
  ctx.gatherResults = 0;
}

bool onFiberStack(const void *address) {
  const char *p = static_cast<const char *>(address);
  for (const Fiber &f : tWorker.fibers)
    if (f.stack && p >= f.stack && p < f.stack + kFiberStackBytes)
      return true;
  return false;
}

} // namespace drawbridge::runtime::cpu

extern "C" {

void __drawbridge_fiber_site_store(uint64_t in, uint32_t aux) {
  using drawbridge::runtime::cpu::tWorker;
  tWorker.ctx->exchangeIn[tWorker.current] = in;
  tWorker.ctx->exchangeAux[tWorker.current] = aux;
}

uint64_t __drawbridge_fiber_site(uint32_t id, uint32_t kind) {
  using drawbridge::runtime::cpu::tWorker;
  auto &w = tWorker;
  uint32_t t = w.current;
  w.ctx->state[t] = id | kWaiting;
  w.kinds[t] = kind;
  swapcontext(&w.fibers[t].context, &w.scheduler);
  return w.ctx->exchangeOut[t];
}

} // extern "C"
