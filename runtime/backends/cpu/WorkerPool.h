// The CPU backend's worker threads: one per core (or DRAWBRIDGE_CPU_THREADS), asleep until a
// grid arrives. The thread that launches a grid works on it too, so a pool of N workers runs
// blocks on N + 1 threads only while the launching thread would otherwise just wait.
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
  // Calls work(participant) on the calling thread and on every worker (participant numbers
  // 0..size()), and returns when all calls have returned. One job runs at a time.
  void run(const std::function<void(unsigned participant)> &work);
  // Threads that run blocks, the launching thread included.
  unsigned size() const { return static_cast<unsigned>(Workers.size()) + 1; }

  static WorkerPool &instance();

private:
  WorkerPool();
  void workerLoop(unsigned participant);

  std::mutex JobMutex; // one job at a time
  std::mutex Mutex;
  std::condition_variable Wake;
  std::condition_variable Done;
  const std::function<void(unsigned)> *Job = nullptr;
  uint64_t Generation = 0;
  unsigned Running = 0;
  std::vector<std::thread> Workers;
};

} // namespace drawbridge::runtime::cpu
