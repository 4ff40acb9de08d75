// Running and printing jobs; see Jobs.h.
#include "Jobs.h"

#include "ClangDiagnostics.h"
#include "Interrupts.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace drawbridge::driver {

std::string shellQuote(const std::string &arg) {
  if (!arg.empty() && arg.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                            "0123456789_-+=/.,:@%") == std::string::npos)
    return arg;
  std::string quoted = "\"";
  for (char c : arg) {
    if (c == '"' || c == '\\' || c == '$' || c == '`')
      quoted += '\\';
    quoted += c;
  }
  return quoted + "\"";
}

std::string describe(const Job &job) {
  std::string line;
  for (const std::string &arg : job.argv) {
    if (!line.empty())
      line += ' ';
    line += shellQuote(arg);
  }
  if (!job.stdoutPath.empty())
    line += (job.appendStdout ? " >> " : " > ") + shellQuote(job.stdoutPath);
  return line;
}

namespace {

// Writes Text, clang's standard error, to ours a line at a time, through the filter; Final
// also writes an unterminated last line.
void forwardLines(ClangDiagnostics &Filter, std::string &Text, bool Final) {
  auto emit = [&](const std::string &line) {
    for (const std::string &out : Filter.filter(line))
      std::fprintf(stderr, "%s\n", out.c_str());
  };
  for (size_t end; (end = Text.find('\n')) != std::string::npos; Text.erase(0, end + 1))
    emit(Text.substr(0, end));
  if (Final && !Text.empty()) {
    emit(Text);
    Text.clear();
  }
}

// Reads Fd to its end, handing each piece to Consume, and closes it.
template <class F> void drain(int Fd, F Consume) {
  char buffer[4096];
  for (;;) {
    ssize_t n = read(Fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    Consume(buffer, static_cast<size_t>(n));
  }
  close(Fd);
}

// Copies clang's standard error from Fd to ours a line at a time, through the filter.
void forwardDiagnostics(int Fd) {
  ClangDiagnostics filter;
  std::string pending;
  drain(Fd, [&](const char *data, size_t n) {
    pending.append(data, n);
    forwardLines(filter, pending, /*Final=*/false);
  });
  forwardLines(filter, pending, /*Final=*/true);
  std::fflush(stderr);
}

// Starts the job with its standard error going to StderrFd (-1: inherited); 0 or the errno
// of a failed start.
int spawn(const Job &job, int StderrFd, pid_t &Pid) {
  std::vector<std::string> args = job.argv;
  // Clang colours its diagnostics only for a terminal; through a pipe it must be told.
  if (job.clangDiagnostics && isatty(STDERR_FILENO))
    args.insert(args.begin() + 1, "-fcolor-diagnostics");
  std::vector<char *> argv;
  for (const std::string &arg : args)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!job.stdoutPath.empty())
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, job.stdoutPath.c_str(),
                                     O_WRONLY | O_CREAT | (job.appendStdout ? O_APPEND : O_TRUNC),
                                     0644);
  if (StderrFd >= 0)
    posix_spawn_file_actions_adddup2(&actions, StderrFd, STDERR_FILENO);
  // nvcc blocks the interrupt signals for its own thread that waits for them; the job must
  // not inherit that (Interrupts.h).
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setsigmask(&attributes, &jobSignalMask());
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  // posix_spawnp: a bare name (-ccbin g++) is looked up on PATH, as a shell would.
  int error = 0;
  Pid = startJob([&] {
    pid_t Started = -1;
    error = posix_spawnp(&Started, argv[0], &actions, &attributes, argv.data(), environ);
    return error == 0 ? Started : -1;
  });
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0)
    std::fprintf(stderr, "nvcc fatal   : could not run '%s': %s\n", argv[0], std::strerror(error));
  return error;
}

// The exit status of the started job Pid, as runJob returns it.
int reap(pid_t Pid) {
  int status = 0;
  while (waitpid(Pid, &status, 0) < 0)
    if (errno != EINTR) {
      jobEnded(Pid);
      return 127;
    }
  jobEnded(Pid);
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return 1;
}

} // namespace

int runJob(const Job &job) {
  int diagnostics[2] = {-1, -1};
  if (job.clangDiagnostics && pipe2(diagnostics, O_CLOEXEC) != 0)
    diagnostics[0] = diagnostics[1] = -1;
  pid_t pid = 0;
  int error = spawn(job, diagnostics[1], pid);
  if (diagnostics[1] >= 0)
    close(diagnostics[1]);
  if (error != 0) {
    if (diagnostics[0] >= 0)
      close(diagnostics[0]);
    return 127;
  }
  if (diagnostics[0] >= 0)
    forwardDiagnostics(diagnostics[0]);
  return reap(pid);
}

BackgroundJob::BackgroundJob(const Job &job) : FiltersDiagnostics(job.clangDiagnostics) {
  int held[2];
  if (pipe2(held, O_CLOEXEC) != 0) {
    SpawnStatus = spawn(job, -1, Pid) == 0 ? 0 : 127;
    return;
  }
  if (spawn(job, held[1], Pid) != 0) {
    SpawnStatus = 127;
    close(held[0]);
  } else {
    Reader = std::thread([this, fd = held[0]] {
      drain(fd, [this](const char *data, size_t n) { Held.append(data, n); });
    });
  }
  close(held[1]);
}

int BackgroundJob::wait() {
  if (Reader.joinable())
    Reader.join();
  if (SpawnStatus != 0 || Pid < 0)
    return SpawnStatus;
  const int status = reap(Pid);
  Pid = -1;
  return status;
}

int BackgroundJob::finish() {
  const int status = wait();
  if (FiltersDiagnostics) {
    ClangDiagnostics filter;
    forwardLines(filter, Held, /*Final=*/true);
  } else {
    std::fwrite(Held.data(), 1, Held.size(), stderr);
  }
  Held.clear();
  std::fflush(stderr);
  return status;
}

BackgroundJob::~BackgroundJob() {
  if (Pid > 0)
    kill(Pid, SIGTERM);
  wait();
}

} // namespace drawbridge::driver
