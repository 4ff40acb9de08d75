// The best of five timed calls, in milliseconds: the standalone benchmarks in bench/ time each
// variant this way, in one run, so that their ratios hold on a noisy machine, and so do the
// tests in tests/cuda that bound one kernel's time by a multiple of another's.
#pragma once

#include <algorithm>
#include <chrono>

template <class F> double bestMs(F f) {
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(
        best,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}
