// How every CUDA Runtime API entry point reports its result.
//
// CUDA keeps two kinds of error state: a per-thread "last error" that cudaGetLastError
// returns and clears, and a sticky error (a kernel that faulted, an assert in device code)
// that poisons the whole context until cudaDeviceReset: every later call returns it. Entry
// points run their work through apiCall(), which checks the sticky error first and records
// the result, so that each one reads as "check arguments, do the work, return a code".
#pragma once

#include "cuda_runtime_api.h"

#include <utility>

namespace drawbridge::runtime {

// The sticky error, or cudaSuccess.
cudaError_t stickyError();
void clearStickyError();

// A fault in device code (called on the thread that ran the kernel). As on a GPU, the host
// learns of it at the next synchronising call, which makes it the sticky error.
void recordDeviceFault(cudaError_t error);
// Whether device work has faulted, observed or not (queued work is skipped then), and how.
bool deviceFaulted();
cudaError_t deviceFault();
// For synchronising calls: turns a fault into the sticky error and returns that.
cudaError_t observeDeviceFaults();

// The per-thread last error.
cudaError_t takeLastError();
cudaError_t peekLastError();
void recordError(cudaError_t error);

// Runs an entry point's body unless the context is already broken, recording the outcome.
template <typename Body> cudaError_t apiCall(Body &&body) {
  if (cudaError_t sticky = stickyError(); sticky != cudaSuccess) {
    recordError(sticky);
    return sticky;
  }
  cudaError_t result = std::forward<Body>(body)();
  recordError(result);
  return result;
}

// For entry points that must work on a broken context (queries, destruction, reset).
template <typename Body> cudaError_t apiCallAlways(Body &&body) {
  cudaError_t result = std::forward<Body>(body)();
  recordError(result);
  return result;
}

// Prints a line to stderr when DRAWBRIDGE_DEBUG is set: why a call failed, in words.
void debugLog(const char *format, ...) __attribute__((format(printf, 1, 2)));

} // namespace drawbridge::runtime
