// Running and printing jobs; see Jobs.h.
#include "Jobs.h"

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

int runJob(const Job &job) {
  std::vector<char *> argv;
  for (const std::string &arg : job.argv)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!job.stdoutPath.empty())
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, job.stdoutPath.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = 0;
  // posix_spawnp: a bare name (-ccbin g++) is looked up on PATH, as a shell would.
  int error = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0) {
    std::fprintf(stderr, "nvcc fatal   : could not run '%s': %s\n", argv[0], std::strerror(error));
    return 127;
  }
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
