// Every block of memory the runtime handed out or was told about, so that pointers can be
// checked (cudaFree of a stranger is an error, not a crash) and classified
// (cudaPointerGetAttributes). On the CPU target all memory is host memory: device
// allocations are page-aligned host memory that starts zeroed.
#pragma once

#include "cuda_runtime_api.h"

#include <cstddef>
#include <map>
#include <mutex>
#include <optional>

namespace drawbridge::runtime {

enum class MemoryKind {
  Device,     // cudaMalloc, cudaMallocPitch, cudaMallocAsync
  Managed,    // cudaMallocManaged
  Host,       // cudaMallocHost, cudaHostAlloc
  Registered, // cudaHostRegister
};

struct Allocation {
  char *base = nullptr;
  size_t size = 0;
  MemoryKind kind = MemoryKind::Device;
  unsigned int flags = 0;
  bool fromMmap = false;
  bool isStatic = false;   // a __device__ variable: device memory nobody frees
  bool isConstant = false; // a __constant__ variable
};

class MemoryTracker {
public:
  cudaError_t allocate(size_t size, MemoryKind kind, unsigned int flags, void **out);
  // Frees an allocation that starts at `base`, if its kind is one `free` may release.
  cudaError_t release(void *base, bool hostAllocation);
  cudaError_t registerHost(void *base, size_t size, unsigned int flags);
  // Device memory the program image owns (__device__ and __constant__ variables).
  void addStatic(void *base, size_t size, bool constant);
  cudaError_t unregisterHost(void *base);
  // The allocation containing `address`.
  std::optional<Allocation> find(const void *address);
  // Whether [address, address + size) lies inside one known allocation of any kind: what
  // copies and fills on device-side pointers require.
  bool contains(const void *address, size_t size);
  void releaseAll();

private:
  std::mutex Mutex;
  std::map<const char *, Allocation> Allocations; // by base address
};

MemoryTracker &memory();

// Bytes of memory the machine has in total and has available now.
void systemMemory(size_t *total, size_t *available);

} // namespace drawbridge::runtime
