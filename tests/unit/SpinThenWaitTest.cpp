// The runtime's hand-off wait (runtime/core/SpinThenWait.h): it returns once the condition
// holds, whether the other thread makes it true while the waiter still polls or only after the
// waiter has gone to sleep on the condition variable.
#include "core/SpinThenWait.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

using drawbridge::runtime::kPollBeforeSleep;
using drawbridge::runtime::spinThenWait;

namespace {

// Makes `ready` true after `delay` on another thread and waits for it.
void handOffAfter(std::chrono::microseconds delay) {
  std::mutex mutex;
  std::condition_variable changed;
  bool ready = false;
  std::thread other([&] {
    std::this_thread::sleep_for(delay);
    std::lock_guard<std::mutex> lock(mutex);
    ready = true;
    changed.notify_all();
  });
  std::unique_lock<std::mutex> lock(mutex);
  spinThenWait(lock, changed, [&] { return ready; });
  EXPECT_TRUE(ready);
  EXPECT_TRUE(lock.owns_lock());
  lock.unlock();
  other.join();
}

TEST(SpinThenWait, ReturnsAtOnceWhenReady) {
  std::mutex mutex;
  std::condition_variable changed;
  std::unique_lock<std::mutex> lock(mutex);
  spinThenWait(lock, changed, [] { return true; });
  EXPECT_TRUE(lock.owns_lock());
}

TEST(SpinThenWait, CatchesAHandOffWhilePolling) { handOffAfter(std::chrono::microseconds(0)); }

TEST(SpinThenWait, WakesFromSleepAfterThePoll) { handOffAfter(kPollBeforeSleep * 20); }

} // namespace
