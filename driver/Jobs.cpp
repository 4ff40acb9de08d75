// Running and printing jobs; see Jobs.h.
#include "Jobs.h"

#include "ClangDiagnostics.h"

#include <cerrno>
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
    line += " > " + shellQuote(job.stdoutPath);
  return line;
}

namespace {

// Copies clang's standard error from Fd to ours a line at a time, through the filter.
void forwardDiagnostics(int Fd) {
  ClangDiagnostics filter;
  std::string pending;
  char buffer[4096];
  auto emit = [&](const std::string &line) {
    for (const std::string &out : filter.filter(line))
      std::fprintf(stderr, "%s\n", out.c_str());
  };
  for (;;) {
    ssize_t n = read(Fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    pending.append(buffer, n);
    for (size_t end; (end = pending.find('\n')) != std::string::npos; pending.erase(0, end + 1))
      emit(pending.substr(0, end));
  }
  if (!pending.empty())
    emit(pending);
  std::fflush(stderr);
  close(Fd);
}

} // namespace

int runJob(const Job &job) {
  std::vector<std::string> args = job.argv;
  // Clang colours its diagnostics only for a terminal; through the pipe it must be told.
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
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  int diagnostics[2] = {-1, -1};
  if (job.clangDiagnostics && pipe2(diagnostics, O_CLOEXEC) == 0)
    posix_spawn_file_actions_adddup2(&actions, diagnostics[1], STDERR_FILENO);
  pid_t pid = 0;
  // posix_spawnp: a bare name (-ccbin g++) is looked up on PATH, as a shell would.
  int error = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (diagnostics[1] >= 0)
    close(diagnostics[1]);
  if (error != 0) {
    if (diagnostics[0] >= 0)
      close(diagnostics[0]);
    std::fprintf(stderr, "nvcc fatal   : could not run '%s': %s\n", argv[0], std::strerror(error));
    return 127;
  }
  if (diagnostics[0] >= 0)
    forwardDiagnostics(diagnostics[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR)
      return 127;
  if (WIFEXITED(status))
    return WEXITSTATUS(status);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return 1;
}

} // namespace drawbridge::driver
