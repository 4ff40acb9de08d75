// The CPU backend's worker threads: one per core (or DRAWBRIDGE_CPU_THREADS), asleep until a
// grid arrives. The thread that launches a grid works on it too, so a pool of N workers runs
// blocks on N + 1 threads only while the launching thread would otherwise just wait.
//
// A worker joins a job only while it is open: the launching thread closes it when its own call
// returns, having run whatever blocks nobody else had taken, and then waits only for the
// workers that did join. A launch too small to need them (thousands of tiny kernels in a row)
// therefore costs no wake-up round trip to every worker.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace drawbridge::runtime::cpu {

class WorkerPool {
public:
  // Calls work(participant) on the calling thread (participant 0) and on each worker that
  // joins before that call returns (participants 1..size()-1), and returns when all those calls
  // have returned. One job runs at a time. work must leave nothing undone for a worker that
  // does not join; a worker that joins while the calling thread waits for it (a cooperative
  // grid's barrier) always comes.
  void run(const std::function<void(unsigned participant)> &work);
  // Threads that run blocks, the launching thread included.
  unsigned size() const { return static_cast<unsigned>(Workers.size()) + 1; }

  static WorkerPool &instance();

private:
  WorkerPool();
  void workerLoop(unsigned participant);
  // Enters the open job of the given epoch; false if it has closed or a newer one began.
  bool join(uint32_t epoch);
  void leave();

  // Slot: the epoch of the current job in the high 32 bits, kOpen while workers may join,
  // and in the low bits how many workers are inside it.
  static constexpr uint64_t kOpen = uint64_t(1) << 31;
  static constexpr uint64_t kInsideMask = kOpen - 1;
  static uint32_t epochOf(uint64_t slot) { return static_cast<uint32_t>(slot >> 32); }

  std::mutex JobMutex; // one job at a time
  const std::function<void(unsigned)> *Job = nullptr;
  std::atomic<uint64_t> Slot{0};
  // Sleeping: workers wait on Wake for a new epoch, the launching thread on Left for the
  // workers inside to leave. Each counter says whether a notification is needed.
  std::mutex SleepMutex;
  std::condition_variable Wake, Left;
  std::atomic<unsigned> SleepingWorkers{0};
  std::atomic<bool> LauncherSleeping{false};
  std::vector<std::thread> Workers;
};

} // namespace drawbridge::runtime::cpu
