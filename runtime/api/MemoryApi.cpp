// Memory management: allocation, copies and fills, pointer queries. Device memory is host
// memory on the CPU target, so copies of every kind are memcpy; what remains of CUDA's
// semantics is ordering (stream order, the synchronous calls' implicit synchronisation) and
// argument checking.
#include "api/ApiCall.h"
#include "core/Memory.h"
#include "core/Streams.h"

#include <cstring>
#include <functional>
#include <memory>
#include <vector>

using namespace drawbridge::runtime;

namespace {

constexpr size_t kPitchAlignment = 512;

bool validKind(enum cudaMemcpyKind kind) {
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

std::shared_ptr<Stream> defaultStream() {
  return streams().resolve(nullptr, perThreadDefaultStream());
}

// Runs `work` as a synchronous call on the default stream.
cudaError_t runSynchronously(std::function<void()> work) {
  defaultStream()->runAndWait(std::move(work));
  return observeDeviceFaults();
}

cudaError_t runAsync(cudaStream_t handle, std::function<void()> work) {
  std::shared_ptr<Stream> stream = streams().resolve(handle, perThreadDefaultStream());
  if (!stream)
    return cudaErrorInvalidResourceHandle;
  stream->enqueue(std::move(work));
  return cudaSuccess;
}

// Pointers a copy's direction says are on the device must be memory CUDA knows (device,
// managed, pinned or registered host memory, device variables), as CUDA checks.
cudaError_t checkCopy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  if (!validKind(kind))
    return cudaErrorInvalidMemcpyDirection;
  if (count == 0)
    return cudaSuccess;
  if (!dst || !src)
    return cudaErrorInvalidValue;
  bool deviceDst = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
  bool deviceSrc = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
  if ((deviceDst && !memory().contains(dst, count)) ||
      (deviceSrc && !memory().contains(src, count))) {
    debugLog("copy of %zu bytes: a device-side pointer is not device memory", count);
    return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}

// Ordinary host memory (not allocated or registered with CUDA).
bool pageable(const void *p) { return !memory().find(p); }

// Host memory, pageable or pinned (as opposed to device or managed memory).
bool hostMemory(const void *p) {
  std::optional<Allocation> a = memory().find(p);
  return !a || a->kind == MemoryKind::Host || a->kind == MemoryKind::Registered;
}

// cudaMemcpyAsync as CUDA defines it for pageable memory: a copy between host buffers, or
// into pageable host memory, is complete when the call returns; a copy out of pageable host
// memory has taken the data before the call returns (the caller may reuse the buffer).
cudaError_t copyAsync(void *dst, const void *src, size_t count, cudaStream_t handle) {
  std::shared_ptr<Stream> stream = streams().resolve(handle, perThreadDefaultStream());
  if (!stream)
    return cudaErrorInvalidResourceHandle;
  if (count == 0)
    return cudaSuccess;
  if ((hostMemory(dst) && hostMemory(src)) || pageable(dst)) {
    stream->runAndWait([=] { std::memmove(dst, src, count); });
    return observeDeviceFaults();
  }
  if (pageable(src)) {
    auto staged = std::make_shared<std::vector<char>>(static_cast<const char *>(src),
                                                      static_cast<const char *>(src) + count);
    stream->enqueue([=] { std::memcpy(dst, staged->data(), count); });
    return cudaSuccess;
  }
  stream->enqueue([=] { std::memmove(dst, src, count); });
  return cudaSuccess;
}

// A fill must stay inside memory CUDA knows.
cudaError_t checkFill(void *devPtr, size_t extent) {
  if (extent && !memory().contains(devPtr, extent)) {
    debugLog("memset of %zu bytes at %p: not device memory", extent, devPtr);
    return cudaErrorInvalidValue;
  }
  return cudaSuccess;
}

cudaError_t check2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                    size_t height, enum cudaMemcpyKind kind) {
  if (!validKind(kind))
    return cudaErrorInvalidMemcpyDirection;
  if (width > dpitch || width > spitch)
    return cudaErrorInvalidPitchValue;
  if (width && height && (!dst || !src))
    return cudaErrorInvalidValue;
  return cudaSuccess;
}

void copy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height) {
  for (size_t row = 0; row < height; ++row)
    std::memmove(static_cast<char *>(dst) + row * dpitch,
                 static_cast<const char *>(src) + row * spitch, width);
}

