// CUDA-side helpers for the suite's benchmarks: a status check that turns a failed call into an
// exception (so the harness reports ERROR for that implementation and moves on), a typed device
// buffer, and the grid size GPU code usually picks for grid-stride loops.
#pragma once

#include <cuda_runtime.h>

#include "bench.h"

#include <stdexcept>
#include <string>

namespace suite {

inline void cudaCheck(cudaError_t status, const char *what) {
  if (status != cudaSuccess)
    throw std::runtime_error(std::string(what) + ": " + cudaGetErrorString(status));
}
#define SUITE_CUDA(call) ::suite::cudaCheck((call), #call)

// Waits for the device and reports any error of the kernels launched since the last check.
inline void cudaFinish() {
  SUITE_CUDA(cudaGetLastError());
  SUITE_CUDA(cudaDeviceSynchronize());
}

// Device memory holding n values of T.
template <class T> class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t n) : Count(n) { SUITE_CUDA(cudaMalloc(&Data, n * sizeof(T))); }
  explicit DeviceBuffer(const HostVector<T> &host) : DeviceBuffer(host.size()) { upload(host); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { cudaFree(Data); }

  T *get() const { return Data; }
  size_t size() const { return Count; }
  void upload(const HostVector<T> &host) {
    SUITE_CUDA(cudaMemcpy(Data, host.data(), Count * sizeof(T), cudaMemcpyHostToDevice));
  }
  HostVector<T> download() const {
    HostVector<T> host(Count);
    SUITE_CUDA(cudaMemcpy(host.data(), Data, Count * sizeof(T), cudaMemcpyDeviceToHost));
    return host;
  }

private:
  T *Data = nullptr;
  size_t Count;
};

// Blocks for a grid-stride loop: enough to fill every multiprocessor several times over, the
// usual choice in GPU code (for Drawbridge, a multiprocessor is a worker thread).
inline int gridStrideBlocks() {
  int device = 0, sms = 1;
  SUITE_CUDA(cudaGetDevice(&device));
  SUITE_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return 32 * sms;
}

} // namespace suite
