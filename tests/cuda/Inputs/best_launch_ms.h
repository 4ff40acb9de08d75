// The best of five timings, in milliseconds, of a launch and the wait for it: for tests that
// check a kernel costs at most some multiple of another's on the same machine.
#pragma once

#include <algorithm>
#include <chrono>

template <class Launch> double bestLaunchMs(Launch launch) {
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    auto start = std::chrono::steady_clock::now();
    launch();
    cudaDeviceSynchronize();
    best = std::min(
        best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                  .count());
  }
  return best;
}