void set2D(void *dst, size_t pitch, int value, size_t width, size_t height) {
  for (size_t row = 0; row < height; ++row)
    std::memset(static_cast<char *>(dst) + row * pitch, value, width);
}

cudaError_t check3D(const cudaMemcpy3DParms *p) {
  if (!p)
    return cudaErrorInvalidValue;
  if (p->srcArray || p->dstArray)
    return cudaErrorNotSupported; // CUDA arrays are not supported on the CPU target yet
  if (!validKind(p->kind))
    return cudaErrorInvalidMemcpyDirection;
  if (p->extent.width > p->srcPtr.pitch || p->extent.width > p->dstPtr.pitch)
    return cudaErrorInvalidPitchValue;
  return cudaSuccess;
}

void copy3D(cudaMemcpy3DParms p) {
  for (size_t z = 0; z < p.extent.depth; ++z)
    for (size_t y = 0; y < p.extent.height; ++y) {
      const char *src = static_cast<const char *>(p.srcPtr.ptr) +
                        ((p.srcPos.z + z) * p.srcPtr.ysize + p.srcPos.y + y) * p.srcPtr.pitch +
                        p.srcPos.x;
      char *dst = static_cast<char *>(p.dstPtr.ptr) +
                  ((p.dstPos.z + z) * p.dstPtr.ysize + p.dstPos.y + y) * p.dstPtr.pitch +
                  p.dstPos.x;
      std::memmove(dst, src, p.extent.width);
    }
}

void set3D(cudaPitchedPtr ptr, int value, cudaExtent extent) {
  for (size_t z = 0; z < extent.depth; ++z)
    for (size_t y = 0; y < extent.height; ++y)
      std::memset(static_cast<char *>(ptr.ptr) + (z * ptr.ysize + y) * ptr.pitch, value,
                  extent.width);
}

size_t alignedPitch(size_t width) {
  return (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
}

} // namespace

extern "C" {

cudaError_t cudaMalloc(void **devPtr, size_t size) {
  return apiCall([&] {
    if (!devPtr)
      return cudaErrorInvalidValue;
    if (size == 0) {
      *devPtr = nullptr;
      return cudaSuccess;
    }
    return memory().allocate(size, MemoryKind::Device, 0, devPtr);
  });
}

cudaError_t cudaFree(void *devPtr) {
  return apiCall([&] {
    if (!devPtr)
      return cudaSuccess;
    // Like CUDA, freeing waits for the work that may still use the memory.
    streams().synchronizeAll();
    if (cudaError_t sticky = observeDeviceFaults(); sticky != cudaSuccess)
      return sticky;
    return memory().release(devPtr, false);
  });
}

cudaError_t cudaMallocHost(void **ptr, size_t size) {
  return apiCall([&] {
    if (!ptr)
      return cudaErrorInvalidValue;
    return memory().allocate(size, MemoryKind::Host, cudaHostAllocDefault, ptr);
  });
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) {
  return apiCall([&] {
    constexpr unsigned int kValid =
        cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined;
    if (!pHost || (flags & ~kValid))
      return cudaErrorInvalidValue;
    return memory().allocate(size, MemoryKind::Host, flags, pHost);
  });
}

cudaError_t cudaFreeHost(void *ptr) {
  return apiCall([&] {
    if (!ptr)
      return cudaSuccess;
    streams().synchronizeAll();
    return memory().release(ptr, true);
  });
}

cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost, unsigned int flags) {
  return apiCall([&] {
    if (!pDevice || flags != 0)
      return cudaErrorInvalidValue;
    std::optional<Allocation> a = memory().find(pHost);
    if (!a || (a->kind != MemoryKind::Host && a->kind != MemoryKind::Registered))
      return cudaErrorInvalidValue;
    *pDevice = pHost; // one address space: the device sees host memory where it is
    return cudaSuccess;
  });
}

cudaError_t cudaHostGetFlags(unsigned int *pFlags, void *pHost) {
  return apiCall([&] {
    if (!pFlags)
      return cudaErrorInvalidValue;
    std::optional<Allocation> a = memory().find(pHost);
    if (!a || a->kind != MemoryKind::Host)
      return cudaErrorInvalidValue;
    *pFlags = a->flags | cudaHostAllocMapped;
    return cudaSuccess;
  });
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) {
  return apiCall([&] {
    constexpr unsigned int kValid = cudaHostRegisterPortable | cudaHostRegisterMapped |
                                    cudaHostRegisterIoMemory | cudaHostRegisterReadOnly;
    if (!ptr || size == 0 || (flags & ~kValid))
      return cudaErrorInvalidValue;
    return memory().registerHost(ptr, size, flags);
  });
}

