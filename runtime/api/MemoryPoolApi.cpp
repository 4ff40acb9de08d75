// The stream-ordered allocator: cudaMallocAsync, cudaFreeAsync and the memory pool API. The
// device has one pool, its default (there is no cudaMemPoolCreate yet), which takes its memory
// from the same allocator as cudaMalloc, so an allocation is ready at once, which satisfies
// stream order for any later use, and a free happens when the stream gets to it. The pool keeps
// the attributes it is given (a release threshold has nothing to hold on a CPU, whose freed
// memory goes back to the C library) and counts the bytes its allocations hold, with a high
// mark, for the attributes that report them.
#include "api/ApiCall.h"
#include "core/Memory.h"
#include "core/Streams.h"

#include <algorithm>
#include <cstdint>
#include <mutex>

using namespace drawbridge::runtime;

namespace {

struct DefaultPool {
  std::mutex mutex;
  int reuse[3] = {1, 1, 1}; // cudaMemPoolReuse* (attributes 1 to 3), enabled by default
  uint64_t releaseThreshold = 0;
  uint64_t used = 0, usedHigh = 0;

  void take(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex);
    used += bytes;
    usedHigh = std::max(usedHigh, used);
  }
  void give(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex);
    used -= std::min(used, bytes);
  }
};

DefaultPool &defaultPool() {
  static DefaultPool *pool = new DefaultPool;
  return *pool;
}

cudaMemPool_t defaultPoolHandle() { return reinterpret_cast<cudaMemPool_t>(&defaultPool()); }

cudaError_t allocate(void **ptr, size_t size, cudaStream_t stream) {
  if (!ptr)
    return cudaErrorInvalidValue;
  if (!streams().resolve(stream, perThreadDefaultStream()))
    return cudaErrorInvalidResourceHandle;
  if (size == 0) {
    *ptr = nullptr;
    return cudaSuccess;
  }
  cudaError_t error = memory().allocate(size, MemoryKind::Device, 0, ptr);
  if (error == cudaSuccess)
    defaultPool().take(size);
  return error;
}

} // namespace

extern "C" {

cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream) {
  return apiCall([&] { return allocate(devPtr, size, hStream); });
}

cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool,
                                    cudaStream_t stream) {
  return apiCall([&] {
    if (memPool != defaultPoolHandle())
      return cudaErrorInvalidValue;
    return allocate(ptr, size, stream);
  });
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream) {
  return apiCall([&] {
    if (!devPtr)
      return cudaSuccess;
    std::optional<Allocation> a = memory().find(devPtr);
    if (!a || a->base != devPtr || a->kind != MemoryKind::Device)
      return cudaErrorInvalidValue;
    std::shared_ptr<Stream> stream = streams().resolve(hStream, perThreadDefaultStream());
    if (!stream)
      return cudaErrorInvalidResourceHandle;
    size_t bytes = a->size;
    stream->enqueue([devPtr, bytes] {
      if (memory().release(devPtr, false) == cudaSuccess)
        defaultPool().give(bytes);
    });
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) {
  return apiCall([&] {
    if (!memPool)
      return cudaErrorInvalidValue;
    if (device != 0)
      return cudaErrorInvalidDevice;
    *memPool = defaultPoolHandle();
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) {
  return cudaDeviceGetDefaultMemPool(memPool, device);
}

cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
  return apiCall([&] {
    if (device != 0)
      return cudaErrorInvalidDevice;
    return memPool == defaultPoolHandle() ? cudaSuccess : cudaErrorInvalidValue;
  });
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) {
  return apiCall([&] {
    if (memPool != defaultPoolHandle() || !value)
      return cudaErrorInvalidValue;
    DefaultPool &pool = defaultPool();
    std::lock_guard<std::mutex> lock(pool.mutex);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
      pool.reuse[attr - 1] = *static_cast<int *>(value);
      return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold:
      pool.releaseThreshold = *static_cast<uint64_t *>(value);
      return cudaSuccess;
    // The high marks can only be reset, to the current amount, by setting them to 0.
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
      if (*static_cast<uint64_t *>(value) != 0)
        return cudaErrorInvalidValue;
      pool.usedHigh = pool.used;
      return cudaSuccess;
    default:
      return cudaErrorInvalidValue;
    }
  });
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) {
  return apiCall([&] {
    if (memPool != defaultPoolHandle() || !value)
      return cudaErrorInvalidValue;
    DefaultPool &pool = defaultPool();
    std::lock_guard<std::mutex> lock(pool.mutex);
    switch (attr) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
      *static_cast<int *>(value) = pool.reuse[attr - 1];
      return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold:
      *static_cast<uint64_t *>(value) = pool.releaseThreshold;
      return cudaSuccess;
    // The pool reserves what its allocations use: it keeps no memory of its own.
    case cudaMemPoolAttrReservedMemCurrent:
    case cudaMemPoolAttrUsedMemCurrent:
      *static_cast<uint64_t *>(value) = pool.used;
      return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
      *static_cast<uint64_t *>(value) = pool.usedHigh;
      return cudaSuccess;
    default:
      return cudaErrorInvalidValue;
    }
  });
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t) {
  return apiCall(
      [&] { return memPool == defaultPoolHandle() ? cudaSuccess : cudaErrorInvalidValue; });
}

} // extern "C"
