// A compilation is a list of jobs: programs to run with their arguments. nvcc -v prints each
// job before running it and --dryrun only prints them, both in nvcc's "#$ command" form.
#pragma once

#include <string>
#include <sys/types.h>
#include <thread>
#include <vector>

namespace drawbridge::driver {

struct Job {
  std::vector<std::string> argv;
  // Where the job's standard output goes (empty: inherited), for -E and -M to files.
  std::string stdoutPath;
  bool appendStdout = false; // add to stdoutPath rather than replace it
  // The job is Drawbridge's clang: its standard error goes through ClangDiagnostics.
  bool clangDiagnostics = false;
};

// Quotes an argument the way a POSIX shell would need it.
std::string shellQuote(const std::string &arg);
std::string describe(const Job &job);

// Runs the job and waits; returns its exit status (128 + signal when killed).
int runJob(const Job &job);

// A job run beside others: it starts at once, its standard error held back, so that what two
// jobs at a time write never interleaves. finish() waits for it and then writes what it held
// back (through ClangDiagnostics for clang); a job neither finished nor wanted any more is
// ended, unheard, when it goes out of scope.
class BackgroundJob {
public:
  explicit BackgroundJob(const Job &job);
  ~BackgroundJob();
  BackgroundJob(const BackgroundJob &) = delete;
  BackgroundJob &operator=(const BackgroundJob &) = delete;
  // The job's exit status, as runJob's.
  int finish();

private:
  int wait();

  bool FiltersDiagnostics; // what it held back goes through ClangDiagnostics
  pid_t Pid = -1;
  int SpawnStatus = 0; // 127 when the job could not start
  std::thread Reader;  // drains the job's standard error into Held
  std::string Held;
};

} // namespace drawbridge::driver
