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

void WorkerPool::workerLoop(unsigned participant) {
  uint64_t seen = 0;
  std::unique_lock<std::mutex> lock(Mutex);
  for (;;) {
    spinThenWait(lock, Wake, [&] { return Generation != seen; });
    seen = Generation;
    const std::function<void(unsigned)> *job = Job;
    lock.unlock();
    (*job)(participant);
    lock.lock();
    if (--Running == 0)
      Done.notify_all();
  }
}

void WorkerPool::run(const std::function<void(unsigned)> &work) {
  std::lock_guard<std::mutex> jobLock(JobMutex);
  {
    std::lock_guard<std::mutex> lock(Mutex);
    Job = &work;
    Running = static_cast<unsigned>(Workers.size());
    ++Generation;
  }
  Wake.notify_all();
  work(0);
  std::unique_lock<std::mutex> lock(Mutex);
  spinThenWait(lock, Done, [&] { return Running == 0; });
  Job = nullptr;
}

} // namespace drawbridge::runtime::cpu
