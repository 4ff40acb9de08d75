// The CPU backend's worker pool; see WorkerPool.h.
#include "backends/cpu/WorkerPool.h"

#include "core/SpinThenWait.h"

#include <cstdlib>

namespace drawbridge::runtime::cpu {

namespace {

unsigned configuredThreads() {
  if (const char *env = std::getenv("DRAWBRIDGE_CPU_THREADS")) {
    long n = std::strtol(env, nullptr, 10);
    if (n > 0 && n <= 4096)
      return static_cast<unsigned>(n);
  }
  unsigned n = std::thread::hardware_concurrency();
  return n ? n : 1;
}

} // namespace

WorkerPool &WorkerPool::instance() {
  static WorkerPool *pool = new WorkerPool;
  return *pool;
}

WorkerPool::WorkerPool() {
  unsigned threads = configuredThreads();
  // The launching thread is one of the participants.
  for (unsigned i = 1; i < threads; ++i)
    Workers.emplace_back([this, i] { workerLoop(i); });
}

bool WorkerPool::join(uint32_t epoch) {
  uint64_t slot = Slot.load(std::memory_order_acquire);
  while (epochOf(slot) == epoch && (slot & kOpen))
    if (Slot.compare_exchange_weak(slot, slot + 1, std::memory_order_acq_rel))
      return true;
  return false;
}

void WorkerPool::leave() {
  const uint64_t before = Slot.fetch_sub(1);
  if ((before & (kOpen | kInsideMask)) == 1 && LauncherSleeping.load()) {
    std::lock_guard<std::mutex> lock(SleepMutex);
    Left.notify_all();
  }
}

void WorkerPool::workerLoop(unsigned participant) {
  uint32_t seen = 0;
  for (;;) {
    auto arrived = [&] { return epochOf(Slot.load()) != seen; };
    if (!pollFor(arrived)) {
      std::unique_lock<std::mutex> lock(SleepMutex);
      SleepingWorkers.fetch_add(1);
      Wake.wait(lock, arrived);
      SleepingWorkers.fetch_sub(1);
    }
    seen = epochOf(Slot.load());
    if (!join(seen))
      continue;
    (*Job)(participant);
    leave();
  }
}

void WorkerPool::run(const std::function<void(unsigned)> &work) {
  std::lock_guard<std::mutex> jobLock(JobMutex);
  Job = &work;
  const uint32_t epoch = epochOf(Slot.load(std::memory_order_relaxed)) + 1;
  Slot.store(uint64_t(epoch) << 32 | kOpen);
  if (SleepingWorkers.load() > 0) {
    std::lock_guard<std::mutex> lock(SleepMutex);
    Wake.notify_all();
  }
  work(0);
  Slot.fetch_and(~kOpen, std::memory_order_acq_rel);
  auto allLeft = [&] { return (Slot.load() & kInsideMask) == 0; };
  if (!pollFor(allLeft)) {
    std::unique_lock<std::mutex> lock(SleepMutex);
    LauncherSleeping.store(true);
    Left.wait(lock, allLeft);
    LauncherSleeping.store(false);
  }
  Job = nullptr;
}

} // namespace drawbridge::runtime::cpu
