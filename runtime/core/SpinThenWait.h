// Waiting between threads that hand each other small pieces of work (a launch to the stream's
// thread, blocks to the worker pool, completion back to the caller). A condition variable alone
// costs a sleep and a wake-up, tens of microseconds on a busy machine, on every hand-off; a
// short poll first catches the common case where the answer comes within microseconds, as
// OpenMP runtimes do. The poll spins for a couple of microseconds, then yields the processor
// between looks, so a waiting thread does not hold back the threads doing the work: a yield
// costs a system call and, where two threads share a core, a switch to the other one, which
// made every launch cost several microseconds when the poll began with one.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace drawbridge::runtime {

// How long a waiter polls before it sleeps, and how much of that it spins before yielding.
inline constexpr std::chrono::microseconds kPollBeforeSleep{50};
inline constexpr std::chrono::microseconds kSpinBeforeYield{2};

// Tells the core that this thread is spinning (x86's pause), so that its sibling hardware
// thread runs faster and the loop does not flood the memory system.
inline void relaxWhileSpinning() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

// Polls `ready`, spinning for kSpinBeforeYield and then yielding the processor between looks,
// for kPollBeforeSleep in all: true once it holds, false if it still does not when the time is
// up.
template <class Ready> bool pollFor(Ready ready) {
  const auto start = std::chrono::steady_clock::now();
  while (!ready()) {
    const auto waited = std::chrono::steady_clock::now() - start;
    if (waited >= kPollBeforeSleep)
      return false;
    if (waited < kSpinBeforeYield) {
      for (int i = 0; i < 8; ++i)
        relaxWhileSpinning();
    } else {
      std::this_thread::yield();
    }
  }
  return true;
}

// Like cv.wait(lock, ready), after polling `ready` (taking the lock for each look) for
// kPollBeforeSleep.
template <class Ready>
void spinThenWait(std::unique_lock<std::mutex> &lock, std::condition_variable &cv, Ready ready) {
  if (ready())
    return;
  lock.unlock();
  pollFor([&] {
    std::lock_guard<std::mutex> look(*lock.mutex());
    return ready();
  });
  lock.lock();
  cv.wait(lock, ready);
}

} // namespace drawbridge::runtime
