// Error state of the CUDA runtime; see ApiCall.h.
#include "api/ApiCall.h"

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace drawbridge::runtime {

namespace {
std::atomic<cudaError_t> gStickyError{cudaSuccess};
std::atomic<cudaError_t> gDeviceFault{cudaSuccess};
thread_local cudaError_t tLastError = cudaSuccess;
} // namespace

cudaError_t stickyError() { return gStickyError.load(std::memory_order_acquire); }

void clearStickyError() {
  gDeviceFault.store(cudaSuccess, std::memory_order_release);
  gStickyError.store(cudaSuccess, std::memory_order_release);
}

void recordDeviceFault(cudaError_t error) {
  cudaError_t expected = cudaSuccess;
  gDeviceFault.compare_exchange_strong(expected, error, std::memory_order_acq_rel);
}

bool deviceFaulted() { return deviceFault() != cudaSuccess; }

cudaError_t deviceFault() { return gDeviceFault.load(std::memory_order_acquire); }

cudaError_t observeDeviceFaults() {
  cudaError_t fault = gDeviceFault.load(std::memory_order_acquire);
  if (fault != cudaSuccess) {
    cudaError_t expected = cudaSuccess;
    gStickyError.compare_exchange_strong(expected, fault, std::memory_order_acq_rel);
  }
  return stickyError();
}

cudaError_t takeLastError() {
  cudaError_t sticky = stickyError();
  if (sticky != cudaSuccess)
    return sticky;
  cudaError_t last = tLastError;
  tLastError = cudaSuccess;
  return last;
}

cudaError_t peekLastError() {
  cudaError_t sticky = stickyError();
  return sticky != cudaSuccess ? sticky : tLastError;
}

void recordError(cudaError_t error) {
  // cudaErrorNotReady answers a query; CUDA does not treat it as the thread's last error.
  if (error != cudaSuccess && error != cudaErrorNotReady)
    tLastError = error;
}

void debugLog(const char *format, ...) {
  static const bool enabled = std::getenv("DRAWBRIDGE_DEBUG") != nullptr;
  if (!enabled)
    return;
  std::va_list args;
  va_start(args, format);
  std::fputs("drawbridge: ", stderr);
  std::vfprintf(stderr, format, args);
  std::fputc('\n', stderr);
  va_end(args);
}

} // namespace drawbridge::runtime
