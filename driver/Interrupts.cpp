// Cleaning up when nvcc is interrupted; see Interrupts.h.
#include "Interrupts.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <vector>

namespace drawbridge::driver {
namespace {

// What the cleanup stops and removes, and the lock it holds from the signal to the end of the
// process. Never destroyed: a signal during exit still finds it.
struct Registry {
  std::mutex Lock;
  std::vector<pid_t> Jobs;
  std::vector<std::string> Directories;
};
Registry &registry() {
  static Registry *const R = new Registry;
  return *R;
}

// How long a stopped job has to end before it is killed.
constexpr auto kStopGrace = std::chrono::seconds(2);

// Ends Pid (sent SIGTERM), killing it if it has not ended within kStopGrace.
void awaitStopped(pid_t Pid) {
  const auto Deadline = std::chrono::steady_clock::now() + kStopGrace;
  for (;;) {
    const pid_t Done = waitpid(Pid, nullptr, WNOHANG);
    if (Done == Pid || (Done < 0 && errno != EINTR))
      return; // ended, or already waited for by the thread that started it
    if (std::chrono::steady_clock::now() >= Deadline) {
      kill(Pid, SIGKILL);
      waitpid(Pid, nullptr, 0);
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// Waits for an interrupt, cleans up, and ends the process by that signal.
void waitForInterrupt(sigset_t Set) {
  int Signal = 0;
  while (sigwait(&Set, &Signal) != 0) {
  }
  Registry &R = registry();
  R.Lock.lock(); // never released: the process ends below
  for (pid_t Pid : R.Jobs)
    kill(Pid, SIGTERM);
  // A job still running could write into a directory being removed.
  for (pid_t Pid : R.Jobs)
    awaitStopped(Pid);
  for (const std::string &Path : R.Directories) {
    std::error_code Ignored;
    std::filesystem::remove_all(Path, Ignored);
  }
  signal(Signal, SIG_DFL);
  sigset_t One;
  sigemptyset(&One);
  sigaddset(&One, Signal);
  pthread_sigmask(SIG_UNBLOCK, &One, nullptr);
  raise(Signal);
}

} // namespace

void handleInterrupts(bool DieWithParent) {
  if (DieWithParent)
    prctl(PR_SET_PDEATHSIG, SIGTERM);
  sigset_t Set;
  sigemptyset(&Set);
  for (int Signal : {SIGINT, SIGTERM, SIGHUP})
    sigaddset(&Set, Signal);
  pthread_sigmask(SIG_BLOCK, &Set, nullptr);
  std::thread(waitForInterrupt, Set).detach();
}

const sigset_t &jobSignalMask() {
  static const sigset_t None = [] {
    sigset_t Set;
    sigemptyset(&Set);
    return Set;
  }();
  return None;
}

pid_t startJob(const std::function<pid_t()> &Start) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  const pid_t Pid = Start();
  if (Pid > 0)
    R.Jobs.push_back(Pid);
  return Pid;
}

void jobEnded(pid_t Pid) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  std::erase(R.Jobs, Pid);
}

void temporaryDirectoryCreated(const std::string &Path) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  R.Directories.push_back(Path);
}

void removeTemporaryDirectory(const std::string &Path) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Guard(R.Lock);
  std::error_code Ignored;
  std::filesystem::remove_all(Path, Ignored);
  std::erase(R.Directories, Path);
}

} // namespace drawbridge::driver
