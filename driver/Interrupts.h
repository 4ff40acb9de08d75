// Cleaning up when nvcc is interrupted. A build that is cancelled (Ctrl-C, a CI job's timeout,
// make or ninja stopping) sends nvcc SIGINT, SIGTERM or SIGHUP; by default nvcc would die at
// once, leaving its temporary directory behind and, when the signal was sent to nvcc alone,
// its compile jobs (clang, drawbridge-device) running on for minutes. nvcc instead blocks those
// signals in every thread and waits for them in one of its own: on one, it stops the jobs it
// started, waits for them, removes its temporary directories, and ends by the same signal, as
// the build system expects. Jobs start with no signal blocked. Starting a job, its end and a
// directory's removal wait while the cleanup runs, so that none of them races it.
#pragma once

#include <csignal>
#include <functional>
#include <string>
#include <sys/types.h>

namespace drawbridge::driver {

// Starts the waiting thread; call before any other thread starts. DieWithParent (drawbridge-cc,
// started by nvcc) also asks for SIGTERM when the process that started this one dies, even by
// SIGKILL, so that its own jobs are stopped and its files removed then too. (Linux sends that
// signal when the thread that started the process ends: nvcc starts its jobs from its main
// thread only.)
void handleInterrupts(bool DieWithParent);

// The signals the jobs start with blocked: none.
const sigset_t &jobSignalMask();

// Runs Start, which starts a job and returns its process id (-1 if it did not start), so that
// the cleanup stops the job, or the job never starts.
pid_t startJob(const std::function<pid_t()> &Start);
// The job has been waited for.
void jobEnded(pid_t Pid);

void temporaryDirectoryCreated(const std::string &Path);
// Removes the directory and all in it.
void removeTemporaryDirectory(const std::string &Path);

} // namespace drawbridge::driver
