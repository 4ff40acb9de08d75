// A test that could hang (threads or blocks that wait for one another) calls
// armWatchdog(seconds) first: past that time it prints FAIL and exits, so a hang is a failure
// that FileCheck reports rather than a stuck test run.
#pragma once

#include <csignal>
#include <unistd.h>

static void watchdogFired(int) {
  const char message[] = "FAIL: timed out\n";
  write(1, message, sizeof message - 1);
  _exit(1);
}

static void armWatchdog(unsigned seconds) {
  signal(SIGALRM, watchdogFired);
  alarm(seconds);
}