cudaError_t cudaHostUnregister(void *ptr) {
  return apiCall([&] {
    if (!ptr)
      return cudaErrorInvalidValue;
    return memory().unregisterHost(ptr);
  });
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags) {
  return apiCall([&] {
    if (!devPtr || size == 0 || (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost))
      return cudaErrorInvalidValue;
    return memory().allocate(size, MemoryKind::Managed, flags, devPtr);
  });
}

cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width, size_t height) {
  return apiCall([&] {
    if (!devPtr || !pitch)
      return cudaErrorInvalidValue;
    *pitch = alignedPitch(width);
    if (width == 0 || height == 0) {
      *devPtr = nullptr;
      return cudaSuccess;
    }
    return memory().allocate(*pitch * height, MemoryKind::Device, 0, devPtr);
  });
}

cudaError_t cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr, struct cudaExtent extent) {
  return apiCall([&] {
    if (!pitchedDevPtr)
      return cudaErrorInvalidValue;
    size_t pitch = alignedPitch(extent.width);
    *pitchedDevPtr = cudaPitchedPtr{nullptr, pitch, extent.width, extent.height};
    size_t bytes = pitch * extent.height * extent.depth;
    if (bytes == 0)
      return cudaSuccess;
    return memory().allocate(bytes, MemoryKind::Device, 0, &pitchedDevPtr->ptr);
  });
}

cudaError_t cudaMemGetInfo(size_t *free, size_t *total) {
  return apiCall([&] {
    if (!free || !total)
      return cudaErrorInvalidValue;
    systemMemory(total, free);
    return cudaSuccess;
  });
}

cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes, const void *ptr) {
  return apiCall([&] {
    if (!attributes)
      return cudaErrorInvalidValue;
    *attributes =
        cudaPointerAttributes{cudaMemoryTypeUnregistered, cudaInvalidDeviceId, nullptr, nullptr};
    void *p = const_cast<void *>(ptr);
    std::optional<Allocation> a = memory().find(ptr);
    if (!a) {
      attributes->hostPointer = p; // not checked, as CUDA does not check unregistered memory
      return cudaSuccess;
    }
    attributes->device = 0;
    switch (a->kind) {
    case MemoryKind::Device:
      attributes->type = cudaMemoryTypeDevice;
      attributes->devicePointer = p;
      break;
    case MemoryKind::Managed:
      attributes->type = cudaMemoryTypeManaged;
      attributes->devicePointer = p;
      attributes->hostPointer = p;
      break;
    case MemoryKind::Host:
    case MemoryKind::Registered:
      attributes->type = cudaMemoryTypeHost;
      attributes->devicePointer = p;
      attributes->hostPointer = p;
      break;
    }
    return cudaSuccess;
  });
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind) {
  return apiCall([&] {
    if (cudaError_t e = checkCopy(dst, src, count, kind); e != cudaSuccess)
      return e;
    if (count == 0)
      return cudaSuccess;
    return runSynchronously([=] { std::memmove(dst, src, count); });
  });
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream) {
  return apiCall([&] {
    if (cudaError_t e = checkCopy(dst, src, count, kind); e != cudaSuccess)
      return e;
    return copyAsync(dst, src, count, stream);
  });
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width,
                         size_t height, enum cudaMemcpyKind kind) {
  return apiCall([&] {
    if (cudaError_t e = check2D(dst, dpitch, src, spitch, width, height, kind); e != cudaSuccess)
      return e;
    return runSynchronously([=] { copy2D(dst, dpitch, src, spitch, width, height); });
  });
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch,
                              size_t width, size_t height, enum cudaMemcpyKind kind,
                              cudaStream_t stream) {
  return apiCall([&] {
    if (cudaError_t e = check2D(dst, dpitch, src, spitch, width, height, kind); e != cudaSuccess)
      return e;
    return runAsync(stream, [=] { copy2D(dst, dpitch, src, spitch, width, height); });
  });
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) {
  return apiCall([&] {
    if (cudaError_t e = check3D(p); e != cudaSuccess)
      return e;
    return runSynchronously([params = *p] { copy3D(params); });
  });
}

