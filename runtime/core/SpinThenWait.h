// Waiting between threads that hand each other small pieces of work (a launch to the stream's
// thread, blocks to the worker pool, completion back to the caller). A condition variable alone
// costs a sleep and a wake-up, tens of microseconds on a busy machine, on every hand-off; a
// short poll first catches the common case where the answer comes within microseconds, as
// OpenMP runtimes do. The poll yields the processor between looks, so a waiting thread does
// not hold back the threads doing the work.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace drawbridge::runtime {

// How long a waiter polls before it sleeps.
inline constexpr std::chrono::microseconds kPollBeforeSleep{50};

// Like cv.wait(lock, ready), after polling `ready` (under the lock) for kPollBeforeSleep.
template <class Ready>
void spinThenWait(std::unique_lock<std::mutex> &lock, std::condition_variable &cv, Ready ready) {
  if (ready())
    return;
  const auto deadline = std::chrono::steady_clock::now() + kPollBeforeSleep;
  do {
    lock.unlock();
    std::this_thread::yield();
    lock.lock();
    if (ready())
      return;
  } while (std::chrono::steady_clock::now() < deadline);
  cv.wait(lock, ready);
}

} // namespace drawbridge::runtime
