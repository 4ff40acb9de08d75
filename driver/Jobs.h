// A compilation is a list of jobs: programs to run with their arguments. nvcc -v prints each
// job before running it and --dryrun only prints them, both in nvcc's "#$ command" form.
#pragma once

#include <string>
#include <vector>

namespace drawbridge::driver {

struct Job {
  std::vector<std::string> argv;
  // Where the job's standard output goes (empty: inherited), for -E and -M to files.
  std::string stdoutPath;
  // The job is Drawbridge's clang: its standard error goes through ClangDiagnostics.
  bool clangDiagnostics = false;
};

// Quotes an argument the way a POSIX shell would need it.
std::string shellQuote(const std::string &arg);
std::string describe(const Job &job);

// Runs the job and waits; returns its exit status (128 + signal when killed).
int runJob(const Job &job);

} // namespace drawbridge::driver