cudaError_t cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p, cudaStream_t stream) {
  return apiCall([&] {
    if (cudaError_t e = check3D(p); e != cudaSuccess)
      return e;
    return runAsync(stream, [params = *p] { copy3D(params); });
  });
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src, int srcDevice, size_t count) {
  if (dstDevice != 0 || srcDevice != 0)
    return apiCall([] { return cudaErrorInvalidDevice; });
  return cudaMemcpy(dst, src, count, cudaMemcpyDefault);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src, int srcDevice,
                                size_t count, cudaStream_t stream) {
  if (dstDevice != 0 || srcDevice != 0)
    return apiCall([] { return cudaErrorInvalidDevice; });
  return cudaMemcpyAsync(dst, src, count, cudaMemcpyDefault, stream);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count) {
  return apiCall([&] {
    if (cudaError_t e = checkFill(devPtr, count); e != cudaSuccess)
      return e;
    if (count == 0)
      return cudaSuccess;
    return runSynchronously([=] { std::memset(devPtr, value, count); });
  });
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream) {
  return apiCall([&] {
    if (cudaError_t e = checkFill(devPtr, count); e != cudaSuccess)
      return e;
    return runAsync(stream, [=] { std::memset(devPtr, value, count); });
  });
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width, size_t height) {
  return apiCall([&] {
    if (width > pitch)
      return cudaErrorInvalidPitchValue;
    if (width && height)
      if (cudaError_t e = checkFill(devPtr, (height - 1) * pitch + width); e != cudaSuccess)
        return e;
    return runSynchronously([=] { set2D(devPtr, pitch, value, width, height); });
  });
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value, size_t width, size_t height,
                              cudaStream_t stream) {
  return apiCall([&] {
    if (width > pitch)
      return cudaErrorInvalidPitchValue;
    if (width && height)
      if (cudaError_t e = checkFill(devPtr, (height - 1) * pitch + width); e != cudaSuccess)
        return e;
    return runAsync(stream, [=] { set2D(devPtr, pitch, value, width, height); });
  });
}

cudaError_t cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value, struct cudaExtent extent) {
  return apiCall([&] {
    if (extent.width > pitchedDevPtr.pitch)
      return cudaErrorInvalidPitchValue;
    if (extent.width && extent.height && extent.depth)
      if (cudaError_t e = checkFill(pitchedDevPtr.ptr,
                                    ((extent.depth - 1) * pitchedDevPtr.ysize + extent.height - 1) *
                                            pitchedDevPtr.pitch +
                                        extent.width);
          e != cudaSuccess)
        return e;
    return runSynchronously([=] { set3D(pitchedDevPtr, value, extent); });
  });
}

cudaError_t cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                              struct cudaExtent extent, cudaStream_t stream) {
  return apiCall([&] {
    if (extent.width > pitchedDevPtr.pitch)
      return cudaErrorInvalidPitchValue;
    if (extent.width && extent.height && extent.depth)
      if (cudaError_t e = checkFill(pitchedDevPtr.ptr,
                                    ((extent.depth - 1) * pitchedDevPtr.ysize + extent.height - 1) *
                                            pitchedDevPtr.pitch +
                                        extent.width);
          e != cudaSuccess)
        return e;
    return runAsync(stream, [=] { set3D(pitchedDevPtr, value, extent); });
  });
}

// Prefetching and advice tune page migration between host and GPU memory; on the CPU target
// managed memory never moves, so only the arguments are checked.
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count, int dstDevice,
                                 cudaStream_t stream) {
  return apiCall([&] {
    std::optional<Allocation> a = memory().find(devPtr);
    if (!a || a->kind != MemoryKind::Managed || count > a->size)
      return cudaErrorInvalidValue;
    if (dstDevice != 0 && dstDevice != cudaCpuDeviceId)
      return cudaErrorInvalidDevice;
    return streams().resolve(stream, perThreadDefaultStream()) ? cudaSuccess
                                                               : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaMemAdvise(const void *devPtr, size_t count, enum cudaMemoryAdvise advice,
                          int device) {
  return apiCall([&] {
    std::optional<Allocation> a = memory().find(devPtr);
    if (!a || a->kind != MemoryKind::Managed || count > a->size)
      return cudaErrorInvalidValue;
    if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
      return cudaErrorInvalidValue;
    return device == 0 || device == cudaCpuDeviceId ? cudaSuccess : cudaErrorInvalidDevice;
  });
}

} // extern "C"
